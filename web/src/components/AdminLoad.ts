import { useCallback, useEffect, useState } from 'react';
import { api, type ApiBody } from '../api/client';

/**
 * Loads one admin API resource. `data` stays undefined until a body with status 200 arrives
 * (spec §8: a failed list fetch leaves the loading text on screen; transport errors are toasted
 * by the API client).
 */
export function useAdminLoad<T>(path: string, pick: (body: ApiBody) => T) {
  const [data, setData] = useState<T>();
  const [body, setBody] = useState<ApiBody>();
  const load = useCallback(async () => {
    try {
      const res = await api.get(path);
      setBody(res);
      if (res.status === 200) setData(pick(res));
    } catch {
      // shown by the API client
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, body, reload: load, setData };
}
