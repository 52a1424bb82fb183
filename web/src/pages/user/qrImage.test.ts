import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { contrastRatio, qrInk } from '@qrmenu/contract';
import { QR_HEIGHT, QR_WIDTH, logoPadModules, paintQr, tableLink, type QrDrawing, type QrLogo } from './qrImage';

/**
 * The owner's QR PNGs (the menu's 800x600 image and each table's) painted by the same code the
 * screen runs, on a real canvas (@napi-rs/canvas), and read back by jsQR as a phone would: with the
 * logo in the middle and/or the theme colour, they still carry the exact address.
 */
const LINK = 'https://qrmenu.example/qr/cinar-sisli-kafe';
const GREEN = [22, 163, 74] as const;

/** A 200x120 logo: green with a white band (transparent corners would show the white pad). */
async function logo(): Promise<Image> {
  const c = createCanvas(200, 120);
  const ctx = c.getContext('2d');
  ctx.fillStyle = `rgb(${GREEN.join(',')})`;
  ctx.fillRect(0, 0, 200, 120);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 50, 200, 20);
  return loadImage(await c.encode('png'));
}

function paint(link: string, d: Partial<QrDrawing>) {
  const full: QrDrawing = { width: QR_WIDTH, height: QR_HEIGHT, margin: 1, ...d };
  const canvas = createCanvas(full.width, full.height);
  const ctx = canvas.getContext('2d');
  paintQr(ctx as unknown as CanvasRenderingContext2D, link, full);
  const { data, width, height } = ctx.getImageData(0, 0, full.width, full.height);
  return { data: new Uint8ClampedArray(data), width, height };
}
type Pixels = ReturnType<typeof paint>;

const px = (img: Pixels, x: number, y: number) => {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]] as const;
};
const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

function decode(img: Pixels) {
  const code = jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' });
  if (!code) return null;
  const { topLeftCorner: tl, topRightCorner: tr, bottomLeftCorner: bl, bottomRightCorner: br } = code.location;
  const size = 17 + 4 * code.version;
  const module = (tr.x - tl.x) / size;
  return {
    text: code.data,
    version: code.version,
    size,
    module,
    centre: { x: (tl.x + br.x) / 2, y: (tl.y + br.y) / 2 },
    /** Inside the top-left finder pattern's dark ring: the modules' colour. */
    ink: hex(px(img, tl.x + module / 2, tl.y + module / 2)),
    /** White modules left of the code, counted at its middle row. */
    quietLeft: (() => {
      let n = 0;
      const y = (tl.y + bl.y) / 2;
      while (n < 5 && tl.x - (n + 0.5) * module > 0 && px(img, tl.x - (n + 0.5) * module, y).every((c) => c > 240)) n++;
      return n;
    })(),
  };
}

describe('QR PNGs with the logo and the theme colour', () => {
  const logoImage = logo();

  it("the menu's PNG: logo in the middle, level H, decodes to the exact address", async () => {
    const img = paint(LINK, { logo: (await logoImage) as unknown as QrLogo });
    const code = decode(img);
    expect(code?.text).toBe(LINK);
    expect(code!.quietLeft).toBeGreaterThanOrEqual(1); // the spec's margin 1
    // the logo's pixels are there: the centre is neither black nor white but the logo's green
    const centre = px(img, code!.centre.x, code!.centre.y - code!.module * 1.5);
    expect(Math.max(...centre.map((c, i) => Math.abs(c - GREEN[i])))).toBeLessThanOrEqual(8);
    // level H is what keeps it readable: the same code at level M is version 2/3, at H larger
    const plain = decode(paint(LINK, {}));
    expect(code!.version).toBeGreaterThan(plain!.version);
    // the pad is about a fifth of the code's width
    expect(logoPadModules(code!.size) / code!.size).toBeGreaterThan(0.15);
    expect(logoPadModules(code!.size) / code!.size).toBeLessThanOrEqual(0.22);
  });

  it('each table: theme colour and logo, 4 white modules, exact ?masa=N address', async () => {
    const { ink } = qrInk('#1d4e89');
    for (const masa of [1, 7, 40]) {
      const img = paint(tableLink(LINK, masa), { margin: 4, caption: `Masa ${masa}`, color: ink, logo: (await logoImage) as unknown as QrLogo });
      const code = decode(img);
      expect(code?.text).toBe(`${LINK}?masa=${masa}`);
      expect(code!.quietLeft).toBeGreaterThanOrEqual(4);
      expect(code!.ink).toBe(ink);
    }
  });

  it('the colour alone; a colour too light to scan is darkened to 4.5:1 on white and still decodes', () => {
    for (const theme of ['#9a3412', '#ffd60a', '#ffffff', '#8ecae6']) {
      const { ink, darkened } = qrInk(theme);
      expect(contrastRatio(ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(darkened).toBe(theme !== '#9a3412');
      const code = decode(paint(tableLink(LINK, 3), { margin: 4, caption: 'Masa 3', color: ink }));
      expect(code?.text, theme).toBe(`${LINK}?masa=3`);
      expect(code!.ink).toBe(ink);
    }
  });
});
