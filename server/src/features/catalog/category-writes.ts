import { categorySchema, OWNER_MSG } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { AppError, NotFoundError } from '../../platform/errors.js';
import type { FormInput } from '../../platform/http/multipart.js';
import { deleteImage } from '../../platform/images/images.js';
import { storeUpload } from '../../platform/images/uploads.js';
import type { FileStore } from '../../platform/storage/store.js';
import { parseBody } from '../../platform/validate.js';
import { countProductsInCategory, createCategory, deleteEmptyCategory, findCategory, updateCategory } from './categories.repository.js';
import { presentCategory, serviceValues } from './presenters.js';

/** A new category of the owner from its form (photo optional; a refused form leaves no photo behind). */
export async function createCategoryFromForm(db: DB, storage: FileStore, userId: number, form: FormInput, now: string) {
  // fields first, so a form error never leaves a stored photo behind
  const input = parseBody(categorySchema, form.fields, { status: 400 });
  const image = await storeUpload(storage, form, 400);
  try {
    const id = await createCategory(db, userId, {
      name: input.name,
      description: input.description ?? null,
      image: image ?? null,
      status: input.status ?? '1',
      ...serviceValues(input),
    }, now);
    return presentCategory((await findCategory(db, userId, id))!);
  } catch (err) {
    await deleteImage(storage, image);
    throw err;
  }
}

/** Changes the owner's category `id` from its form; a new photo replaces the old one (and its files). */
export async function updateCategoryFromForm(db: DB, storage: FileStore, userId: number, id: number | undefined, form: FormInput, now: string) {
  const current = id ? await findCategory(db, userId, id) : undefined;
  if (!id || !current) throw new NotFoundError(OWNER_MSG.categoryNotFound);
  const input = parseBody(categorySchema, form.fields, { status: 422 });
  const image = await storeUpload(storage, form, 422);
  let ok = false;
  try {
    ok = await updateCategory(db, userId, id, {
      name: input.name,
      // spec §5: the description is sent only when present — absent means cleared
      description: input.description ?? null,
      image: image ?? current.image,
      status: input.status ?? current.status,
      ...serviceValues(input),
    }, now);
  } catch (err) {
    await deleteImage(storage, image);
    throw err;
  }
  if (!ok) {
    await deleteImage(storage, image);
    throw new NotFoundError(OWNER_MSG.categoryNotFound);
  }
  if (image) await deleteImage(storage, current.image);
  return presentCategory((await findCategory(db, userId, id))!);
}

/** Deletes the owner's category `id` only when it has no products (else body 409 with their count). */
export async function deleteCategoryIfEmpty(db: DB, storage: FileStore, userId: number, id: number | undefined): Promise<void> {
  const current = id ? await findCategory(db, userId, id) : undefined;
  if (!id || !current) throw new NotFoundError(OWNER_MSG.categoryNotFound);
  // Decision: a category that still has products is not deleted (no silent loss of products).
  const products = await countProductsInCategory(db, userId, id);
  if (products > 0 || !(await deleteEmptyCategory(db, userId, id))) {
    const n = products || (await countProductsInCategory(db, userId, id));
    if (n === 0) throw new NotFoundError(OWNER_MSG.categoryNotFound);
    throw new AppError(200, 409, OWNER_MSG.categoryHasProducts(n), { product_count: n });
  }
  await deleteImage(storage, current.image);
}
