import { BRANDING_IMAGE_FIELDS, brandingSchema, OWNER_MSG, type BrandingImageField, type FieldErrors } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import type { FormInput } from '../../platform/http/multipart.js';
import { deleteImage, IMAGE_MSG, ImageError, isSafeUploadName, storeImage } from '../../platform/images/images.js';
import type { FileStore } from '../../platform/storage/store.js';
import { parseBody } from '../../platform/validate.js';
import { presentSettings, findSettings } from '../settings/index.js';
import { brandingValues, findBrandingImages, saveBranding, type BrandingValues } from './branding.repository.js';

type Images = Partial<Record<BrandingImageField, string | null>>;

/** `remove_logo=1` (also `true`, `on`: a checkbox). */
const isOn = (v: string | undefined) => v === '1' || v === 'true' || v === 'on';

/**
 * Saves the fields and images against the image paths just read; a parallel change of the same
 * image makes it read again. Returns the paths it replaced (so their files can go).
 */
async function saveAgainstCurrent(db: DB, userId: number, values: BrandingValues, next: Images, now: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await findBrandingImages(db, userId);
    if (!current) throw new NotFoundError(OWNER_MSG.settingsNotFound);
    if (await saveBranding(db, userId, values, next, current, now)) return current;
  }
  throw new Error('branding images changed concurrently five times');
}

/** Stores the sent logo and cover (sniffed, re-encoded); a refused one is a field error and nothing stays stored. */
async function storeSentImages(storage: FileStore, form: FormInput): Promise<Partial<Record<BrandingImageField, string>>> {
  const errors: FieldErrors = {};
  const stored: Partial<Record<BrandingImageField, string>> = {};
  const discard = () => Promise.all(Object.values(stored).map((p) => deleteImage(storage, p)));
  for (const f of BRANDING_IMAGE_FIELDS) {
    const file = form.files[f];
    if (!file) continue;
    try {
      stored[f] = await storeImage(storage, file.data);
    } catch (err) {
      if (!(err instanceof ImageError)) {
        await discard();
        throw err;
      }
      errors[f] = [err.message];
    }
  }
  if (Object.keys(errors).length) {
    await discard();
    throw new ValidationError(errors, { status: 422 });
  }
  return stored;
}

/**
 * The owner's logo, cover and appearance fields from a multipart form (POST /api/update-branding):
 * nothing is changed when any part is refused; a new image replaces the old one and its files,
 * `remove_{field}=1` removes it. Returns the settings as saved.
 */
export async function updateBranding(db: DB, storage: FileStore, userId: number, form: FormInput, now: string): Promise<ReturnType<typeof presentSettings>> {
  const input = parseBody(brandingSchema, form.fields, { status: 422 });
  const errors: FieldErrors = {};
  for (const f of BRANDING_IMAGE_FIELDS) {
    if (form.files[f] && !isSafeUploadName(form.files[f].name)) errors[f] = [IMAGE_MSG.name];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, { status: 422 });
  if (!(await findBrandingImages(db, userId))) throw new NotFoundError(OWNER_MSG.settingsNotFound);

  const stored = await storeSentImages(storage, form);
  const next: Images = {};
  for (const f of BRANDING_IMAGE_FIELDS) {
    if (stored[f]) next[f] = stored[f];
    else if (isOn(form.fields[`remove_${f}`])) next[f] = null;
  }
  let replaced: Record<BrandingImageField, string | null>;
  try {
    replaced = await saveAgainstCurrent(db, userId, brandingValues(input), next, now);
  } catch (err) {
    await Promise.all(Object.values(stored).map((p) => deleteImage(storage, p)));
    throw err;
  }
  for (const f of BRANDING_IMAGE_FIELDS) {
    if (next[f] !== undefined && replaced[f] && replaced[f] !== next[f]) await deleteImage(storage, replaced[f]);
  }
  return presentSettings((await findSettings(db, userId))!);
}
