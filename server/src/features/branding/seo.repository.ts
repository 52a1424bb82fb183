import { parseLanguages, type MenuLanguage } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';

/**
 * Read-only queries for search engines and link previews: the picture of a menu, and the active
 * businesses with their active categories for the sitemap. Only what a diner may see: active
 * businesses (settings.status 1) with a public address, active categories and products.
 */

/** The menu's first photo, in menu order: a product's, else a category's; undefined when none. */
export async function firstMenuPhoto(db: DB, userId: number): Promise<string | undefined> {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', userId).on('c.status', '=', '1'))
    .select('p.image')
    .where('p.user_id', '=', userId)
    .where('p.status', '=', '1')
    .where('p.image', 'is not', null)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirst();
  if (product?.image) return product.image;
  const category = await db
    .selectFrom('categories')
    .select('image')
    .where('user_id', '=', userId)
    .where('status', '=', '1')
    .where('image', 'is not', null)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return category?.image ?? undefined;
}

export interface SitemapBusiness {
  userId: number;
  slug: string;
  languages: MenuLanguage[];
  /** Active category ids, in menu order. */
  categories: number[];
}

/** Per active business (by user id): how many active categories it has — the sitemap's size plan. */
export async function sitemapSizes(db: DB): Promise<Array<{ userId: number; languages: number; categories: number }>> {
  const rows = await db
    .selectFrom('settings as s')
    .leftJoin('categories as c', (j) => j.onRef('c.user_id', '=', 's.user_id').on('c.status', '=', '1'))
    .select(['s.user_id', 's.languages', (eb) => eb.fn.count<number | string>('c.id').as('categories')])
    .where('s.status', '=', 1)
    .where('s.companyengname', 'is not', null)
    .where('s.companyengname', '<>', '')
    .groupBy(['s.user_id', 's.languages'])
    .orderBy('s.user_id')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, languages: parseLanguages(r.languages).length, categories: Number(r.categories) }));
}

/**
 * Active businesses with user id in [from, to] after `after`, at most `limit`, in user-id order,
 * each with its active categories (one query for the businesses, one for their categories).
 */
export async function sitemapBusinesses(db: DB, range: { from: number; to: number }, after: number, limit: number): Promise<SitemapBusiness[]> {
  const rows = await db
    .selectFrom('settings')
    .select(['user_id', 'companyengname', 'languages'])
    .where('status', '=', 1)
    .where('companyengname', 'is not', null)
    .where('companyengname', '<>', '')
    .where('user_id', '>=', range.from)
    .where('user_id', '<=', range.to)
    .where('user_id', '>', after)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  if (!rows.length) return [];
  const first = rows[0].user_id;
  const last = rows[rows.length - 1].user_id;
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'user_id'])
    .where('status', '=', '1')
    .where('user_id', '>=', first)
    .where('user_id', '<=', last)
    .orderBy('user_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const byOwner = new Map<number, number[]>();
  for (const c of categories) {
    const list = byOwner.get(c.user_id);
    if (list) list.push(c.id);
    else byOwner.set(c.user_id, [c.id]);
  }
  return rows.map((r) => ({ userId: r.user_id, slug: r.companyengname!, languages: parseLanguages(r.languages), categories: byOwner.get(r.user_id) ?? [] }));
}
