import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { notify } from './notify';
import { VERIFY_BANNER_TEXT as T } from '../texts/account';
import { USER_TOAST } from '../texts/user';
import type { Answer, userAuthCheckSchema, verificationResponseSchema } from '@qrmenu/contract';

const DISMISSED = 'qrmenu_verify_banner_closed';

/** Owner area: an unverified address gets a dismissible reminder with a resend button (closed for this browser session). */
export function VerifyBanner() {
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (sessionStorage.getItem(DISMISSED)) return;
    let live = true;
    api
      .get<Answer<typeof userAuthCheckSchema>>('/api/checkingUserAuthenticated', { quiet: true })
      .then((res) => live && setShow(res.role === 'user' && res.email_verified === false))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!show) return null;
  const close = () => {
    sessionStorage.setItem(DISMISSED, '1');
    setShow(false);
  };
  const resend = async () => {
    setBusy(true);
    try {
      const res = await api.post<Answer<typeof verificationResponseSchema>>('/api/resend-verification');
      if (res.status === 200) notify.success(USER_TOAST.success, res.message);
      if (res.email_verified) setShow(false);
    } catch {
      // 429 and network errors are shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="status" data-testid="verify-banner" className="mb-5 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="min-w-0 flex-1">{T.text}</p>
      <button type="button" onClick={() => void resend()} disabled={busy} className="rounded-lg bg-white px-3 py-1.5 font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 disabled:opacity-60">
        {busy ? T.sending : T.resend}
      </button>
      <button type="button" onClick={close} aria-label={T.dismiss} className="rounded-lg p-1.5 text-amber-800 hover:bg-amber-100">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
