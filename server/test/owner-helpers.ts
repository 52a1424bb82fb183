import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { bearer } from './helpers.js';

/** A multipart/form-data body for `app.inject` (fields + an optional file under `image`). */
export function multipart(fields: Record<string, string | number>, file?: { data: Buffer; filename?: string; type?: string; field?: string }) {
  const boundary = '----qrmenutest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename ?? 'foto.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const jpeg = (w = 640, h = 480, color = '#c2410c') => sharp({ create: { width: w, height: h, channels: 3, background: color } }).jpeg().toBuffer();
export const png = (w = 300, h = 200) => sharp({ create: { width: w, height: h, channels: 4, background: '#16a34a' } }).png().toBuffer();

/** A 1×1 PNG whose header declares 20000×20000 pixels (a decompression bomb). */
export async function pixelBomb() {
  const png1 = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer();
  const huge = Buffer.from(png1);
  huge.writeUInt32BE(20000, 16);
  huge.writeUInt32BE(20000, 20);
  return huge;
}

/** Hostile uploads: text named .jpg, an SVG with script, a JPEG cut in half, a pixel bomb, path names. */
export async function hostileFiles() {
  const full = await jpeg(800, 600);
  return [
    { name: 'text named .jpg', data: Buffer.from('this is plain text, not a photo'), filename: 'foto.jpg', type: 'image/jpeg' },
    { name: 'SVG', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'), filename: 'x.svg', type: 'image/svg+xml' },
    { name: 'truncated JPEG', data: full.subarray(0, Math.floor(full.length / 2)), filename: 'yarim.jpg', type: 'image/jpeg' },
    { name: 'tiny PNG declaring 20000×20000 pixels', data: await pixelBomb(), filename: 'bomba.png', type: 'image/png' },
    { name: 'a sound JPEG named with ../', data: await jpeg(64, 48), filename: '../../etc/cron.d/foto.jpg', type: 'image/jpeg' },
    { name: 'a sound JPEG named with a Windows path', data: await jpeg(64, 48), filename: '..\\..\\foto.jpg', type: 'image/jpeg' },
  ];
}

export function uploadFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

export function sendForm(app: FastifyInstance, url: string, token: string | undefined, fields: Record<string, string | number>, file?: Parameters<typeof multipart>[1]) {
  const { payload, headers } = multipart(fields, file);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}
