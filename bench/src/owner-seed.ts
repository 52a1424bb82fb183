/**
 * The owner the owner-side benches work as (bench:stall, bench:edits): a business on the Profesyonel
 * plan (500 products) made in-process before the product's server starts, its menu sheets and
 * multipart forms.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/platform/config.js';
import { createDb } from '../../server/src/platform/db/database.js';
import { migrateToLatest } from '../../server/src/platform/db/migrate.js';

/** A 500-product menu sheet (the plan's limit); `offset` shifts the prices, so two sheets differ. */
export async function sheet(offset: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Menü');
  ws.addRow(['Kategori', 'Ürün Adı', 'Açıklama', 'Satış Fiyatı', 'İndirimsiz Fiyat', 'Alerjen', 'Durum']);
  for (let i = 0; i < 500; i++) ws.addRow([`Kategori ${i % 12}`, `Ürün ${i}`, `Açıklama ${i}, ev yapımı`, 50 + i + offset, null, 'Gluten', 'Aktif']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The owner's account and business in `dataDir`, for the server at `base` (plan Profesyonel: 500 products). */
export async function seed(dataDir: string, base: string) {
  const config = loadConfig({}, { dataDir, logLevel: 'silent', seedDemo: false, publicUrl: base });
  const db = createDb(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, rateLimits: { loginPerEmailIp: 1e6, loginPerIp: 1e6, registerPerIp: 1e6, contactPerIp: 1e6 } });
  await app.ready();
  const email = `stall-${randomBytes(4).toString('hex')}@example.com`;
  const token = (await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Bench Sahibi', email, password: 'gizli-sifre-1' } })).json().token as string;
  const auth = { authorization: `Bearer ${token}` };
  const set = await app.inject({ method: 'POST', url: '/api/update-setting', headers: auth, payload: { name: 'Bench Sahibi', companyname: 'Yoğun Kafe', address: 'Moda', city: 34, tel: '02165551122', deskcount: 60 } });
  if (set.json().status !== 200) throw new Error(JSON.stringify(set.json()));
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', user.id).execute();
  const slug = (await db.selectFrom('settings').select('companyengname').where('user_id', '=', user.id).executeTakeFirstOrThrow()).companyengname!;
  await app.close();
  await db.destroy();
  return { token, slug };
}

/** A multipart form: fields and an optional file (`file`: a menu sheet, else a photo). */
export const form = (fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set(file.name === 'file' ? 'file' : 'image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name === 'file' ? 'menu.xlsx' : 'foto.jpg');
  return f;
};
