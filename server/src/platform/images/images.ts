import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { readWhole, type FileStore } from '../storage/store.js';

/**
 * Uploaded photos are never stored as sent: the content is sniffed (JPEG, PNG or WebP magic
 * bytes — the name and the declared type are ignored), capped in bytes and pixels, decoded
 * fully (a truncated file fails), re-encoded to WebP without metadata and named by the server.
 *
 * Stored files, in the file store (DATA_DIR/uploads by default, or a bucket: storage/):
 *   uploads/<id>.webp      longest side ≤ 1920 px (the `image` path kept in the database)
 *   uploads/<id>-md.webp   ≤ 960 px wide  (phones with dense screens, tablets)
 *   uploads/<id>-sm.webp   ≤ 480 px wide  (lists, tables, 360 px phones)
 *   uploads/<id>-xs.webp   ≤ 240 px wide  (logos in the menu's header, product thumbnails)
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const VARIANTS = [
  { suffix: '', width: 1920, height: 1920 },
  { suffix: '-md', width: 960, height: 1920 },
  { suffix: '-sm', width: 480, height: 960 },
  { suffix: '-xs', width: 240, height: 480 },
] as const;

/** WebP quality per size: the small ones are seen small, where a lower quality does not show. */
const quality = (suffix: string) => (suffix === '-sm' || suffix === '-xs' ? 72 : 78);

export const IMAGE_MSG = {
  type: 'Yalnızca JPEG, PNG veya WebP biçiminde bir fotoğraf yükleyebilirsiniz.',
  size: 'Fotoğraf en fazla 10 MB olabilir.',
  pixels: 'Fotoğrafın çözünürlüğü çok yüksek (en fazla 40 megapiksel).',
  broken: 'Fotoğraf okunamadı; dosya bozuk veya eksik olabilir. Lütfen başka bir fotoğraf seçin.',
  name: 'Dosya adı geçersiz. Lütfen fotoğrafı cihazınızdan yeniden seçin.',
  unavailable: 'Fotoğraf şu anda kaydedilemedi. Lütfen biraz sonra yeniden deneyin.',
} as const;

/**
 * A browser sends only the base name of a chosen file; a name with a path (`../`, `/`, `\`) or
 * control characters comes from a hand-made request and is refused. (The name is never used:
 * stored files are always named by the server.)
 */
export function isSafeUploadName(name: string | undefined): boolean {
  if (name == null || name === '') return true;
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
  return !/[/\\\u0000-\u001f]/.test(name) && name !== '.' && name !== '..' && name.length <= 255;
}

export class ImageError extends Error {}

type Kind = 'jpeg' | 'png' | 'webp';

/** Decides the type from the first bytes only. */
export function sniffImage(buf: Buffer): Kind | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** Variant paths of a stored image path (`uploads/x.webp` → its -md, -sm and -xs siblings). */
export function variantPaths(imagePath: string): string[] {
  const base = imagePath.replace(/\.webp$/, '');
  return VARIANTS.map((v) => `${base}${v.suffix}.webp`);
}

/**
 * Validates and re-encodes an uploaded photo; returns the relative path to store (`uploads/…`).
 * Throws ImageError with a Turkish message for anything that is not a sound JPEG/PNG/WebP.
 */
export async function storeImage(store: FileStore, buf: Buffer): Promise<string> {
  if (buf.length > IMAGE_MAX_BYTES) throw new ImageError(IMAGE_MSG.size);
  if (!sniffImage(buf)) throw new ImageError(IMAGE_MSG.type);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError(IMAGE_MSG.broken);
  }
  if (!meta.width || !meta.height) throw new ImageError(IMAGE_MSG.broken);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new ImageError(IMAGE_MSG.pixels);

  const id = randomBytes(16).toString('hex');
  const encoded: Array<{ key: string; data: Buffer }> = [];
  try {
    // Decode once (fails on truncated data), then encode each size.
    const decoded = sharp(buf, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
    for (const v of VARIANTS) {
      const data = await decoded
        .clone()
        .resize({ width: v.width, height: v.height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: quality(v.suffix), effort: 4 })
        .toBuffer();
      encoded.push({ key: `uploads/${id}${v.suffix}.webp`, data });
    }
  } catch {
    throw new ImageError(IMAGE_MSG.broken);
  }
  // every size durable before the path is handed out; a failed write leaves none behind
  try {
    await Promise.all(encoded.map((e) => store.put(e.key, e.data, 'image/webp')));
  } catch (err) {
    await store.delete(encoded.map((e) => e.key)).catch(() => undefined);
    throw err;
  }
  return `uploads/${id}.webp`;
}

/**
 * Removes a stored image and its variants; ignores paths that are not ours. Never throws: it runs
 * after the row's change is committed, and a file the store could not remove then (a bucket out
 * of reach) has no row any more, so the orphan sweep (sweep.ts) removes it later.
 */
export async function deleteImage(store: FileStore, imagePath: string | null | undefined): Promise<void> {
  if (!imagePath || !STORED_IMAGE.test(imagePath)) return;
  await store.delete(variantPaths(imagePath)).catch(() => undefined);
}

/** The `image` paths the server writes (`uploads/<32 hex>.webp`). */
export const STORED_IMAGE = /^uploads\/[0-9a-f]{32}\.webp$/;

const XS = VARIANTS.find((v) => v.suffix === '-xs')!;

/**
 * Makes the `-xs` size of photos stored before it existed, from their `-sm` size (or the photo
 * itself): one pass over the store's listing, so a photo that has it costs nothing. Safe to run
 * again and beside the serving (a file is written whole, and an existing one is never changed).
 * Returns how many were made and which photos failed (their key and why).
 */
export async function backfillSmallest(
  store: FileStore,
  opts: { onProgress?: (done: number, total: number) => void } = {},
): Promise<{ made: number; failed: Array<{ key: string; error: string }> }> {
  const keys = new Set<string>();
  for await (const o of store.list()) keys.add(o.key);
  const missing = [...keys].filter((k) => STORED_IMAGE.test(k) && !keys.has(k.replace(/\.webp$/, '-xs.webp')));
  const failed: Array<{ key: string; error: string }> = [];
  let made = 0;
  for (const [i, key] of missing.entries()) {
    const stem = key.replace(/\.webp$/, '');
    try {
      const source = (await readWhole(store, `${stem}-sm.webp`)) ?? (await readWhole(store, key));
      if (!source) throw new Error('the photo is gone');
      const data = await sharp(source)
        .resize({ width: XS.width, height: XS.height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: quality(XS.suffix), effort: 4 })
        .toBuffer();
      await store.put(`${stem}-xs.webp`, data, 'image/webp');
      made++;
    } catch (err) {
      failed.push({ key, error: err instanceof Error ? err.message : String(err) });
    }
    opts.onProgress?.(i + 1, missing.length);
  }
  return { made, failed };
}
