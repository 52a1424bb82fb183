import { isAmountUnit, kurusToTl } from '@qrmenu/contract';
import type { Category } from '../../platform/db/schema.js';
import { presentContent } from './product-content.js';
import type { ProductRow } from './products.repository.js';

/** Never a raw row: the fields of spec §3. */
export function presentCategory(c: Pick<Category, 'id' | 'name' | 'description' | 'image' | 'count' | 'status' | 'sort_order'> & { product_count?: number | null }) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    image: c.image,
    count: Number(c.count),
    status: c.status === '0' ? '0' : '1',
    sort_order: Number(c.sort_order),
    ...(c.product_count != null ? { product_count: Number(c.product_count) } : {}),
  };
}

/** Never a raw row: the fields of spec §3, prices in TL, the category with its name. */
export function presentProduct(p: ProductRow) {
  return {
    id: p.id,
    category_id: p.category_id,
    category: { id: p.category_id, name: p.category_name },
    name: p.name,
    description: p.description,
    selling_price: kurusToTl(p.selling_price),
    original_price: kurusToTl(p.original_price),
    allergen: p.allergen,
    image: p.image,
    status: p.status === '0' ? '0' : '1',
    ...presentContent(p),
    // only when given: answers of products without an amount stay as they were
    ...(p.amount != null && isAmountUnit(p.amount_unit) ? { amount: Number(p.amount), amount_unit: p.amount_unit } : {}),
  };
}
