/**
 * The QR images of the QR screen and of the tables' codes, in one module both import (the table
 * codes used to import them from the QR screen, which imports the table codes: a cycle).
 */
import QRCode from 'qrcode';

/** spec §9: the QR image is 800x600 with margin 1, downloaded as qrcode.png. */
export const QR_WIDTH = 800;
export const QR_HEIGHT = 600;

/** The white pad under a centred logo, as a share of the code's width (quiet zone excluded); the server's cards use the same. */
export const LOGO_PAD_SHARE = 0.22;

/** A picture the canvas can draw, with its size (an ImageBitmap, an image element, a test's canvas image). */
export type QrLogo = CanvasImageSource & { width: number; height: number };

/** The owner's options: the modules (and the caption) in `color`; the business's `logo` in the middle. */
export interface QrLook {
  /** `qrInk` of the theme colour (≥ 4.5:1 on white); black when not given. */
  color?: string;
  logo?: QrLogo | null;
}

export interface QrDrawing extends QrLook {
  width: number;
  height: number;
  /** Quiet zone in modules. */
  margin: number;
  /** A table's number under the code ("Masa 4"): the code is drawn smaller to make room. */
  caption?: string;
}

/** Modules on a side of the logo's pad: ~LOGO_PAD_SHARE of `n`, with the parity of `n` so it sits exactly in the middle. */
export function logoPadModules(n: number): number {
  let k = Math.round(n * LOGO_PAD_SHARE);
  if (k % 2 !== n % 2) k -= 1;
  return k;
}

/**
 * Paints the QR code of `link` on a white `width` × `height` context: as large as fits, centred,
 * whole pixels per module (sharp for printing), with a quiet zone of `margin` modules. With a logo
 * the code uses error correction level H (30 % may be lost) and the logo sits on a white pad of
 * ~22 % of the code's width (~5 % of its area), fitted inside with its proportions kept.
 */
export function paintQr(ctx: CanvasRenderingContext2D, link: string, d: QrDrawing): void {
  const qr = QRCode.create(link, { errorCorrectionLevel: d.logo ? 'H' : 'M' });
  const n = qr.modules.size;
  const band = d.caption ? Math.round(d.height * 0.147) : 0;
  const room = Math.min(d.width, d.height - band);
  const m = Math.max(1, Math.floor(room / (n + 2 * d.margin)));
  const side = m * (n + 2 * d.margin);
  const x0 = Math.round((d.width - side) / 2) + d.margin * m;
  const y0 = (d.caption ? Math.round((d.height - band - side) / 2) : Math.round((d.height - side) / 2)) + d.margin * m;
  const ink = d.color ?? '#000000';
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, d.width, d.height);
  ctx.fillStyle = ink;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) ctx.fillRect(x0 + c * m, y0 + r * m, m, m);
  if (d.logo) {
    const k = logoPadModules(n);
    const pad = k * m;
    const px = x0 + ((n - k) / 2) * m;
    const py = y0 + ((n - k) / 2) * m;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(px, py, pad, pad);
    const inset = Math.max(1, Math.round(m * 0.6));
    const box = pad - 2 * inset;
    const scale = Math.min(box / d.logo.width, box / d.logo.height);
    const [w, h] = [d.logo.width * scale, d.logo.height * scale];
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(d.logo, px + (pad - w) / 2, py + (pad - h) / 2, w, h);
  }
  if (d.caption) {
    ctx.fillStyle = ink;
    ctx.font = `bold ${Math.round(band * 0.64)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(d.caption, d.width / 2, d.height - Math.round(band * 0.23));
  }
}

/**
 * The QR code of `link` as a PNG data URL: 800x600 with the spec's margin 1 by default (the menu's
 * image); the per-table images keep the standard 4 and carry the table's number (`caption`).
 */
export async function makeQrPng(
  link: string,
  { margin = 1, caption, color, logo, width = QR_WIDTH, height = QR_HEIGHT }: Partial<QrDrawing> = {},
): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  paintQr(canvas.getContext('2d')!, link, { width, height, margin, caption, color, logo });
  return canvas.toDataURL('image/png');
}

/** A table's menu address: the menu link with `masa={n}` added. */
export const tableLink = (qrlink: string, masa: number) => `${qrlink}${qrlink.includes('?') ? '&' : '?'}masa=${masa}`;
