import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND_TEXT } from '../../texts/auth';

/** Frame of the sign-in and registration screens: brand on top, one centred card. */
export function AuthShell({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2 text-xl font-bold text-brand-800">
        <img src="/favicon.svg" alt="" width="32" height="32" />
        QR Menü
      </Link>
      <main className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-stone-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </main>
      <div className="mt-6 text-sm text-stone-600">{footer}</div>
      <Link to="/" className="mt-3 text-sm text-stone-500 hover:text-stone-800">
        {BRAND_TEXT.backHome}
      </Link>
    </div>
  );
}

/** The outcome of an account step: a green status or an amber alert. */
export function AuthNotice({ tone, children }: { tone: 'ok' | 'problem'; children: ReactNode }) {
  return tone === 'ok' ? (
    <p role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
      {children}
    </p>
  );
}

/** The one next step under a notice, as a full-width button-like link. */
export function AuthAction({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mt-4 inline-flex w-full justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
      {children}
    </Link>
  );
}
