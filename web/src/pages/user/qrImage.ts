/**
 * The QR images of the QR screen and of the tables' codes, in one module both import (the table
 * codes used to import them from the QR screen, which imports the table codes: a cycle).
 */

/** spec §9: the QR image is 800x600 with margin 1, downloaded as qrcode.png. */
export const QR_WIDTH = 800;
export const QR_HEIGHT = 600;

/**
 * Draws the QR code of `link` on a white 800x600 canvas. The code is drawn as large as fits
 * (600x600), centred, with a quiet zone of `margin` modules (the spec's 1 for the menu's image; the
 * per-table images keep the standard 4), unscaled, so the modules stay sharp for printing. A
 * table's code carries its number under it (`caption`, "Masa 4"): the code is drawn smaller to
 * make room.
 */
export async function makeQrPng(link: string, { margin = 1, caption }: { margin?: number; caption?: string } = {}): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const band = caption ? 88 : 0;
  const side = Math.min(QR_WIDTH, QR_HEIGHT) - band;
  const qrUrl = await QRCode.toDataURL(link, { width: side, margin, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('qr image'));
    img.src = qrUrl;
  });
  const canvas = document.createElement('canvas');
  canvas.width = QR_WIDTH;
  canvas.height = QR_HEIGHT;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, QR_WIDTH, QR_HEIGHT);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(img, Math.round((QR_WIDTH - side) / 2), caption ? 8 : Math.round((QR_HEIGHT - side) / 2), side, side);
  if (caption) {
    ctx.fillStyle = '#000000';
    ctx.font = 'bold 56px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(caption, QR_WIDTH / 2, QR_HEIGHT - 20);
  }
  return canvas.toDataURL('image/png');
}

/** A table's menu address: the menu link with `masa={n}` added. */
export const tableLink = (qrlink: string, masa: number) => `${qrlink}${qrlink.includes('?') ? '&' : '?'}masa=${masa}`;
