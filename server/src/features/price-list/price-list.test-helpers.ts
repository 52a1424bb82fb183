import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { definePDFJSModule, extractText, getDocumentProxy, renderPageAsImage } from 'unpdf';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';

/** Helpers of the price-list tests: the PDF's text per page, its QR code read from rendered pixels. */

export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text;
}

export async function pageSize(pdf: Buffer): Promise<[number, number]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const [, , w, h] = (await doc.getPage(1)).view;
  return [Math.round(w), Math.round(h)];
}

/** Renders page 1 with pdf.js onto a canvas and reads the QR code in its pixels (jsQR). */
export async function decodeQr(pdf: Buffer): Promise<string | null> {
  // unpdf's own pdf.js build cannot draw; the full build (pdfjs-dist) renders on @napi-rs/canvas
  await definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'));
  const png = await renderPageAsImage(new Uint8Array(pdf), 1, { canvasImport: () => import('@napi-rs/canvas'), scale: 3 });
  const img = await loadImage(Buffer.from(png));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height);
  return jsQR(new Uint8ClampedArray(data.data), img.width, img.height)?.data ?? null;
}

/** The product form's update: the product's fields with `change` applied. */
export async function updateProduct(app: FastifyInstance, token: string, id: number, change: Record<string, string | number>) {
  const p = (await app.inject({ url: `/api/edit-product/${id}`, headers: bearer(token) })).json().product;
  const fields: Record<string, string | number> = { category_id: p.category_id, name: p.name, status: p.status };
  if (p.selling_price != null) fields.selling_price = p.selling_price;
  if (p.original_price != null) fields.original_price = p.original_price;
  const res = await sendForm(app, `/api/update-product/${id}`, token, { ...fields, ...change });
  if (res.json().status !== 200) throw new Error(`update-product failed: ${res.body}`);
  return res.json().product;
}
