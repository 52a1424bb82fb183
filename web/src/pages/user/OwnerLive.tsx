import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { WaiterCall } from '@qrmenu/contract';
import { api } from '../../api/client';
import { followStream, type Connection } from '../../api/liveStream';
import { CALLS_TEXT } from '../../texts/tables';
import type { Answer, viewFeedbackResponseSchema } from '@qrmenu/contract';


interface OwnerLive {
  calls: WaiterCall[];
  connection: Connection;
  /** Server time minus this browser's clock (ms), for the calls' ages. */
  skew: number;
  unreadFeedback: number;
  refreshFeedback(): void;
  closeCall(id: number): Promise<void>;
  /** Enables the chime (browsers allow sound after a user gesture) and plays it once. */
  testSound(): void;
}

const Ctx = createContext<OwnerLive | null>(null);
export const useOwnerLive = () => useContext(Ctx);

/** A short two-tone chime (Web Audio: no sound file to load). */
function chime(ctx: AudioContext) {
  const now = ctx.currentTime;
  for (const [i, f] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = f;
    gain.gain.setValueAtTime(0.0001, now + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.3, now + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + i * 0.18);
    osc.stop(now + i * 0.18 + 0.32);
  }
}

/**
 * The owner area's live state: open waiter calls from the Server-Sent Events stream (read with
 * fetch, so the token travels in the Authorization header, never in the URL), reconnecting after a
 * drop; a chime and the tab title's count on new calls; the unread feedback count.
 */
export function OwnerLiveProvider({ children }: { children: ReactNode }) {
  const [calls, setCalls] = useState<WaiterCall[]>([]);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [skew, setSkew] = useState(0);
  const [unreadFeedback, setUnread] = useState(0);
  const audio = useRef<AudioContext | null>(null);

  // no state change here: a click must not move the page under the pointer
  const enableSound = useCallback(() => {
    try {
      audio.current ??= new AudioContext();
      return audio.current.resume();
    } catch {
      return Promise.resolve(); // no Web Audio
    }
  }, []);
  const testSound = useCallback(() => {
    void enableSound().then(() => audio.current && chime(audio.current));
  }, [enableSound]);

  // browsers allow sound after a user gesture: the first click anywhere in the panel enables it
  useEffect(() => {
    const once = () => void enableSound();
    document.addEventListener('pointerdown', once, { once: true });
    return () => document.removeEventListener('pointerdown', once);
  }, [enableSound]);

  useEffect(
    () =>
      followStream('/api/waiter-calls/stream', '/api/waiter-calls', (event, data) => {
        if (event === 'snapshot') {
          const snapshot = data as { calls: WaiterCall[]; now: string };
          setConnection('live');
          setCalls(snapshot.calls);
          setSkew(new Date(snapshot.now).getTime() - Date.now());
        } else if (event === 'call') {
          const payload = data as WaiterCall;
          setCalls((cs) => (cs.some((c) => c.id === payload.id) ? cs : [...cs, payload]));
          if (audio.current?.state === 'running') chime(audio.current);
        } else if (event === 'done') {
          const payload = data as { id: number };
          setCalls((cs) => cs.filter((c) => c.id !== payload.id));
        }
      }, setConnection),
    [],
  );

  const refreshFeedback = useCallback(() => {
    api.get<Answer<typeof viewFeedbackResponseSchema>>('/api/view-feedback?page=1', { quiet: true }).then((r) => setUnread(Number(r.unread ?? 0)), () => undefined);
  }, []);
  useEffect(() => {
    refreshFeedback();
    const t = setInterval(refreshFeedback, 60_000);
    return () => clearInterval(t);
  }, [refreshFeedback]);

  // the tab title carries the open calls' count, on every owner screen
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(/^\(\d+\) /, '');
      document.title = calls.length ? CALLS_TEXT.titleCount(calls.length) + base : base;
    };
    apply();
    const t = setInterval(apply, 1000);
    return () => clearInterval(t);
  }, [calls.length]);

  const closeCall = useCallback(async (id: number) => {
    const r = await api.post(`/api/waiter-calls/${id}/done`);
    if (r.status === 200 || r.status === 404) setCalls((cs) => cs.filter((c) => c.id !== id));
  }, []);

  const value = useMemo(
    () => ({ calls, connection, skew, unreadFeedback, refreshFeedback, closeCall, testSound }),
    [calls, connection, skew, unreadFeedback, refreshFeedback, closeCall, testSound],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
