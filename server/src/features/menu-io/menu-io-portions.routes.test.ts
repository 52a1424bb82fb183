import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BULK_MSG } from '@qrmenu/contract';
import { buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';
import { csv, exportFile, HEADER, importFile, xlsx } from '../../../test/sheet-helpers.js';

/** Issue 38, item 6: portions (Tek/Duble, …) have their prices in the export and the import, and round-trip. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
const ids: Record<string, number> = {};
const PORTIONS = ['Porsiyon 1', 'Porsiyon 1 Fiyatı', 'Porsiyon 2', 'Porsiyon 2 Fiyatı', 'Porsiyon 3', 'Porsiyon 3 Fiyatı'];

const stored = async () =>
  t.db.selectFrom('products').select(['name', 'selling_price', 'variants']).where('user_id', '=', owner.userId).orderBy('id').execute();
async function fingerprint() {
  const [c, p, h] = await Promise.all([
    t.db.selectFrom('categories').selectAll().where('user_id', '=', owner.userId).orderBy('id').execute(),
    t.db.selectFrom('products').selectAll().where('user_id', '=', owner.userId).orderBy('id').execute(),
    t.db.selectFrom('price_history').selectAll().where('user_id', '=', owner.userId).orderBy('id').execute(),
  ]);
  return JSON.stringify([c, p, h]);
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerOwner(t.app, { name: 'Porsiyon Sahibi' });
  await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', owner.userId).execute();
  const cat = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'Rakı' })).json().category.id as number;
  const add = async (fields: Record<string, string>) => {
    const body = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: String(cat), ...fields })).json();
    expect(body.status).toBe(200);
    return body.product.id as number;
  };
  ids.yeni = await add({ name: 'Yeni Rakı', selling_price: '', variants: JSON.stringify([{ name: 'Tek', price: 120 }, { name: 'Duble', price: 180 }, { name: '35 cl', price: 1250.5 }]) });
  ids.cay = await add({ name: 'Çay', selling_price: '15' });
});
afterAll(async () => t.close());

describe('GET /api/export-menu with portions', () => {
  it('XLSX (read with exceljs): after the columns of today a name and a price (a number) per portion', async () => {
    const res = await exportFile(t.app, owner.token, 'xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual([...HEADER, ...PORTIONS]);
    expect(row(2)).toEqual(['Rakı', 'Yeni Rakı', undefined, undefined, undefined, undefined, 'Aktif', undefined, undefined, 'Hayır', 'Tek', 120, 'Duble', 180, '35 cl', 1250.5]);
    expect(row(3).slice(0, 4)).toEqual(['Rakı', 'Çay', undefined, 15]);
    expect(row(3).length).toBe(10); // no portions: their cells are empty
    expect(ws.getColumn(12).numFmt).toBe('#,##0.00');
  });

  it('CSV: portion prices with the decimal comma', async () => {
    const text = (await exportFile(t.app, owner.token, 'csv')).rawPayload.toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe([...HEADER, ...PORTIONS].join(';'));
    expect(lines[1]).toBe('Rakı;Yeni Rakı;;;;;Aktif;;;Hayır;Tek;120,00;Duble;180,00;35 cl;1250,50');
    expect(lines[2]).toBe('Rakı;Çay;;15,00;;;Aktif;;;Hayır;;;;;;');
  });
});

describe('POST /api/import-menu with portions', () => {
  for (const format of ['xlsx', 'csv'] as const) {
    it(`round trip (${format}): importing the export back changes nothing`, async () => {
      const file = (await exportFile(t.app, owner.token, format)).rawPayload;
      const before = await fingerprint();
      const body = (await importFile(t.app, owner.token, file)).json();
      expect(body).toMatchObject({ status: 200, summary: { products_created: 0, products_updated: 0, unchanged: 2 } });
      expect(await fingerprint()).toBe(before);
    });
  }

  it('a changed portion price: the preview shows it, applying writes it (and a new product with portions)', async () => {
    const header = [...HEADER, ...PORTIONS.slice(0, 4)];
    const file = await xlsx([
      ['Rakı', 'Yeni Rakı', null, null, null, null, 'Aktif', null, null, 'Hayır', 'Tek', 130, 'Duble', 195.5],
      ['Rakı', 'Çay', null, 15, null, null, 'Aktif', null, null, 'Hayır', null, null, null, null],
      ['Rakı', 'Kulüp Rakı', null, null, null, null, 'Aktif', null, null, 'Hayır', 'Tek', '110,00', 'Duble', '165'],
    ], header);
    const before = await fingerprint();
    const preview = (await importFile(t.app, owner.token, file, { dryRun: true })).json();
    expect(preview).toMatchObject({ status: 200, summary: { products_created: 1, products_updated: 1, unchanged: 1 } });
    expect(preview.changes[0].fields).toEqual([
      { field: 'variants', column: 'Porsiyonlar', old: 'Tek: 120,00; Duble: 180,00; 35 cl: 1250,50', new: 'Tek: 130,00; Duble: 195,50' },
    ]);
    expect(preview.changes[2].fields).toContainEqual({ field: 'variants', column: 'Porsiyonlar', old: '', new: 'Tek: 110,00; Duble: 165,00' });
    expect(await fingerprint()).toBe(before);

    expect((await importFile(t.app, owner.token, file)).json()).toMatchObject({ status: 200, summary: { products_created: 1, products_updated: 1 } });
    expect(await stored()).toEqual([
      { name: 'Yeni Rakı', selling_price: null, variants: JSON.stringify([{ name: 'Tek', price: 13000 }, { name: 'Duble', price: 19550 }]) },
      { name: 'Çay', selling_price: 1500, variants: '[]' },
      { name: 'Kulüp Rakı', selling_price: null, variants: JSON.stringify([{ name: 'Tek', price: 11000 }, { name: 'Duble', price: 16500 }]) },
    ]);
  });

  it('a file without portion columns keeps the portions; all portion cells emptied removes them', async () => {
    const keep = (await importFile(t.app, owner.token, csv([['Rakı', 'Yeni Rakı', null, null, null, null, 'Aktif', null, null, 'Hayır']]))).json();
    expect(keep).toMatchObject({ status: 200, summary: { products_updated: 0, unchanged: 1 } });
    const header = [...HEADER, 'Porsiyon 1', 'Porsiyon 1 Fiyatı'];
    const removed = (await importFile(t.app, owner.token, csv([['Rakı', 'Kulüp Rakı', null, '150', null, null, 'Aktif', null, null, 'Hayır', null, null]], { header }))).json();
    expect(removed).toMatchObject({ status: 200, summary: { products_updated: 1 } });
    expect((await stored()).find((p) => p.name === 'Kulüp Rakı')).toEqual({ name: 'Kulüp Rakı', selling_price: 15000, variants: '[]' });
  });

  it('a portion without a name or a price, a wrong price, a too long name: Turkish row errors, nothing changes', async () => {
    const header = [...HEADER, ...PORTIONS.slice(0, 4)];
    const before = await fingerprint();
    const body = (await importFile(t.app, owner.token, csv([
      ['Rakı', 'Yeni Rakı', null, null, null, null, 'Aktif', null, null, 'Hayır', 'Tek', null, null, null],
      ['Rakı', 'Çay', null, '15', null, null, 'Aktif', null, null, 'Hayır', null, '20', null, null],
      ['Rakı', 'Kulüp Rakı', null, null, null, null, 'Aktif', null, null, 'Hayır', 'Tek', 'on iki', 'x'.repeat(41), '10'],
    ], { header }))).json();
    expect(body).toMatchObject({ status: 422, message: BULK_MSG.rowErrors(4) });
    expect(body.errors).toEqual([
      { row: 2, field: 'Porsiyon 1 Fiyatı', message: BULK_MSG.portionPrice(1) },
      { row: 3, field: 'Porsiyon 1', message: BULK_MSG.portionName(1) },
      { row: 4, field: 'Porsiyon 1 Fiyatı', message: BULK_MSG.price },
      { row: 4, field: 'Porsiyon 2', message: BULK_MSG.portionNameLong(2, 40) },
    ]);
    expect(body.errors[0].message).toBe('Porsiyon 1: porsiyonun adı var ama fiyatı yok. Lütfen fiyatını yazın (örneğin 120,00) veya adını silin.');
    expect(await fingerprint()).toBe(before);
  });
});
