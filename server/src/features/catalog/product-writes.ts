import { OWNER_MSG, planLimitMessage, planOf, productSchema, SERVICE_MSG, tlToKurus, type ProductInput } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors.js';
import type { FormInput } from '../../platform/http/multipart.js';
import { deleteImage } from '../../platform/images/images.js';
import { storeUpload } from '../../platform/images/uploads.js';
import type { FileStore } from '../../platform/storage/store.js';
import { parseBody } from '../../platform/validate.js';
import { recordPriceChanges } from '../menu-io/index.js';
import { findSettings } from '../settings/index.js';
import { findCategory } from './categories.repository.js';
import { storeVariants } from './product-content.js';
import { countProducts, createProductWithinLimit, findProduct, updateProduct, type ProductRow, type ProductValues } from './products.repository.js';
import { presentProduct, serviceValues } from './presenters.js';

/** The owner's products against the plan's limit. */
export async function usage(db: DB, userId: number) {
  const plan = planOf((await findSettings(db, userId))?.userlevel);
  return { count: await countProducts(db, userId), limit: plan.productLimit, plan: plan.name };
}

/** The category must be one of this owner's; otherwise a field error (never someone else's). */
async function assertOwnCategory(db: DB, userId: number, categoryId: number) {
  if (!(await findCategory(db, userId, categoryId))) {
    throw new ValidationError({ category_id: [OWNER_MSG.productCategoryUnknown] }, { status: 422 });
  }
}

/** Content fields: absent → kept on update (`current`), none on create; '' clears. */
function values(input: ProductInput, image: string | null, status: string, current?: ProductRow): ProductValues {
  return {
    category_id: input.category_id,
    name: input.name,
    // spec §5: optional fields are sent only when non-empty — absent means cleared
    description: input.description ?? null,
    selling_price: tlToKurus(input.selling_price),
    original_price: tlToKurus(input.original_price),
    allergen: input.allergen ?? null,
    image,
    status,
    sold_out: input.sold_out ?? current?.sold_out ?? '0',
    allergens: input.allergens ? input.allergens.join(',') : (current?.allergens ?? ''),
    labels: input.labels ? input.labels.join(',') : (current?.labels ?? ''),
    variants: input.variants ? storeVariants(input.variants) : (current?.variants ?? '[]'),
    amount: input.amount !== undefined ? input.amount : (current?.amount ?? null),
    amount_unit: input.amount_unit !== undefined ? input.amount_unit : (current?.amount_unit ?? null),
    ...serviceValues(input),
    ...(input.happy_hour !== undefined ? { happy_hour: input.happy_hour && JSON.stringify({ hours: input.happy_hour.hours, price: tlToKurus(input.happy_hour.price) }) } : {}),
  };
}

/** A happy-hour price only lowers a single selling price (not portions): else a field error, nothing stored. */
function assertHappyHour(v: ProductValues, current?: ProductRow) {
  const stored = v.happy_hour !== undefined ? v.happy_hour : current?.happy_hour;
  if (!stored) return;
  const price = (JSON.parse(stored) as { price: number }).price;
  const fail = (message: string) => {
    throw new ValidationError({ happy_hour: [message] }, { status: 422 });
  };
  if ((JSON.parse(v.variants) as unknown[]).length > 0) fail(SERVICE_MSG.happyVariants);
  if (v.selling_price == null) fail(SERVICE_MSG.happyNoPrice);
  if (price >= v.selling_price!) fail(SERVICE_MSG.happyNotLower);
}

/** A new product of the owner from its form, within the plan's limit (else body 422 with `limit` and `plan`). */
export async function createProductFromForm(db: DB, storage: FileStore, userId: number, form: FormInput, now: string) {
  const input = parseBody(productSchema, form.fields, { status: 422 });
  await assertOwnCategory(db, userId, input.category_id);
  const v = values(input, null, input.status ?? '1');
  assertHappyHour(v);
  const image = (await storeUpload(storage, form, 422)) ?? null;
  let created: Awaited<ReturnType<typeof createProductWithinLimit>>;
  try {
    created = await createProductWithinLimit(db, userId, { ...v, image }, now);
  } catch (err) {
    await deleteImage(storage, image);
    throw err;
  }
  if ('full' in created) {
    await deleteImage(storage, image);
    throw new AppError(200, 422, planLimitMessage(created.full), { limit: created.full.productLimit, plan: created.full.name });
  }
  return presentProduct((await findProduct(db, userId, created.id))!);
}

/** Changes the owner's product `id` from its form; a changed price goes into its price history. */
export async function updateProductFromForm(db: DB, storage: FileStore, userId: number, id: number | undefined, form: FormInput, now: string) {
  const current = id ? await findProduct(db, userId, id) : undefined;
  if (!id || !current) throw new NotFoundError(OWNER_MSG.productNotFound);
  const input = parseBody(productSchema, form.fields, { status: 422 });
  await assertOwnCategory(db, userId, input.category_id);
  const v = values(input, current.image, input.status ?? current.status, current);
  assertHappyHour(v, current);
  const image = await storeUpload(storage, form, 422);
  let ok = false;
  try {
    ok = await updateProduct(db, userId, id, { ...v, image: image ?? current.image }, now, (trx, before, after) =>
      recordPriceChanges(trx, userId, [{ product_id: id, old_selling: before.selling, new_selling: after.selling, old_original: before.original, new_original: after.original }], 'form', now));
  } catch (err) {
    await deleteImage(storage, image);
    throw err;
  }
  if (!ok) {
    await deleteImage(storage, image);
    throw new NotFoundError(OWNER_MSG.productNotFound);
  }
  if (image) await deleteImage(storage, current.image);
  return presentProduct((await findProduct(db, userId, id))!);
}
