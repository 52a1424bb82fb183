import { useCallback, useEffect, useRef, useState } from 'react';
import { followStream, type Connection } from '../../api/liveStream';
import type { Order, WaiterCall } from '@qrmenu/contract';
import { branchQuery, type BranchChoice } from './BranchPicker';

export type StaffOrder = Order;
export type OrderItem = Order['items'][number];
export type Call = WaiterCall;
export type { Connection };

/** A short two-note chime (Web Audio: no file to load). */
function chime(ctx: AudioContext) {
  for (const [i, f] of [880, 1320].entries()) {
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = f;
    g.gain.setValueAtTime(0.25, ctx.currentTime + i * 0.18);
    g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.18 + 0.3);
    o.connect(g).connect(ctx.destination);
    o.start(ctx.currentTime + i * 0.18);
    o.stop(ctx.currentTime + i * 0.18 + 0.3);
  }
}

/**
 * The business's live orders and waiter calls (`/api/orders/stream`, Server-Sent Events over fetch so
 * the token stays in a header): a snapshot, then each new or moved order, closed tables and calls.
 * Reconnects after 2 s. `sound` plays a chime on each new order (or call, with `callsSound`).
 * `branch`: one branch's (`?branch=`), or every branch the user works at (''); the stream starts
 * once `ready` (the user's branches are known) and starts over when the branch changes.
 */
export function useOrders(opts: { callsSound?: boolean; branch?: BranchChoice; ready?: boolean } = {}) {
  const branch = opts.branch ?? '';
  const ready = opts.ready ?? true;
  const [orders, setOrders] = useState<StaffOrder[]>([]);
  const [calls, setCalls] = useState<Call[]>([]);
  const [connection, setConnection] = useState<Connection>('connecting');
  const audio = useRef<AudioContext | null>(null);
  const enableSound = useCallback(() => {
    audio.current ??= new AudioContext();
    void audio.current.resume();
  }, []);
  const ring = () => {
    if (audio.current?.state === 'running') chime(audio.current);
  };
  useEffect(() => {
    document.addEventListener('pointerdown', enableSound, { once: true });
    return () => document.removeEventListener('pointerdown', enableSound);
  }, [enableSound]);

  useEffect(() => {
    const handle = (event: string, data: unknown) => {
      const payload = data as { orders: StaffOrder[]; masa: number; id: number };
      if (event === 'snapshot') {
        setConnection('live');
        setOrders(payload.orders);
      } else if (event === 'order') {
        const o = data as StaffOrder;
        setOrders((os) => {
          if (!os.some((x) => x.id === o.id) && o.status === 'yeni') ring();
          return [...os.filter((x) => x.id !== o.id), o].sort((a, b) => a.id - b.id);
        });
      } else if (event === 'table-closed') {
        const closed = data as { masa: number; branch_id: number };
        setOrders((os) => os.filter((o) => o.masa !== closed.masa || o.branch_id !== closed.branch_id));
      } else if (event === 'call') {
        setCalls((cs) => (cs.some((c) => c.id === payload.id) ? cs : [...cs, data as Call]));
        if (opts.callsSound) ring();
      } else if (event === 'done') {
        setCalls((cs) => cs.filter((c) => c.id !== payload.id));
      }
    };
    if (!ready) return undefined;
    // the new stream's snapshot replaces the orders of the branch shown before
    return followStream(`/api/orders/stream${branchQuery(branch)}`, `/api/orders${branchQuery(branch)}`, handle, setConnection);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [branch, ready]);

  return { orders, calls, setCalls, connection, enableSound };
}

/** A table of one branch: table 2 of the main branch and table 2 of another are two tables. */
export interface TableKey {
  key: string;
  masa: number;
  branch: number;
}

/** Orders grouped by table (of its branch), the main branch's first, then tables in number order. */
export function byTable(orders: StaffOrder[]): Array<[TableKey, StaffOrder[]]> {
  const m = new Map<string, [TableKey, StaffOrder[]]>();
  for (const o of orders) {
    const key = `${o.branch_id}:${o.masa}`;
    const entry = m.get(key) ?? [{ key, masa: o.masa, branch: o.branch_id }, []];
    entry[1].push(o);
    m.set(key, entry);
  }
  return [...m.values()].sort((a, b) => a[0].branch - b[0].branch || a[0].masa - b[0].masa);
}

export const tl = (n: number) => new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(n);
