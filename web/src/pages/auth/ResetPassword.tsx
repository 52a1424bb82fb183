import { Link, useSearchParams } from 'react-router';
import { FORGOT_TEXT, RESET_TEXT as T } from '../../texts/account';
import { AuthAction, AuthNotice, AuthShell } from './AuthShell';
import { TokenPasswordDone, TokenPasswordFields, useTokenPassword } from './TokenPassword';

/** /sifre-sifirla?token=…: the new password, typed twice. Success signs the account out everywhere. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const state = useTokenPassword('/api/reset-password', token);
  const { failure, done, submit } = state;

  const footer = (
    <Link to="/sifremi-unuttum" className="font-semibold text-brand-700 hover:underline">
      {T.newLink}
    </Link>
  );

  if (done) return <TokenPasswordDone message={done} T={T} />;
  if (!token || failure) {
    return (
      <AuthShell title={T.title} footer={<Link to="/login" className="font-semibold text-brand-700 hover:underline">{FORGOT_TEXT.backToLogin}</Link>}>
        <AuthNotice tone="problem">{failure ?? T.missingToken}</AuthNotice>
        <AuthAction to="/sifremi-unuttum">{T.newLink}</AuthAction>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={T.title} subtitle={T.subtitle} footer={footer}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TokenPasswordFields state={state} T={T} />
      </form>
    </AuthShell>
  );
}
