import { AppError, ValidationError } from '../errors.js';
import type { FormInput } from '../http/multipart.js';
import type { FileStore } from '../storage/store.js';
import { IMAGE_MSG, ImageError, isSafeUploadName, storeImage } from './images.js';

/** Stores a form's photo (if any) and returns its path, or answers a field error under `image` (nothing stored). */
export async function storeUpload(store: FileStore, form: FormInput, status: 400 | 422): Promise<string | undefined> {
  if (!form.image) return undefined;
  if (!isSafeUploadName(form.imageName)) throw new ValidationError({ image: [IMAGE_MSG.name] }, { status });
  try {
    return await storeImage(store, form.image);
  } catch (err) {
    if (err instanceof ImageError) throw new ValidationError({ image: [err.message] }, { status });
    // the store (a bucket) did not take it: nothing was saved, the owner can try again
    throw new AppError(503, 503, IMAGE_MSG.unavailable);
  }
}
