import jsQR, { type QRCode } from 'jsqr';
import sharp from 'sharp';

/** Pixels as RGBA, the form jsQR reads. */
export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Decoded {
  /** The text the code carries, as a phone's camera app reads it. */
  text: string;
  /** White around the code on its narrowest side, in modules (the standard asks for 4). */
  quietZone: number;
  version: number;
  /** Modules on a side of the code. */
  size: number;
  /** The code's middle, in pixels of the image it was found in. */
  centre: { x: number; y: number };
  /** Pixels per module. */
  module: number;
  /** The colour (`#rrggbb`) in the middle of the top-left finder pattern's dark ring: the modules' colour. */
  ink: string;
}

/** A PNG (or any image sharp reads) as RGBA pixels, on white where it is transparent. */
export async function pngPixels(image: Buffer): Promise<Rgba> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** The part of `img` inside the rectangle (whole pixels). */
export function crop(img: Rgba, x: number, y: number, w: number, h: number): Rgba {
  const [x0, y0] = [Math.max(0, Math.round(x)), Math.max(0, Math.round(y))];
  const [x1, y1] = [Math.min(img.width, Math.round(x + w)), Math.min(img.height, Math.round(y + h))];
  const out = new Uint8ClampedArray((x1 - x0) * (y1 - y0) * 4);
  for (let row = y0; row < y1; row++) out.set(img.data.subarray((row * img.width + x0) * 4, (row * img.width + x1) * 4), (row - y0) * (x1 - x0) * 4);
  return { data: out, width: x1 - x0, height: y1 - y0 };
}

const dark = (img: Rgba, x: number, y: number) => {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return img.data[i] * 0.3 + img.data[i + 1] * 0.59 + img.data[i + 2] * 0.11 < 160;
};

/**
 * White modules on the narrowest side of the code jsQR found: counted outward from the code's
 * edge, up to 5, over the code's whole length; the image's edge ends the count.
 */
function quietZone(img: Rgba, code: QRCode): number {
  const { topLeftCorner: tl, topRightCorner: tr, bottomLeftCorner: bl } = code.location;
  const size = 17 + 4 * code.version;
  const module = (tr.x - tl.x) / size;
  const [left, top, right, bottom] = [tl.x, tl.y, tr.x, bl.y];
  const clear = (x0: number, y0: number, x1: number, y1: number) => {
    if (x0 < 0 || y0 < 0 || x1 > img.width - 1 || y1 > img.height - 1) return false;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (dark(img, x, y)) return false;
    return true;
  };
  let sides = Infinity;
  for (const side of ['left', 'right', 'top', 'bottom'] as const) {
    let n = 0;
    while (n < 5) {
      // the middle of the n-th module outward (a quarter module off each end: jsQR's corners are
      // found to a fraction of a module)
      const a = (n + 0.25) * module;
      const b = (n + 0.75) * module;
      const ok =
        side === 'left' ? clear(left - b, top, left - a, bottom)
        : side === 'right' ? clear(right + a, top, right + b, bottom)
        : side === 'top' ? clear(left, top - b, right, top - a)
        : clear(left, bottom + a, right, bottom + b);
      if (!ok) break;
      n++;
    }
    sides = Math.min(sides, n);
  }
  return sides;
}

/** The one QR code in `img`, decoded by jsQR, or null when it finds none. */
export function decodeQr(img: Rgba): Decoded | null {
  const code = jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' });
  if (!code) return null;
  const { topLeftCorner: tl, topRightCorner: tr, bottomRightCorner: br } = code.location;
  const size = 17 + 4 * code.version;
  const module = (tr.x - tl.x) / size;
  return { text: code.data, quietZone: quietZone(img, code), version: code.version, size, module, centre: { x: (tl.x + br.x) / 2, y: (tl.y + br.y) / 2 }, ink: colourAt(img, tl.x + module / 2, tl.y + module / 2) };
}

/** The colour of the pixel at (x, y) as `#rrggbb`. */
export function colourAt(img: Rgba, x: number, y: number): string {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return `#${[img.data[i], img.data[i + 1], img.data[i + 2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Every page of a PDF as RGBA pixels, rendered by pdf.js (`scale` 1 = 72 dpi). */
export async function pdfPages(pdf: Buffer, scale = 2): Promise<Rgba[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: Rgba[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as never, canvasContext: ctx as never, viewport }).promise;
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      pages.push({ data: new Uint8ClampedArray(data), width, height });
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}
