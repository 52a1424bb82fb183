import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { api, HttpError } from '../api/client';
import { getToken } from '../api/storage';
import type { Answer, userAuthCheckSchema } from '@qrmenu/contract';

type Area = 'user' | 'admin';
type State = { kind: 'loading' } | { kind: 'role'; role: string } | { kind: 'failed' };

/**
 * Entering /user/* or /admin/*: the auth check runs and `Loading...` shows meanwhile.
 * Role admin → admin area, user → owner area, anything else → /login (spec §4).
 */
export function AuthGuard({ area, children }: { area: Area; children: ReactNode }) {
  const [state, setState] = useState<State>(() => (getToken() ? { kind: 'loading' } : { kind: 'failed' }));

  useEffect(() => {
    if (!getToken()) return;
    let live = true;
    const path = area === 'admin' ? '/api/checkingAdminAuthenticated' : '/api/checkingUserAuthenticated';
    api
      .get<Answer<typeof userAuthCheckSchema>>(path)
      .then((body) => live && setState(body.status === 200 ? { kind: 'role', role: body.role } : { kind: 'failed' }))
      .catch((err) => {
        // 401/403 are handled (toast + redirect) by the API client; anything else → sign-in.
        if (live && !(err instanceof HttpError && (err.httpStatus === 401 || err.httpStatus === 403))) setState({ kind: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [area]);

  if (state.kind === 'loading') {
    return (
      <div className="flex min-h-dvh items-center justify-center text-stone-600" role="status">
        Loading...
      </div>
    );
  }
  if (state.kind === 'failed') return <Navigate to="/login" replace />;
  if (state.role === area) return <>{children}</>;
  if (state.role === 'admin') return <Navigate to="/admin" replace />;
  if (state.role === 'user') return <Navigate to="/user" replace />;
  return <Navigate to="/login" replace />;
}
