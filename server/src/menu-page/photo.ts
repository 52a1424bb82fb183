/** Photos of the menu pages: the stored WebP and its variants. */

const STORED_IMAGE = /^uploads\/[0-9a-f]{32}\.webp$/;

interface Photo {
  src: string;
  srcSet?: string;
}

/** `/uploads/x.webp` with its `-sm` (≤480 px) and `-md` (≤960 px) siblings for srcset. */
export function photoOf(image: string | null): Photo | undefined {
  if (!image) return undefined;
  if (!STORED_IMAGE.test(image)) return /^uploads\/[\w.-]+$/.test(image) ? { src: `/${image}` } : undefined;
  const base = `/${image.slice(0, -'.webp'.length)}`;
  return { src: `${base}-sm.webp`, srcSet: `${base}-sm.webp 480w, ${base}-md.webp 960w, ${base}.webp 1920w` };
}
