import sharp from 'sharp';
import { readWhole, type FileStore } from '../../platform/storage/index.js';

/** Pixels on the longer side of the logo drawn on a QR code (a code's pad is ~20 % of ≤ 600 px). */
const LOGO_PX = 256;

/**
 * The business's logo (`settings.logo`, a stored WebP) as a small PNG for the QR codes: pdfkit
 * draws PNG, and the owner's screen draws it on its canvas from our own origin (a logo on a CDN
 * would taint the canvas). Transparent parts stay transparent (the code puts a white pad under it).
 * Undefined when there is no logo or its file is gone.
 */
export async function logoPng(storage: FileStore, key: string | null | undefined): Promise<Buffer | undefined> {
  if (!key) return undefined;
  const bytes = await readWhole(storage, key).catch(() => undefined);
  if (!bytes) return undefined;
  return sharp(bytes).resize(LOGO_PX, LOGO_PX, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
}
