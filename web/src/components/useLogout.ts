import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { clearAuth } from '../api/storage';
import { notify } from './notify';
import { COMMON } from '../texts/common';

/** Logout: clears both storage keys, says so and goes to `/` — even when the call fails. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('/api/logout', {}, { quiet: true });
    } catch {
      // credentials are cleared anyway
    }
    clearAuth();
    notify.success(COMMON.logoutDone);
    void navigate('/');
  };
}
