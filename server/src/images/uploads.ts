import { ValidationError } from '../errors.js';
import type { FormInput } from '../multipart.js';
import { IMAGE_MSG, ImageError, isSafeUploadName, storeImage } from './images.js';

/** Stores a form's photo (if any) and returns its path, or answers a field error under `image` (nothing stored). */
export async function storeUpload(dataDir: string, form: FormInput, status: 400 | 422): Promise<string | undefined> {
  if (!form.image) return undefined;
  if (!isSafeUploadName(form.imageName)) throw new ValidationError({ image: [IMAGE_MSG.name] }, { status });
  try {
    return await storeImage(dataDir, form.image);
  } catch (err) {
    if (err instanceof ImageError) throw new ValidationError({ image: [err.message] }, { status });
    throw err;
  }
}
