import { ADMIN_TOTAL_CAP, kurusToTl, type AdminCategoryRow, type AdminListQuery, type AdminProductRow } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { variantsOf } from '../catalog/index.js';
import { catalogTotal, idIn, inOrder, keyContains, listWindow, mixedWordMatches, nameMatches, nameSortedPage, ordered, searchTerms } from './admin-list.js';

const num = (v: unknown) => Number(v ?? 0);

/** Businesses whose name, owner name or slug contains every word of the `business` filter. */
function businessesMatching(db: DB, words: string[]) {
  return db
    .selectFrom('settings as bs')
    .select('bs.user_id')
    .where((eb) => eb.and(words.map((w) => keyContains(db, eb, 'bs', 'settings', w))));
}

/**
 * Every business's categories and products, one page at a time, for the admin. `q` matches the
 * category's or product's own name (folded, every word), the `business` filter the business name,
 * owner name or slug. Names sort by their folded form (Ç with C),
 * the business by its name, then the business, then id (the database walks the settings index and
 * each business's rows). Without search, `total` comes from the counts kept by triggers; with one,
 * it counts the matches up to ADMIN_TOTAL_CAP (`capped` past it).
 */
const CATEGORY_SORT: Record<AdminListQuery<'categories'>['sort'], string | string[]> = {
  id: 'c.id',
  name: 'c.search_key',
  companyname: ['s.companyname', 's.user_id'],
  count: 'c.count',
  status: 'c.status',
  created_at: 'c.created_at',
};

export async function listAllCategories(db: DB, query: AdminListQuery<'categories'>): Promise<{ categories: AdminCategoryRow[]; total: number; capped: boolean }> {
  const words = searchTerms(query.q);
  const { status } = query.filters;
  const business = searchTerms(query.text.business ?? '');
  const filtered = db
    .selectFrom('categories as c')
    .$if(business.length > 0, (qb) => qb.where('c.user_id', 'in', businessesMatching(db, business)))
    .$if(status != null, (qb) => qb.where('c.status', '=', status!))
    .$if(words.length > 0, (qb) => qb.where((eb) => nameMatches(db, eb, 'c', 'categories', words)));
  const { total, capped } = await catalogTotal(db, 'categories', filtered, { words, business, status });
  const w = listWindow(total, query.page, query.per_page, capped);
  if (w.limit === 0) return { categories: [], total, capped };
  const page = ordered(
    filtered
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('settings as s', 's.user_id', 'c.user_id')
      .select(['c.id', 'c.user_id', 'c.name', 'c.description', 'c.image', 'c.count', 'c.status', 'c.created_at', 's.companyname', 'u.name as owner_name']),
    CATEGORY_SORT[query.sort],
    'c.id',
    query.dir,
    w,
  );
  const rows = inOrder(await page.execute(), w);
  const counts = new Map<number, number>();
  if (rows.length) {
    const ids = rows.map((r) => r.id);
    const grouped = await db.selectFrom('products').select(['category_id', (eb) => eb.fn.countAll<number>().as('n')]).where('category_id', 'in', ids).groupBy('category_id').execute();
    for (const g of grouped) counts.set(g.category_id, num(g.n));
  }
  return {
    total,
    capped,
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

const PRODUCT_SORT: Record<AdminListQuery<'products'>['sort'], string | string[]> = {
  id: 'p.id',
  name: 'p.search_key',
  category: 'p.category_key',
  companyname: ['s.companyname', 's.user_id'],
  selling_price: 'p.selling_price',
  status: 'p.status',
  created_at: 'p.created_at',
};

/** One page of every business's products, with category and business; prices in TL. */
export async function listAllProducts(db: DB, query: AdminListQuery<'products'>): Promise<{ products: AdminProductRow[]; total: number; capped: boolean }> {
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
      .$if(words.length > 0, (qb) => qb.where((eb) => (known ? idIn('p', known) : nameMatches(db, eb, 'p', 'products', words, dense))));
  const filtered = filteredBy(false);
  const { total, capped } = listed
    ? { total: Math.min(listed.length, ADMIN_TOTAL_CAP), capped: listed.length > ADMIN_TOTAL_CAP }
    : await catalogTotal(db, 'products', filtered, { words, business, status });
  const w = listWindow(total, query.page, query.per_page, capped);
  if (w.limit === 0) return { products: [], total, capped };
  // name words alone, sorted by name: the page's ids first, from the (search_key, id) index
  const byName = query.sort === 'name' && words.length > 0 && !business.length && status == null && !known ? nameSortedPage(db, words, capped, query.dir, w) : undefined;
  const page = ordered(
    (byName ? db.selectFrom(byName.as('m') as any).innerJoin('products as p', 'p.id', 'm.id') : filteredBy(capped))
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
      ]),
    byName ? 'm.search_key' : PRODUCT_SORT[query.sort],
    byName ? 'm.id' : 'p.id',
    query.dir,
    byName ? { ...w, offset: 0 } : w,
  );
  const rows = inOrder(await page.execute(), w);
  return {
    total,
    capped,
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
