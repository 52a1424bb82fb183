import { api } from './client';
import { getToken } from './storage';

/** The state of a live stream: connecting (or reconnecting), live (its snapshot came), offline (retrying). */
export type Connection = 'connecting' | 'live' | 'offline';

/**
 * Follows one of the API's Server-Sent Events streams (`/api/waiter-calls/stream`,
 * `/api/orders/stream`), read with fetch so the token travels in the Authorization header, never
 * in the URL; reconnects 2 s after a drop. Each event goes to `onEvent` with its parsed data;
 * `onConnection` hears 'connecting' before each attempt and 'offline' after a drop (the caller says
 * 'live' on the snapshot). A 401/403 takes the client's usual way (toast, sign-in page) through a
 * plain GET of `fallback`. Returns the function that stops it.
 */
export function followStream(url: string, fallback: string, onEvent: (event: string, data: unknown) => void, onConnection: (c: Connection) => void): () => void {
  let stopped = false;
  let ctrl: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    const token = getToken();
    if (!token || stopped) return;
    ctrl = new AbortController();
    onConnection('connecting');
    try {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: ctrl.signal });
      if (res.status === 401 || res.status === 403) {
        await api.get(fallback).catch(() => undefined);
        return;
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) onEvent(event, JSON.parse(data) as unknown);
        }
      }
    } catch {
      if (stopped) return;
    }
    if (stopped) return;
    onConnection('offline');
    retry = setTimeout(() => void connect(), 2000);
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    ctrl?.abort();
  };
}
