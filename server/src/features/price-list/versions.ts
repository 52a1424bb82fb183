import { PRICE_LIST_KEEP_DAYS } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { diffLists, itemsOf, type ListContent } from './price-list-content.js';
import { insertVersion, latestVersion, pruneVersions, readCurrentList, type VersionRow } from './price-list.repository.js';

export interface CurrentList {
  version: VersionRow;
  content: ListContent;
}

const DAY = 24 * 60 * 60 * 1000;

/** After an owner's write, the list is compared this long after the last write of a burst… */
export const SYNC_DELAY_MS = 1000;
/** …and never later than this after the first. */
export const SYNC_MAX_DELAY_MS = 5000;

type Pending = { timer: NodeJS.Timeout; first: number; run: () => Promise<void> };
/** Comparisons waiting, per database handle and owner. */
const PENDING = new WeakMap<DB, Map<number, Pending>>();

/**
 * After an owner's write: the list is compared (and a version recorded) SYNC_DELAY_MS after the
 * last write of a burst, at most SYNC_MAX_DELAY_MS after the first — an owner who edits forty
 * products in a row gets one version with the forty changes, not forty versions, and the forty
 * answers do not each read and compare the whole list. Every read of the list syncs first
 * (`syncVersion`), so nothing an owner reads ever misses a change; `flushVersionSyncs` runs what
 * waits (the app's close).
 */
export function syncVersionSoon(db: DB, userId: number, now: () => Date, onError: (err: unknown) => void): void {
  let waiting = PENDING.get(db);
  if (!waiting) PENDING.set(db, (waiting = new Map<number, Pending>()));
  const before = waiting.get(userId);
  if (before) clearTimeout(before.timer);
  const t = performance.now();
  const first = before?.first ?? t;
  const run = async () => {
    if (waiting.get(userId)?.run !== run) return;
    waiting.delete(userId);
    await syncVersion(db, userId, now()).catch(onError);
  };
  const timer = setTimeout(() => void run(), Math.max(0, Math.min(SYNC_DELAY_MS, first + SYNC_MAX_DELAY_MS - t)));
  timer.unref();
  waiting.set(userId, { timer, first, run });
}

/** Runs every comparison that waits now (the app's close). */
export async function flushVersionSyncs(db: DB): Promise<void> {
  const waiting = PENDING.get(db);
  if (!waiting) return;
  const runs = [...waiting.values()];
  for (const p of runs) clearTimeout(p.timer);
  await Promise.all(runs.map((p) => p.run()));
}

/**
 * The owner's current list, recorded as a new dated version when it differs from the latest one
 * (a price, name or amount changed, a product came or went). Called after a burst of owner writes
 * (`syncVersionSoon`) and before every read, so no change goes unversioned; versions older than
 * two years are dropped. Undefined for an owner without a public address (no list yet).
 */
export async function syncVersion(db: DB, userId: number, now: Date): Promise<CurrentList | undefined> {
  // a comparison waiting for this owner is this one
  const waiting = PENDING.get(db)?.get(userId);
  if (waiting) {
    clearTimeout(waiting.timer);
    PENDING.get(db)?.delete(userId);
  }
  const content = await readCurrentList(db, userId);
  if (!content) return undefined;
  const json = JSON.stringify(content);
  for (let attempt = 0; attempt < 3; attempt++) {
    const latest = await latestVersion(db, userId);
    if (latest && latest.content === json) return { version: latest, content };
    const { changes, priceChanges } = diffLists(latest ? (JSON.parse(latest.content) as ListContent) : null, content);
    const row = {
      user_id: userId,
      version: (latest?.version ?? 0) + 1,
      created_at: now.toISOString(),
      changes,
      price_changes: priceChanges,
      products: itemsOf(content).length,
      content: json,
    };
    try {
      await insertVersion(db, row);
    } catch {
      continue; // a parallel request recorded this version first: read it again
    }
    await pruneVersions(db, userId, new Date(now.getTime() - PRICE_LIST_KEEP_DAYS * DAY).toISOString(), row.version);
    return { version: { id: 0, ...row }, content };
  }
  return undefined;
}

/**
 * The owner's current list and the date it shows, without writing (the diners' public page: a GET
 * records nothing). The date is the latest version's when the list still matches it; a change not
 * yet recorded (made outside the owner's API) shows `now`, and is recorded by the owner's next write or read.
 */
export async function readList(db: DB, userId: number, now: Date): Promise<{ content: ListContent; updatedAt: string } | undefined> {
  const content = await readCurrentList(db, userId);
  if (!content) return undefined;
  const latest = await latestVersion(db, userId);
  return { content, updatedAt: latest && latest.content === JSON.stringify(content) ? latest.created_at : now.toISOString() };
}
