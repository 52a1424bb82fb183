import { announcedCharge, isAmountUnit, kurusToTl, parseLanguages, planOf, storedHours, type MenuLanguage, provinceName, type PublicCategory, type PublicCompany, type PublicProduct, type PublicSearchProduct } from '@qrmenu/contract';
import { presentContent } from '../catalog/index.js';
import { sql } from 'kysely';
import { dialectOf, type DB } from '../../platform/db/database.js';
import { foldSearchSql } from '../../platform/db/fold.js';
import { all, first, fixedQuery } from '../../platform/db/fixed-query.js';
import type { Settings } from '../../platform/db/schema.js';
import { BRANDING_COLUMNS, presentBranding } from '../branding/index.js';
import type { ScheduledCategory, ScheduledProduct } from './service/service-hours.js';
import { branchOverrides, findBranchBySlug, type Branch } from '../branches/index.js';

/**
 * Read-only queries of the diner's menu. Only what a diner may see: active (status '1')
 * categories and products of an active business (settings.status 1) that has a public address.
 * Never user ids or the owner's personal data; original_price only when it is a campaign price
 * (above selling_price), otherwise it stays private. A text that announces a service or cover
 * charge (written before the rule, contract price-rules.ts) is never shown: an about text or menu
 * note, a description → none; a category, or a product whose name or portion names one → hidden
 * (the owner's welcome screen lists them until edited).
 */

const clean = (text: string | null) => (announcedCharge(text) ? null : text);
const cleanCategory = <C extends PublicCategory>(c: C): C[] => (announcedCharge(c.name) ? [] : [{ ...c, description: clean(c.description) }]);
const cleanProducts = <P extends PublicProduct>(list: P[]): P[] =>
  list.filter((p) => !announcedCharge(p.name) && !p.variants.some((v) => announcedCharge(v.name))).map((p) => ({ ...p, description: clean(p.description) }));

export interface PublicBusiness {
  userId: number;
  /** settings.status: 1 active, 0 passive (the menu is closed). */
  active: boolean;
  company: PublicCompany;
  /** Menu languages besides Turkish. */
  languages: MenuLanguage[];
  /** The extra branch (features/branches) this menu is of; none: the account's main branch. */
  branchId?: number;
  /** At an extra branch: its table count (the main branch's is in its settings). */
  branchDeskcount?: number | null;
}

/**
 * The account's menu at one of its extra branches: the branch's name, address, phone, city, Wi-Fi
 * and hours (none given: the main branch's) over the business; its slug is the branch's address.
 */
function atBranch(main: PublicBusiness, b: Branch): PublicBusiness {
  const branding = main.company.branding && {
    ...main.company.branding,
    wifi_name: b.wifi_name,
    wifi_password: b.wifi_password,
    hours: b.hours ? storedHours(b.hours) : main.company.branding.hours,
  };
  const company = {
    ...main.company,
    name: `${main.company.name} – ${b.name}`,
    slug: b.slug,
    address: b.address,
    tel: b.tel,
    city: Number(b.city),
    city_name: provinceName(b.city),
    branch: { id: b.id, name: b.name },
    ...(branding ? { branding } : {}),
  };
  return { ...main, branchId: b.id, branchDeskcount: b.deskcount == null ? null : Number(b.deskcount), company };
}

const BUSINESS_COLUMNS = ['user_id', 'companyname', 'companyengname', 'address', 'tel', 'city', 'status', 'userlevel', 'languages', ...BRANDING_COLUMNS] as const;

type BusinessRow = Pick<Settings, (typeof BUSINESS_COLUMNS)[number]>;

function presentBusiness(r: BusinessRow): PublicBusiness {
  return {
    userId: r.user_id,
    active: Number(r.status) === 1,
    languages: parseLanguages(r.languages),
    company: {
      name: r.companyname || 'QR Menü',
      companyname: r.companyname,
      slug: r.companyengname ?? '',
      address: r.address,
      tel: r.tel,
      city: Number(r.city),
      city_name: provinceName(r.city),
      ad_supported: planOf(r.userlevel).adSupported,
      branding: { ...presentBranding(r), about: clean(r.about), service_note: clean(r.service_note) },
    },
  };
}

const businessBySlugQuery = fixedQuery(['slug'], (db, v) => db.selectFrom('settings').select(BUSINESS_COLUMNS).where('companyengname', '=', v.slug));
const businessByUserQuery = fixedQuery(['user'], (db, v) => db.selectFrom('settings').select(BUSINESS_COLUMNS).where('user_id', '=', v.user));

/**
 * The business behind a (folded) slug: its current address, or an earlier one (slug_redirects).
 * `redirected` tells the caller that `slug` is an old address of `business.company.slug`.
 */
export async function findBusinessBySlug(db: DB, slug: string): Promise<{ business: PublicBusiness; redirected: boolean } | undefined> {
  const current = await first(db, businessBySlugQuery(db, { slug }));
  if (current) return { business: presentBusiness(current), redirected: false };
  const branch = await findBranchBySlug(db, slug);
  if (branch) {
    const main = await findBusinessByUserId(db, branch.user_id);
    return main && { business: atBranch(main, branch), redirected: false };
  }
  const old = await db
    .selectFrom('slug_redirects as r')
    .innerJoin('settings as s', 's.user_id', 'r.user_id')
    .select(BUSINESS_COLUMNS.map((c) => `s.${c}` as const))
    .where('r.old_slug', '=', slug)
    .where('s.companyengname', 'is not', null)
    .executeTakeFirst();
  return old ? { business: presentBusiness(old), redirected: true } : undefined;
}

/** The business owning a category (any status), for getProduct and the category page. */
export async function findBusinessByUserId(db: DB, userId: number): Promise<PublicBusiness | undefined> {
  const row = await first(db, businessByUserQuery(db, { user: userId }));
  return row && row.companyengname ? presentBusiness(row) : undefined;
}

const CATEGORY_COLUMNS = ['id', 'name', 'description', 'image', 'sort_order', 'service_hours', 'service_outside'] as const;
type CategoryRow = PublicCategory & { service_hours: string | null; service_outside: string | null };
/** A category with its service hours aside (features/menu/service: what the diner sees when). */
const scheduledCategory = ({ service_hours, service_outside, ...c }: CategoryRow): ScheduledCategory => ({ ...c, schedule: { service_hours, service_outside } });

const publicCategoriesQuery = fixedQuery(['user'], (db, v) =>
  db.selectFrom('categories').select(CATEGORY_COLUMNS).where('user_id', '=', v.user).where('status', '=', '1').orderBy('sort_order').orderBy('id'),
);
const publicCategoryQuery = fixedQuery(['id'], (db, v) => db.selectFrom('categories').select([...CATEGORY_COLUMNS, 'user_id']).where('id', '=', v.id).where('status', '=', '1'));

/** Active categories of a business, in the owner's order (sort_order, then id). */
export async function listPublicCategories(db: DB, userId: number): Promise<ScheduledCategory[]> {
  const rows = await all(db, publicCategoriesQuery(db, { user: userId }));
  return rows.map(scheduledCategory).flatMap(cleanCategory);
}

/** An active category with its owner's id; undefined when unknown or passive. */
export async function findPublicCategory(db: DB, id: number): Promise<(ScheduledCategory & { userId: number }) | undefined> {
  const row = await first(db, publicCategoryQuery(db, { id }));
  if (!row) return undefined;
  const { user_id, ...category } = row;
  return cleanCategory({ ...scheduledCategory(category), userId: user_id })[0];
}

const PRODUCT_COLUMNS = [
  'p.id', 'p.name', 'p.description', 'p.selling_price', 'p.original_price', 'p.allergen', 'p.image', 'p.sold_out', 'p.allergens', 'p.labels', 'p.variants', 'p.sort_order',
  'p.amount', 'p.amount_unit', 'p.service_hours', 'p.service_outside', 'p.happy_hour',
] as const;

type ProductRow = {
  id: number; name: string; description: string | null; selling_price: number | null; original_price: number | null; allergen: string | null; image: string | null;
  sold_out: string; allergens: string; labels: string; variants: string; sort_order: number;
  amount: number | null; amount_unit: string | null;
  service_hours: string | null; service_outside: string | null; happy_hour: string | null;
};

function presentProduct(p: ProductRow): ScheduledProduct {
  const selling = p.selling_price == null ? null : Number(p.selling_price);
  const original = p.original_price == null ? null : Number(p.original_price);
  return {
    schedule: { service_hours: p.service_hours, service_outside: p.service_outside, happy_hour: p.happy_hour, selling },
    id: p.id,
    name: p.name,
    description: p.description,
    selling_price: kurusToTl(selling),
    original_price: selling != null && original != null && original > selling ? kurusToTl(original) : null,
    allergen: p.allergen,
    image: p.image,
    ...presentContent(p),
    // only when given: answers of products without an amount stay as they were
    ...(p.amount != null && isAmountUnit(p.amount_unit) ? { amount: Number(p.amount), amount_unit: p.amount_unit } : {}),
  };
}

/**
 * The products as served at an extra branch (`branchId`): its price instead of the shared one (the
 * happy hour and a campaign's "before" price compared with it), sold out there, or left off.
 */
async function atBranchPrices<P extends ScheduledProduct<PublicProduct>>(db: DB, branchId: number | undefined, list: P[]): Promise<P[]> {
  if (branchId === undefined || list.length === 0) return list;
  const overrides = await branchOverrides(db, branchId, list.map((p) => p.id));
  if (overrides.size === 0) return list;
  return list.flatMap((p) => {
    const o = overrides.get(p.id);
    if (!o) return [p];
    if (o.unavailable) return [];
    let out = p;
    if (o.price != null) {
      const tl = kurusToTl(o.price)!;
      out = { ...out, selling_price: tl, original_price: out.original_price != null && out.original_price > tl ? out.original_price : null, schedule: { ...out.schedule, selling: o.price } };
    }
    return [o.soldOut ? { ...out, sold_out: '1' as const } : out];
  });
}

/** Active products of a category (of that owner), in the owner's order; prices in TL; at `branchId`, with its overrides. */
export async function listPublicProducts(db: DB, userId: number, categoryId: number, branchId?: number): Promise<ScheduledProduct[]> {
  const rows = await db
    .selectFrom('products as p')
    .select(PRODUCT_COLUMNS)
    .where('p.category_id', '=', categoryId)
    .where('p.user_id', '=', userId)
    .where('p.status', '=', '1')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
  return atBranchPrices(db, branchId, cleanProducts(rows.map(presentProduct)));
}

/**
 * The diner's search: active products of active categories whose name or description, in Turkish
 * or in `lang`, contains every word (folded as `searchWords` folds), in menu order, at most `limit`.
 * The database filters the business's rows (read by its user index) and returns only those; the
 * caller checks each again in JavaScript (`matchesWords`), which stays the definition.
 */
export async function searchPublicProducts(
  db: DB, userId: number, words: readonly string[], lang: MenuLanguage | undefined, limit: number, branchId?: number,
): Promise<Array<ScheduledProduct<PublicSearchProduct> & { categorySchedule: ScheduledCategory['schedule'] }>> {
  if (words.length === 0) return [];
  const d = dialectOf(db);
  const own = foldSearchSql(d, sql`p.name || ' ' || coalesce(p.description, '')`);
  const translated = foldSearchSql(d, sql`t.name || ' ' || t.description`);
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', userId).on('c.status', '=', '1'))
    .select([...PRODUCT_COLUMNS, 'c.name as category_name', 'c.id as category_id', 'c.service_hours as category_hours', 'c.service_outside as category_outside'])
    .where('p.user_id', '=', userId)
    .where('p.status', '=', '1')
    // the words are letters and digits only (searchWords): nothing to escape in the pattern
    .where((e) =>
      e.and(words.map((w) => {
        const inOwn = sql<boolean>`${own} like ${`%${w}%`}`;
        if (!lang) return inOwn;
        const inTranslation = e.exists(
          e.selectFrom('product_translations as t').select('t.product_id')
            .whereRef('t.product_id', '=', 'p.id').where('t.user_id', '=', userId).where('t.lang', '=', lang)
            .where(sql<boolean>`${translated} like ${`%${w}%`}`),
        );
        return e.or([inOwn, inTranslation]);
      })),
    )
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return atBranchPrices(db, branchId, cleanProducts(
    rows
      .filter((r) => !announcedCharge(r.category_name))
      .map((r) => ({ ...presentProduct(r), category: { id: r.category_id, name: r.category_name }, categorySchedule: { service_hours: r.category_hours, service_outside: r.category_outside } })),
  ));
}
