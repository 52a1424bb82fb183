import { isAmountUnit, kurusToTl, storedServiceHours, type WeekHours } from '@qrmenu/contract';
import type { Category } from '../../platform/db/schema.js';
import { presentContent } from './product-content.js';
import type { ProductRow } from './products.repository.js';

/** The service-hour columns of a form's input: only those it sends (absent: unchanged). */
export function serviceValues(input: { service_hours?: WeekHours | null; service_outside?: 'hide' | 'show' }) {
  return {
    ...(input.service_hours !== undefined ? { service_hours: input.service_hours && JSON.stringify(input.service_hours) } : {}),
    ...(input.service_outside !== undefined ? { service_outside: input.service_outside === 'show' ? 'show' : null } : {}),
  };
}

/** An item's service hours as answered: only when it has them (answers of other items stay as they were). */
function presentService(c: { service_hours?: string | null; service_outside?: string | null }) {
  const hours = storedServiceHours(c.service_hours);
  return hours ? { service_hours: hours, service_outside: c.service_outside === 'show' ? ('show' as const) : ('hide' as const) } : {};
}

/** A product's happy hour as answered (price in TL): only when it has one. */
function presentHappyHour(stored: string | null | undefined) {
  if (!stored) return {};
  const o = JSON.parse(stored) as { hours: unknown; price: number };
  const hours = storedServiceHours(JSON.stringify(o.hours));
  return hours ? { happy_hour: { hours, price: kurusToTl(o.price)! } } : {};
}

/** Never a raw row: the fields of spec §3. */
export function presentCategory(c: Pick<Category, 'id' | 'name' | 'description' | 'image' | 'count' | 'status' | 'sort_order'> & { product_count?: number | null; service_hours?: string | null; service_outside?: string | null }) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    image: c.image,
    count: Number(c.count),
    status: c.status === '0' ? '0' : '1',
    sort_order: Number(c.sort_order),
    ...(c.product_count != null ? { product_count: Number(c.product_count) } : {}),
    ...presentService(c),
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
    ...presentService(p),
    ...presentHappyHour(p.happy_hour),
  };
}
