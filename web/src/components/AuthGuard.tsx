import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { api, HttpError } from '../api/client';
import { getToken } from '../api/storage';

type Area = 'user' | 'admin' | 'staff' | 'kitchen' | 'waiter';

/** Who is signed in, as the auth check answered (a staff member: `staff_role` and `business`). */
export interface SignedIn {
  role: string;
  username?: string;
  staff_role?: 'garson' | 'mutfak' | 'yonetici';
  business?: string;
}
type State = { kind: 'loading' } | ({ kind: 'role' } & SignedIn) | { kind: 'failed' };

const SignedInCtx = createContext<SignedIn | null>(null);
/** The signed-in account inside an AuthGuard (null outside one). */
export const useSignedIn = () => useContext(SignedInCtx);

/**
 * Whether `who` may enter `area`: the owner area admits owners and a `yonetici` staff member; the
 * staff home (/personel) admits staff and owners; the kitchen screen (/personel/mutfak) the owner,
 * `mutfak` and `yonetici`, the waiter screen (/personel/garson) the owner, `garson` and `yonetici`.
 */
export function admits(area: Area, who: SignedIn): boolean {
  if (area === 'admin') return who.role === 'admin';
  if (area === 'user') return who.role === 'user' || (who.role === 'staff' && who.staff_role === 'yonetici');
  if (area === 'kitchen' || area === 'waiter') {
    const role = area === 'kitchen' ? 'mutfak' : 'garson';
    return who.role === 'user' || (who.role === 'staff' && (who.staff_role === role || who.staff_role === 'yonetici'));
  }
  return who.role === 'staff' || who.role === 'user';
}

/**
 * Entering /user/* or /admin/*: the auth check runs and `Loading...` shows meanwhile.
 * Role admin → admin area, user → owner area, staff → /personel (a yonetici also the owner area),
 * anything else → /login (spec §4).
 */
export function AuthGuard({ area, children }: { area: Area; children: ReactNode }) {
  const [state, setState] = useState<State>(() => (getToken() ? { kind: 'loading' } : { kind: 'failed' }));

  useEffect(() => {
    if (!getToken()) return;
    let live = true;
    const path = area === 'admin' ? '/api/checkingAdminAuthenticated' : '/api/checkingUserAuthenticated';
    api
      .get(path)
      .then((body) => {
        const who = body as unknown as SignedIn & { status: number };
        if (live) setState(who.status === 200 ? { kind: 'role', role: who.role, username: who.username, staff_role: who.staff_role, business: who.business } : { kind: 'failed' });
      })
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
  if (admits(area, state)) return <SignedInCtx.Provider value={state}>{children}</SignedInCtx.Provider>;
  if (state.role === 'admin') return <Navigate to="/admin" replace />;
  // a staff member on the other role's screen (the kitchen on the waiters'): refused
  if (state.role === 'staff' && (area === 'kitchen' || area === 'waiter')) return <Navigate to="/403" replace />;
  if (state.role === 'staff') return <Navigate to="/personel" replace />;
  if (state.role === 'user') return <Navigate to="/user" replace />;
  return <Navigate to="/login" replace />;
}
