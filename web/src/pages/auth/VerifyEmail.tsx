import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ACCOUNT_FIELD_MSG } from '@qrmenu/contract';
import { api } from '../../api/client';
import { getToken } from '../../api/storage';
import { Spinner } from '../../components/ui';
import { VERIFY_TEXT as T } from '../../texts/account';
import { AuthAction, AuthNotice, AuthShell } from './AuthShell';

type State = { kind: 'working' } | { kind: 'ok'; message: string } | { kind: 'failed'; message: string };

/** /eposta-dogrula?token=…: confirms the address as soon as the link is opened (any browser, signed in or not). */
export default function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'failed', message: ACCOUNT_FIELD_MSG.tokenRequired });
  const sent = useRef(false);

  useEffect(() => {
    // once, even when React runs effects twice in development
    if (!token || sent.current) return;
    sent.current = true;
    api
      .post('/api/verify-email', { token })
      .then((res) => setState(res.status === 200 ? { kind: 'ok', message: res.message ?? '' } : { kind: 'failed', message: res.message ?? ACCOUNT_FIELD_MSG.tokenRequired }))
      .catch(() => setState({ kind: 'failed', message: ACCOUNT_FIELD_MSG.tokenRequired }));
  }, [token]);

  const next = getToken() ? { to: '/user', label: T.toPanel } : { to: '/login', label: T.toLogin };
  const title = state.kind === 'ok' ? T.okTitle : state.kind === 'failed' ? T.failTitle : T.title;
  return (
    <AuthShell title={title} footer={null}>
      {state.kind === 'working' ? (
        <Spinner label={T.working} />
      ) : (
        <>
          <AuthNotice tone={state.kind === 'ok' ? 'ok' : 'problem'}>{state.message}</AuthNotice>
          <AuthAction to={next.to}>{next.label}</AuthAction>
        </>
      )}
    </AuthShell>
  );
}
