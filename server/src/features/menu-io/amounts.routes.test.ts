import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { csv, exportFile, HEADER, importFile, readXlsx } from '../../../test/sheet-helpers.js';

/** The amount ("250 g", issue 41) in the menu spreadsheet: the Miktar column, out and back in. */

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Miktar Büfe');
  const c = await addCategory(t.app, a.token, { name: 'Dönerler' });
  await addProduct(t.app, a.token, c.id, { name: 'Et Döner', selling_price: 180, amount: 120, amount_unit: 'g' });
  await addProduct(t.app, a.token, c.id, { name: 'Ayran', selling_price: 30 });
});
afterAll(async () => t.close());

const product = async (name: string) =>
  ((await t.app.inject({ url: '/api/view-product', headers: bearer(a.token) })).json().products as Array<{ name: string; amount?: number; amount_unit?: string }>).find((p) => p.name === name)!;

describe('the Miktar column', () => {
  it('export: after the columns of today, once an amount is given; "250 g" as text', async () => {
    const sheet = await readXlsx((await exportFile(t.app, a.token, 'xlsx')).rawPayload);
    expect(sheet.rows[0]).toEqual([...HEADER, 'Miktar']);
    expect(sheet.rows[1][10]).toBe('120 g');
    expect(sheet.rows[2][10]).toBeUndefined();
    const text = (await exportFile(t.app, a.token, 'csv')).rawPayload.toString('utf8');
    expect(text).toContain(';Hayır;120 g\r\n');
  });

  it('import: sets, changes and clears amounts ("0,5 L", "250gr"); the preview shows them', async () => {
    const rows = [
      ['Dönerler', 'Et Döner', null, '180', null, null, 'Aktif', null, null, 'Hayır', '150gr'],
      ['Dönerler', 'Ayran', null, '30', null, null, 'Aktif', null, null, 'Hayır', '0,3 L'],
      ['Dönerler', 'Tavuk Döner', null, '150', null, null, 'Aktif', null, null, 'Hayır', '100 g'],
    ];
    const dry = (await importFile(t.app, a.token, csv(rows, { header: [...HEADER, 'Miktar'] }), { dryRun: true })).json();
    expect(dry.status).toBe(200);
    const change = dry.changes.find((c: { name: string }) => c.name === 'Et Döner');
    expect(change.fields).toEqual([{ field: 'amount', column: 'Miktar', old: '120 g', new: '150 g' }]);
    expect((await importFile(t.app, a.token, csv(rows, { header: [...HEADER, 'Miktar'] }))).json().status).toBe(200);
    expect(await product('Et Döner')).toMatchObject({ amount: 150, amount_unit: 'g' });
    expect(await product('Ayran')).toMatchObject({ amount: 0.3, amount_unit: 'L' });
    expect(await product('Tavuk Döner')).toMatchObject({ amount: 100, amount_unit: 'g' });
    const cleared = [['Dönerler', 'Ayran', null, '30', null, null, 'Aktif', null, null, 'Hayır', '']];
    expect((await importFile(t.app, a.token, csv(cleared, { header: [...HEADER, 'Miktar'] }))).json().status).toBe(200);
    expect((await product('Ayran')).amount).toBeUndefined();
  });

  it('a file without the column keeps the amounts; an unreadable amount is a row error and changes nothing', async () => {
    const rows = [['Dönerler', 'Et Döner', null, '185', null, null, 'Aktif', null, null, 'Hayır']];
    expect((await importFile(t.app, a.token, csv(rows))).json().status).toBe(200);
    expect(await product('Et Döner')).toMatchObject({ amount: 150, amount_unit: 'g', });
    const bad = [['Dönerler', 'Et Döner', null, '185', null, null, 'Aktif', null, null, 'Hayır', 'biraz']];
    const res = (await importFile(t.app, a.token, csv(bad, { header: [...HEADER, 'Miktar'] }))).json();
    expect(res.status).toBe(422);
    expect(res.errors).toEqual([{ row: 2, field: 'Miktar', message: BULK_MSG.amount }]);
    expect(await product('Et Döner')).toMatchObject({ amount: 150 });
  });
});
