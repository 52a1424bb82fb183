import { kurusToTl, type AdminCategoryRow, type AdminProductRow } from '@qrmenu/contract';
import type { DB } from '../db/database.js';

const num = (v: unknown) => Number(v ?? 0);

/** Every category of every business, with the business (company) and owner name. */
export async function listAllCategories(db: DB): Promise<AdminCategoryRow[]> {
  const rows = await db
    .selectFrom('categories as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('settings as s', 's.user_id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.name', 'c.description', 'c.image', 'c.count', 'c.status', 'c.created_at', 's.companyname', 'u.name as owner_name'])
    .select((eb) => eb.selectFrom('products as p').whereRef('p.category_id', '=', 'c.id').select(eb.fn.countAll<number>().as('n')).as('product_count'))
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((r) => ({
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
    product_count: num(r.product_count),
  }));
}

/** Every product of every business, with its category and business; prices in TL. */
export async function listAllProducts(db: DB): Promise<AdminProductRow[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('settings as s', 's.user_id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'p.category_id',
      'c.name as category_name',
      'p.name',
      'p.description',
      'p.selling_price',
      'p.original_price',
      'p.allergen',
      'p.image',
      'p.status',
      'p.created_at',
      's.companyname',
      'u.name as owner_name',
    ])
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    category_id: r.category_id,
    category: { name: r.category_name },
    name: r.name,
    description: r.description,
    selling_price: kurusToTl(r.selling_price),
    original_price: kurusToTl(r.original_price),
    allergen: r.allergen,
    image: r.image,
    status: r.status,
    created_at: r.created_at,
    companyname: r.companyname || r.owner_name,
    owner_name: r.owner_name,
  }));
}
