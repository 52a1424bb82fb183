import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { ADMIN_LIST_MSG } from '@qrmenu/contract';
import { ValidationError } from '../../platform/errors.js';

/**
 * Keyset paging of the admin lists: a page is the rows after (or before) one row's sort key, read
 * from the `(key…, id)` index, never OFFSET over the rows of the list.
 *
 * - `after=<cursor>` (the answer's `next`) / `before=<cursor>` (its `prev`): a seek from that key.
 * - A page number N (the "go to page" input, first and last): the key of the row just before the
 *   page is read first with a keys-only query (`offset (N-1)·per_page - 1 limit 1`, which the
 *   database answers from the index alone), then the page is a seek from it. Pages in the second
 *   half are found from the end (the order flipped), so the last page costs what the first does.
 */

/** One part of a list's order: a column from the list's typed map and how a cursor carries it. */
export interface KeyPart {
  column: string;
  type: 'text' | 'int';
  /** Stands in for NULL (the expression is then `coalesce(column, nullAs)`, indexed as such). */
  nullAs?: number | string;
}
/** A list's order: its parts, the last of them unique (the id). */
export type SortKey = readonly KeyPart[];
export type KeyValues = ReadonlyArray<string | number>;
type Dir = 'asc' | 'desc';

const flip = (d: Dir): Dir => (d === 'asc' ? 'desc' : 'asc');
export const keyExpr = (p: KeyPart): RawBuilder<unknown> => (p.nullAs == null ? sql`${sql.ref(p.column)}` : sql`coalesce(${sql.ref(p.column)}, ${sql.lit(p.nullAs)})`);
const alias = (i: number) => `k${i}`;

/** The rows after `values` in the order `read` (a row-value comparison the index answers as a seek). */
function seekCondition(key: SortKey, values: KeyValues, read: Dir): RawBuilder<SqlBool> {
  const op = sql.raw(read === 'asc' ? '>' : '<');
  return sql<SqlBool>`(${sql.join(key.map(keyExpr))}) ${op} (${sql.join(values.map((v) => sql`${v}`))})`;
}

/** Selects the key parts as k0…kn and orders by them in `read`. */
function keyed<D, TB extends keyof D, O>(qb: SelectQueryBuilder<D, TB, O>, key: SortKey, read: Dir) {
  // the key columns come back as k0…kn (read by valuesOf); the row type stays the page's own
  let out = qb;
  key.forEach((p, i) => {
    out = out.select(keyExpr(p).as(alias(i)));
  });
  for (const p of key) out = out.orderBy(keyExpr(p), read);
  return out;
}

function valuesOf(row: object, key: SortKey): KeyValues {
  const r = row as Record<string, unknown>;
  return key.map((p, i) => {
    const v = r[alias(i)];
    return p.type === 'int' ? Number(v) : String(v);
  });
}

/** A cursor: the sort's name and the row's key, as base64url JSON. */
export function encodeCursor(sort: string, values: KeyValues): string {
  return Buffer.from(JSON.stringify([sort, ...values]), 'utf8').toString('base64url');
}

/** The key a cursor names, checked against the list's sort (another sort's cursor → 422). */
export function decodeCursor(cursor: string, sort: string, key: SortKey, field: 'after' | 'before'): KeyValues {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const ok =
    Array.isArray(parsed) &&
    parsed.length === key.length + 1 &&
    parsed[0] === sort &&
    key.every((p, i) => {
      const v: unknown = parsed[i + 1];
      return p.type === 'int' ? Number.isSafeInteger(v) : typeof v === 'string' && v.length <= 400;
    });
  if (!ok) throw new ValidationError({ [field]: [ADMIN_LIST_MSG.cursor] }, { status: 422, message: ADMIN_LIST_MSG.invalid });
  return (parsed as unknown[]).slice(1) as KeyValues;
}

export interface PageRequest {
  page: number;
  perPage: number;
  dir: Dir;
  sort: string;
  total: number;
  /** The total is a cap: more rows match (read forwards only). */
  capped?: boolean;
  after?: string;
  before?: string;
}

/** How to read a page: in which order, from which key (exclusive), how many rows; `flipped`: read backwards. */
interface Plan {
  read: Dir;
  from?: KeyValues;
  limit: number;
  flipped: boolean;
}

/**
 * Reads one page. `keysFrom` is the filtered list for the keys-only boundary query (the sort's
 * columns must be reachable in it); `rows` the same filter with the joins and columns of a page.
 * Returns the rows in the asked order and the cursors of the next and previous pages.
 */
export async function keysetPage<D1, TB1 extends keyof D1, O1, D2, TB2 extends keyof D2, O2>(
  keysFrom: SelectQueryBuilder<D1, TB1, O1>,
  rows: SelectQueryBuilder<D2, TB2, O2>,
  key: SortKey,
  req: PageRequest,
): Promise<{ rows: O2[]; next?: string; prev?: string }> {
  const plan = await planOf(keysFrom, key, req);
  if (!plan) return { rows: [] };
  let qb = keyed(rows, key, plan.read);
  if (plan.from) qb = qb.where(seekCondition(key, plan.from, plan.read));
  const read = await qb.limit(plan.limit + 1).execute();
  const more = read.length > plan.limit;
  const page = read.slice(0, plan.limit);
  if (plan.flipped) page.reverse();
  if (!page.length) return { rows: [] };
  const cursor = (row: object) => encodeCursor(req.sort, valuesOf(row, key));
  // forwards: more rows after the page; flipped: more rows before it
  const offset = (req.page - 1) * req.perPage;
  const hasNext = plan.flipped ? req.before != null || offset + page.length < req.total : more;
  const hasPrev = plan.flipped ? more : req.after != null || (req.before == null && offset > 0);
  return { rows: page, ...(hasNext ? { next: cursor(page[page.length - 1]) } : {}), ...(hasPrev ? { prev: cursor(page[0]) } : {}) };
}

async function planOf<D, TB extends keyof D, O>(keysFrom: SelectQueryBuilder<D, TB, O>, key: SortKey, req: PageRequest): Promise<Plan | undefined> {
  const { dir, perPage, total } = req;
  if (req.after != null) return { read: dir, from: decodeCursor(req.after, req.sort, key, 'after'), limit: perPage, flipped: false };
  if (req.before != null) return { read: flip(dir), from: decodeCursor(req.before, req.sort, key, 'before'), limit: perPage, flipped: true };
  const offset = (req.page - 1) * perPage;
  if (offset >= total) return undefined;
  const limit = Math.min(perPage, total - offset);
  if (offset === 0) return { read: dir, limit, flipped: false };
  if (req.capped || offset <= total / 2) {
    const from = await boundary(keysFrom, key, dir, offset - 1);
    return from ? { read: dir, from, limit, flipped: false } : undefined;
  }
  // the second half, from the end: the row after the page in the asked order is the seek's start
  const end = offset + limit;
  if (end >= total) return { read: flip(dir), limit, flipped: true };
  const from = await boundary(keysFrom, key, flip(dir), total - end - 1);
  return from ? { read: flip(dir), from, limit, flipped: true } : undefined;
}

/** The key of the row at `index` in the order `read`: the keys-only query, answered from the index. */
async function boundary<D, TB extends keyof D, O>(keysFrom: SelectQueryBuilder<D, TB, O>, key: SortKey, read: Dir, index: number): Promise<KeyValues | undefined> {
  const row = await keyed(keysFrom, key, read).limit(1).offset(index).executeTakeFirst();
  return row ? valuesOf(row, key) : undefined;
}
