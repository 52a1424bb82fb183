import { PRICE_LIST_KEEP_DAYS } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { branchOverrides, branchTitle, listBranches, type Branch } from '../branches/index.js';
import { atBranchList, diffLists, itemsOf, type ListContent, type MainList } from './price-list-content.js';
import { readCurrentList } from './price-list.repository.js';
import { insertVersion, latestVersion, pruneVersions, type ListScope, type VersionRow } from './versions.repository.js';

export interface CurrentList {
  version: VersionRow;
  content: ListContent;
}

/** Whose list: the owner's main branch, or one of its extra branches (features/branches). */
export interface ListAt {
  userId: number;
  branch?: Branch;
}

const DAY = 24 * 60 * 60 * 1000;
const scopeOf = (at: ListAt): ListScope => ({ userId: at.userId, branchId: at.branch?.id });

/** The list at an extra branch: the main one with the branch's name, address, prices and products (price-list-content.ts). */
async function branchContent(db: DB, main: MainList, branch: Branch): Promise<ListContent> {
  const overrides = await branchOverrides(db, branch.id, itemsOf(main.content).map((i) => i.id));
  const business = { name: branchTitle(main.content.business.name, branch), address: branch.address, slug: branch.slug };
  return atBranchList(main, business, overrides);
}

/** The list as it stands now at `at` (undefined: an owner without a public address). */
async function contentAt(db: DB, at: ListAt): Promise<ListContent | undefined> {
  const main = await readCurrentList(db, at.userId);
  if (!main) return undefined;
  return at.branch ? branchContent(db, main, at.branch) : main.content;
}

/** Records `content` as the scope's new version when it differs from its latest one. */
async function recordContent(db: DB, scope: ListScope, content: ListContent, now: Date): Promise<CurrentList | undefined> {
  const json = JSON.stringify(content);
  for (let attempt = 0; attempt < 3; attempt++) {
    const latest = await latestVersion(db, scope);
    if (latest && latest.content === json) return { version: latest, content };
    const { changes, priceChanges } = diffLists(latest ? (JSON.parse(latest.content) as ListContent) : null, content);
    const row = {
      user_id: scope.userId,
      version: (latest?.version ?? 0) + 1,
      created_at: now.toISOString(),
      changes,
      price_changes: priceChanges,
      products: itemsOf(content).length,
      content: json,
    };
    try {
      await insertVersion(db, scope, row);
    } catch {
      continue; // a parallel request recorded this version first: read it again
    }
    await pruneVersions(db, scope, new Date(now.getTime() - PRICE_LIST_KEEP_DAYS * DAY).toISOString(), row.version);
    return { version: { id: 0, ...row }, content };
  }
  return undefined;
}

/** After an owner's write, the lists are compared this long after the last write of a burst… */
export const SYNC_DELAY_MS = 1000;
/** …and never later than this after the first. */
export const SYNC_MAX_DELAY_MS = 5000;

type Pending = { timer: NodeJS.Timeout; first: number; run: () => Promise<void> };
/** Comparisons waiting, per database handle and owner. */
const PENDING = new WeakMap<DB, Map<number, Pending>>();

/**
 * After an owner's write: every list of the account is compared (`syncAllVersions`, a version
 * recorded where one differs) SYNC_DELAY_MS after the last write of a burst, at most
 * SYNC_MAX_DELAY_MS after the first — an owner who edits forty products in a row gets one version
 * with the forty changes, not forty versions, and the forty answers do not each read and compare
 * the whole menu. Every read of a list runs a comparison still waiting first (`syncVersion`), so
 * nothing an owner reads ever misses a change; `flushVersionSyncs` runs what waits (the app's close).
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
    await syncAllVersions(db, userId, now()).catch(onError);
  };
  const timer = setTimeout(() => void run(), Math.max(0, Math.min(SYNC_DELAY_MS, first + SYNC_MAX_DELAY_MS - t)));
  timer.unref();
  waiting.set(userId, { timer, first, run });
}

/** Runs the comparison waiting for `userId` (every one without), now. */
export async function flushVersionSyncs(db: DB, userId?: number): Promise<void> {
  const waiting = PENDING.get(db);
  if (!waiting) return;
  const runs = userId === undefined ? [...waiting.values()] : [waiting.get(userId)].filter((p) => p !== undefined);
  for (const p of runs) clearTimeout(p.timer);
  await Promise.all(runs.map((p) => p.run()));
}

/**
 * The current list of the main branch or of an extra branch, recorded as a new dated version when
 * it differs from that list's latest one (a price, name or amount changed, a product came or went).
 * Called before every read (after the comparison still waiting from the owner's writes), so no
 * change goes unversioned; versions older than two years are dropped. Undefined for an owner
 * without a public address (no list yet).
 */
export async function syncVersion(db: DB, at: ListAt, now: Date): Promise<CurrentList | undefined> {
  await flushVersionSyncs(db, at.userId);
  const content = await contentAt(db, at);
  return content && recordContent(db, scopeOf(at), content, now);
}

/**
 * After a burst of owner writes (`syncVersionSoon`): every list of the account — the main branch's and each extra branch's
 * (a shared product's change reaches them all; a branch's override, its own) — read from one
 * reading of the menu.
 */
export async function syncAllVersions(db: DB, userId: number, now: Date): Promise<void> {
  const main = await readCurrentList(db, userId);
  if (!main) return;
  await recordContent(db, { userId }, main.content, now);
  for (const branch of await listBranches(db, userId)) {
    await recordContent(db, { userId, branchId: branch.id }, await branchContent(db, main, branch), now);
  }
}

/**
 * The current list at `at` and the date it shows, without writing (the diners' public page: a GET
 * records nothing). The date is the latest version's when the list still matches it; a change not
 * yet recorded (made outside the owner's API) shows `now`, and is recorded by the owner's next write or read.
 */
export async function readList(db: DB, at: ListAt, now: Date): Promise<{ content: ListContent; updatedAt: string } | undefined> {
  const content = await contentAt(db, at);
  if (!content) return undefined;
  const latest = await latestVersion(db, scopeOf(at));
  return { content, updatedAt: latest && latest.content === JSON.stringify(content) ? latest.created_at : now.toISOString() };
}
