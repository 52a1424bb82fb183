import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ApiBody } from '../api/client';

/**
 * Loads one admin API resource. `data` stays undefined until a body with status 200 arrives
 * (spec §8: a failed list fetch leaves the loading text on screen; transport errors are toasted
 * by the API client).
 */
export function useAdminLoad<B extends object, T>(path: string, pick: (body: ApiBody<B>) => T) {
  const [data, setData] = useState<T>();
  const [body, setBody] = useState<ApiBody<B>>();
  // the latest pick (callers pass an inline function), without reloading on every render
  const pickRef = useRef(pick);
  useEffect(() => {
    pickRef.current = pick;
  });
  const load = useCallback(async () => {
    try {
      const res = await api.get<B>(path);
      setBody(res);
      if (res.status === 200) setData(pickRef.current(res));
    } catch {
      // shown by the API client
    }
  }, [path]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading on mount: the state is set when the answer arrives
    void load();
  }, [load]);
  return { data, body, reload: load, setData };
}
