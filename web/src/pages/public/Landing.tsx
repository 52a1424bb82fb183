import { Link } from 'react-router';
import { getToken } from '../../api/storage';

/** Landing page: filled in by the public-site issue. */
export default function Landing() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Temassız QR Menü</h1>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/register" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">Kayıt Ol</Link>
        <a href="/qr/demo" className="rounded-lg px-4 py-2 font-semibold ring-1 ring-stone-300">Demo Menü</a>
        <Link to={getToken() ? '/user' : '/login'} className="rounded-lg px-4 py-2 font-semibold ring-1 ring-stone-300">Giriş Yap</Link>
      </div>
    </main>
  );
}
