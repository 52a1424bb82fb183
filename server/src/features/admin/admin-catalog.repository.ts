import { ADMIN_TOTAL_CAP, kurusToTl, type AdminCategoryRow, type AdminListQuery, type AdminProductRow } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { variantsOf } from '../catalog/index.js';
import { all, catalogTotal, idIn, keyContains, mixedWordMatches, nameMatches, searchTerms } from './admin-list.js';
import { keysetPage, type KeyPart, type SortKey } from './admin-list-keyset.js';

const num = (v: unknown) => Number(v ?? 0);
const int = (column: string): KeyPart => ({ column, type: 'int' });
const text = (column: string): KeyPart => ({ column, type: 'text' });

/** Businesses whose name, owner name or slug contains every word of the `business` filter. */
function businessesMatching(db: DB, words: string[]) {
  return db
    .selectFrom('settings as bs')
    .select('bs.user_id')
    .where(all(words.map((w) => keyContains(db, 'bs', 'settings', w))));
}

/**
 * Every business's categories and products, one page at a time, for the admin. `q` matches the
 * category's or product's own name (folded, every word), the `business` filter the business name,
 * owner name or slug. Names sort in Turkish order by their sort key (`name_key`: Ç after C),
 * the business by its name's key (`company_key`, copied onto each row by triggers), then the
 * business, then id: every order is a walk of one index of the list's own table. Without search, `total` comes from the counts kept by triggers; with
 * one, it counts the matches up to ADMIN_TOTAL_CAP (`capped` past it). Pages by keyset.
 */
const CATEGORY_SORT: Record<AdminListQuery<'categories'>['sort'], SortKey> = {
  id: [int('c.id')],
  name: [text('c.name_key'), int('c.id')],
  companyname: [text('c.company_key'), int('c.user_id'), int('c.id')],
  count: [int('c.count'), int('c.id')],
  status: [text('c.status'), int('c.id')],
  created_at: [text('c.created_at'), int('c.id')],
};

const pageRequest = (query: AdminListQuery<'categories' | 'products'>, total: number, capped: boolean) => ({
  page: query.page,
  perPage: query.per_page,
  dir: query.dir,
  sort: query.sort,
  total,
  capped,
  after: query.after,
  before: query.before,
});

export async function listAllCategories(
  db: DB,
  query: AdminListQuery<'categories'>,
): Promise<{ categories: AdminCategoryRow[]; total: number; capped: boolean; next?: string; prev?: string }> {
  const words = searchTerms(query.q);
  const { status } = query.filters;
  const business = searchTerms(query.text.business ?? '');
  const filteredBy = (dense: boolean) =>
    db
      .selectFrom('categories as c')
      .$if(business.length > 0, (qb) => qb.where('c.user_id', 'in', businessesMatching(db, business)))
      .$if(status != null, (qb) => qb.where('c.status', '=', status!))
      .$if(words.length > 0, (qb) => qb.where(nameMatches(db, 'c', 'categories', words, dense)));
  const { total, capped } = await catalogTotal(db, 'categories', filteredBy(false), { words, business, status });
  const filtered = filteredBy(capped);
  // the page's ids first, on categories alone (a walk of the sort's index), then their rows
  const { rows: ids, next, prev } = await keysetPage(filtered, filtered.select('c.id'), CATEGORY_SORT[query.sort], pageRequest(query, total, capped));
  const found = ids.length
    ? await db
        .selectFrom('categories as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .innerJoin('settings as s', 's.user_id', 'c.user_id')
        .select(['c.id', 'c.user_id', 'c.name', 'c.description', 'c.image', 'c.count', 'c.status', 'c.created_at', 's.companyname', 'u.name as owner_name'])
        .where('c.id', 'in', ids.map((r) => r.id))
        .execute()
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((r) => byId.get(r.id)!);
  const counts = new Map<number, number>();
  if (rows.length) {
    const ids = rows.map((r) => r.id);
    const grouped = await db.selectFrom('products').select(['category_id', (eb) => eb.fn.countAll<number>().as('n')]).where('category_id', 'in', ids).groupBy('category_id').execute();
    for (const g of grouped) counts.set(g.category_id, num(g.n));
  }
  return {
    total,
    capped,
    next,
    prev,
    categories: rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      name: r.name,
      description: r.description,
      image: r.image,
      count: num(r.count),
      status: r.status,
      created_at: r.created_at,
      companyname: r.companyname || r.owner_name,
      owner_name: r.owner_name,
      product_count: counts.get(r.id) ?? 0,
    })),
  };
}

const PRODUCT_SORT: Record<AdminListQuery<'products'>['sort'], SortKey> = {
  id: [int('p.id')],
  name: [text('p.name_key'), int('p.id')],
  category: [text('p.category_key'), int('p.id')],
  companyname: [text('p.company_key'), int('p.user_id'), int('p.id')],
  // a product priced by its portions only has no price: first in ascending order (index on the coalesce)
  selling_price: [{ column: 'p.selling_price', type: 'int', nullAs: -1 }, int('p.id')],
  status: [text('p.status'), int('p.id')],
  created_at: [text('p.created_at'), int('p.id')],
};

/** One page of every business's products, with category and business; prices in TL. */
export async function listAllProducts(
  db: DB,
  query: AdminListQuery<'products'>,
): Promise<{ products: AdminProductRow[]; total: number; capped: boolean; next?: string; prev?: string }> {
  const words = searchTerms(query.q);
  const { status } = query.filters;
  const business = searchTerms(query.text.business ?? '');
  // SQLite, long and short name words: the matches listed once (up to the cap and one more)
  const listed = !business.length && status == null ? await mixedWordMatches(db, 'products', words) : undefined;
  const known = listed && listed.length <= ADMIN_TOTAL_CAP ? listed : undefined;
  const filteredBy = (dense: boolean) =>
    db
      .selectFrom('products as p')
      .$if(business.length > 0, (qb) => qb.where('p.user_id', 'in', businessesMatching(db, business)))
      .$if(status != null, (qb) => qb.where('p.status', '=', status!))
      .$if(words.length > 0, (qb) => qb.where(known ? idIn('p', known) : nameMatches(db, 'p', 'products', words, dense)));
  const filtered = filteredBy(false);
  const { total, capped } = listed
    ? { total: Math.min(listed.length, ADMIN_TOTAL_CAP), capped: listed.length > ADMIN_TOTAL_CAP }
    : await catalogTotal(db, 'products', filtered, { words, business, status });
  // the page's ids first, on products alone (the database walks the sort's index and stops at the
  // page, whatever it estimates for the joins), then the page's rows with their joins
  const dense = filteredBy(capped);
  const { rows: ids, next, prev } = await keysetPage(dense, dense.select('p.id'), PRODUCT_SORT[query.sort], pageRequest(query, total, capped));
  const found = ids.length
    ? await db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .innerJoin('settings as s', 's.user_id', 'p.user_id')
        .select([
          'p.id',
          'p.user_id',
          'p.category_id',
          'c.name as category_name',
          'p.name',
          'p.description',
          'p.selling_price',
          'p.original_price',
          'p.variants',
          'p.allergen',
          'p.image',
          'p.status',
          'p.created_at',
          's.companyname',
          'u.name as owner_name',
        ])
        .where('p.id', 'in', ids.map((r) => r.id))
        .execute()
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((r) => byId.get(r.id)!);
  return {
    total,
    capped,
    next,
    prev,
    products: rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      category_id: r.category_id,
      category: { name: r.category_name },
      name: r.name,
      description: r.description,
      selling_price: kurusToTl(r.selling_price),
      original_price: kurusToTl(r.original_price),
      variants: variantsOf(r.variants),
      allergen: r.allergen,
      image: r.image,
      status: r.status,
      created_at: r.created_at,
      companyname: r.companyname || r.owner_name,
      owner_name: r.owner_name,
    })),
  };
}
