import { kurusToTl, planOf, provinceName, type PublicCategory, type PublicCompany, type PublicProduct } from '@qrmenu/contract';
import type { DB } from '../db/database.js';

/**
 * Read-only queries of the diner's menu. Only what a diner may see: active (status '1')
 * categories and products of an active business (settings.status 1) that has a public address.
 * Never original_price, user ids or the owner's personal data.
 */

export interface PublicBusiness {
  userId: number;
  /** settings.status: 1 active, 0 passive (the menu is closed). */
  active: boolean;
  company: PublicCompany;
}

const BUSINESS_COLUMNS = ['user_id', 'companyname', 'companyengname', 'address', 'tel', 'city', 'status', 'userlevel'] as const;

function presentBusiness(r: { user_id: number; companyname: string; companyengname: string | null; address: string; tel: string; city: number; status: number; userlevel: string }): PublicBusiness {
  return {
    userId: r.user_id,
    active: Number(r.status) === 1,
    company: {
      name: r.companyname || 'QR Menü',
      companyname: r.companyname,
      slug: r.companyengname ?? '',
      address: r.address,
      tel: r.tel,
      city: Number(r.city),
      city_name: provinceName(r.city),
      ad_supported: planOf(r.userlevel).adSupported,
    },
  };
}

/**
 * The business behind a (folded) slug: its current address, or an earlier one (slug_redirects).
 * `redirected` tells the caller that `slug` is an old address of `business.company.slug`.
 */
export async function findBusinessBySlug(db: DB, slug: string): Promise<{ business: PublicBusiness; redirected: boolean } | undefined> {
  const current = await db.selectFrom('settings').select(BUSINESS_COLUMNS).where('companyengname', '=', slug).executeTakeFirst();
  if (current) return { business: presentBusiness(current), redirected: false };
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
  const row = await db.selectFrom('settings').select(BUSINESS_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
  return row && row.companyengname ? presentBusiness(row) : undefined;
}

/** Active categories of a business, in the owner's order (sort_order, then id). */
export async function listPublicCategories(db: DB, userId: number): Promise<PublicCategory[]> {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'description', 'image'])
    .where('user_id', '=', userId)
    .where('status', '=', '1')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** An active category with its owner's id; undefined when unknown or passive. */
export async function findPublicCategory(db: DB, id: number): Promise<(PublicCategory & { userId: number }) | undefined> {
  const row = await db
    .selectFrom('categories')
    .select(['id', 'name', 'description', 'image', 'user_id'])
    .where('id', '=', id)
    .where('status', '=', '1')
    .executeTakeFirst();
  if (!row) return undefined;
  const { user_id, ...category } = row;
  return { ...category, userId: user_id };
}

/** Active products of a category (of that owner), in the owner's order; prices in TL. */
export async function listPublicProducts(db: DB, userId: number, categoryId: number): Promise<PublicProduct[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'description', 'selling_price', 'allergen', 'image'])
    .where('category_id', '=', categoryId)
    .where('user_id', '=', userId)
    .where('status', '=', '1')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((p) => ({ ...p, selling_price: kurusToTl(p.selling_price == null ? null : Number(p.selling_price)) }));
}
