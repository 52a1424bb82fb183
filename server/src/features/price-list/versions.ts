import { PRICE_LIST_KEEP_DAYS } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { diffLists, itemsOf, type ListContent } from './price-list-content.js';
import { insertVersion, latestVersion, pruneVersions, readCurrentList, type VersionRow } from './price-list.repository.js';

export interface CurrentList {
  version: VersionRow;
  content: ListContent;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * The owner's current list, recorded as a new dated version when it differs from the latest one
 * (a price, name or amount changed, a product came or went). Called after every owner write and
 * before every read, so no change goes unversioned; versions older than two years are dropped.
 * Undefined for an owner without a public address (no list yet).
 */
export async function syncVersion(db: DB, userId: number, now: Date): Promise<CurrentList | undefined> {
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
