import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../test/helpers.js';
import { png, sendForm } from '../../test/owner-helpers.js';
import { csv, exportFile, HEADER, importFile, readXlsx, xlsx } from '../../test/sheet-helpers.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;

/** Everything of an owner's menu, to show that a refused import changed nothing. */
async function fingerprint(userId: number) {
  const [c, p, h] = await Promise.all([
    t.db.selectFrom('categories').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.db.selectFrom('products').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.db.selectFrom('price_history').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return JSON.stringify([c, p, h]);
}
const products = (userId: number) =>
  t.db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id').select(['p.id', 'p.name', 'c.name as category', 'p.selling_price', 'p.original_price', 'p.description', 'p.allergen', 'p.status'])
    .where('p.user_id', '=', userId).orderBy('c.sort_order').orderBy('p.sort_order').orderBy('p.id').execute();

async function category(token: string, name: string) {
  return (await sendForm(t.app, '/api/store-category', token, { name })).json().category.id as number;
}
async function product(token: string, fields: Record<string, string | number>) {
  const body = (await sendForm(t.app, '/api/store-product', token, fields)).json();
  expect(body.status).toBe(200);
  return body.product.id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app, { name: 'Başka Sahip' });
  await t.db.updateTable('settings').set({ companyengname: 'cinar-kafe', userlevel: '2' }).where('user_id', '=', owner.userId).execute();
  const soup = await category(owner.token, 'Çorbalar');
  const drinks = await category(owner.token, 'İçecekler');
  await product(owner.token, { category_id: soup, name: 'Mercimek Çorbası', description: 'Limon ve kıtır ekmekle; "ev usulü"', selling_price: '185,50', original_price: '200', allergen: 'Gluten', status: '1' });
  await product(owner.token, { category_id: soup, name: '=Formül Çorbası', description: '-acılı\nçok satırlı', selling_price: '90', status: '0' });
  await product(owner.token, { category_id: drinks, name: 'Ayran', selling_price: '1234,5' });
  await product(owner.token, { category_id: drinks, name: '@Özel Limonata', description: '+ nane', selling_price: '' });
});
afterAll(async () => t.close());

describe('guards', () => {
  it('should require authentication (HTTP 401) and the owner role (HTTP 403)', async () => {
    const admin = await createAdmin(t.app);
    for (const [method, url] of [['GET', '/api/export-menu?format=csv'], ['POST', '/api/import-menu']] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: bearer(admin.token) })).statusCode).toBe(403);
    }
  });
});

describe('GET /api/export-menu', () => {
  it('XLSX: bold frozen header, widths, prices as numbers, menu order, text never a formula; file name with slug and date', async () => {
    const res = await exportFile(t.app, owner.token, 'xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/filename="menu-cinar-kafe-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.bold).toBe(true);
    expect(sheet.frozen).toBe(true);
    expect(sheet.widths.every((w) => w >= 10)).toBe(true);
    expect(sheet.rows[0]).toEqual(HEADER);
    expect(sheet.rows.slice(1).map((r) => r[1])).toEqual(['Mercimek Çorbası', '=Formül Çorbası', 'Ayran', '@Özel Limonata']);
    expect(sheet.rows[1]).toEqual(['Çorbalar', 'Mercimek Çorbası', 'Limon ve kıtır ekmekle; "ev usulü"', 185.5, 200, 'Gluten', 'Aktif']);
    expect(sheet.rows[2]![1]).toBe('=Formül Çorbası'); // a plain string cell, not { formula }
    expect(sheet.rows[2]![6]).toBe('Pasif');
    expect(sheet.rows[3]![3]).toBe(1234.5);
  });

  it('CSV: UTF-8 with BOM, ";" separator, decimal comma, a leading \' before formula-like text', async () => {
    const res = await exportFile(t.app, owner.token, 'csv');
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/menu-cinar-kafe-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(HEADER.join(';'));
    expect(lines[1]).toBe('Çorbalar;Mercimek Çorbası;"Limon ve kıtır ekmekle; ""ev usulü""";185,50;200,00;Gluten;Aktif');
    expect(text).toContain(`Çorbalar;'=Formül Çorbası;"'-acılı\nçok satırlı";90,00;;;Pasif`);
    expect(text).toContain('İçecekler;Ayran;;1234,50;;;Aktif');
    expect(text).toContain("İçecekler;'@Özel Limonata;'+ nane;;;;Aktif");
  });

  it('a template has only the header; an unknown format is refused in Turkish', async () => {
    const tpl = await t.app.inject({ method: 'GET', url: '/api/export-menu?format=xlsx&template=1', headers: bearer(owner.token) });
    expect((await readXlsx(tpl.rawPayload)).rows).toEqual([HEADER]);
    const bad = (await t.app.inject({ method: 'GET', url: '/api/export-menu?format=pdf', headers: bearer(owner.token) })).json();
    expect(bad).toMatchObject({ status: 422, message: 'Biçim yalnızca xlsx veya csv olabilir.' });
  });
});

describe('round trips: export → import of the same file changes nothing', () => {
  for (const format of ['xlsx', 'csv'] as const) {
    it(format, async () => {
      const file = (await exportFile(t.app, owner.token, format)).rawPayload;
      const before = await fingerprint(owner.userId);
      const body = (await importFile(t.app, owner.token, file)).json();
      expect(body).toMatchObject({ status: 200, dry_run: false, summary: { categories_created: 0, products_created: 0, products_updated: 0, unchanged: 4 }, errors: [] });
      expect(await fingerprint(owner.userId)).toBe(before);
    });
  }

  it('CSV with "," as separator (decimal commas quoted) and without BOM', async () => {
    const rows = (await products(owner.userId)).map((p) => [
      p.category, p.name.startsWith('=') || p.name.startsWith('@') ? `'${p.name}` : p.name, p.description,
      p.selling_price == null ? '' : (p.selling_price / 100).toFixed(2).replace('.', ','), p.original_price == null ? '' : (p.original_price / 100).toFixed(2).replace('.', ','),
      p.allergen, p.status === '1' ? 'Aktif' : 'Pasif',
    ]);
    const before = await fingerprint(owner.userId);
    rows[1]![2] = `'${rows[1]![2]}`;
    rows[3]![2] = `'${rows[3]![2]}`;
    const body = (await importFile(t.app, owner.token, csv(rows, { sep: ',', bom: false }))).json();
    expect(body.summary).toEqual({ categories_created: 0, products_created: 0, products_updated: 0, unchanged: 4 });
    expect(await fingerprint(owner.userId)).toBe(before);
  });
});

describe('POST /api/import-menu', () => {
  it('dry run: the preview (summary and changes), nothing written', async () => {
    const file = await xlsx([
      ['ÇORBALAR', 'mercimek çorbası', 'Limon ve kıtır ekmekle; "ev usulü"', 195, 200, 'Gluten', 'Aktif'],
      ['Tatlılar', 'Sütlaç', 'Fırında', '120,00', null, 'Süt', 'Aktif'],
      ['tatlılar', 'Künefe', null, 150, null, null, null],
    ]);
    const before = await fingerprint(owner.userId);
    const body = (await importFile(t.app, owner.token, file, { dryRun: true })).json();
    expect(body).toMatchObject({ status: 200, dry_run: true, summary: { categories_created: 1, products_created: 2, products_updated: 1, unchanged: 0 }, errors: [] });
    expect(body.changes[0]).toMatchObject({ row: 2, action: 'update', category: 'Çorbalar', name: 'Mercimek Çorbası', fields: [{ column: 'Satış Fiyatı', old: '185,50', new: '195,00' }] });
    expect(body.changes[1]).toMatchObject({ row: 3, action: 'create', category: 'Tatlılar', new_category: true });
    expect(await fingerprint(owner.userId)).toBe(before);
  });

  it('applies: matches with Turkish case folding, creates unknown categories once, leaves other products alone, records price history', async () => {
    const file = await xlsx([
      ['ÇORBALAR', 'MERCİMEK ÇORBASI', 'Limon ve kıtır ekmekle; "ev usulü"', 195, 200, 'Gluten', 'Aktif'],
      ['Tatlılar', 'Sütlaç', 'Fırında', '1.120,50', null, 'Süt', 'Pasif'],
      ['tatlılar', 'Künefe', null, '₺150', null, null, null],
    ]);
    const body = (await importFile(t.app, owner.token, file)).json();
    expect(body).toMatchObject({ status: 200, dry_run: false, summary: { categories_created: 1, products_created: 2, products_updated: 1, unchanged: 0 } });
    const all = await products(owner.userId);
    expect(all.find((p) => p.name === 'Mercimek Çorbası')).toMatchObject({ selling_price: 19500, category: 'Çorbalar' });
    expect(all.filter((p) => p.category === 'Tatlılar').map((p) => [p.name, p.selling_price, p.status])).toEqual([['Sütlaç', 112050, '0'], ['Künefe', 15000, '1']]);
    expect(all.find((p) => p.name === 'Ayran')).toMatchObject({ selling_price: 123450 });
    const id = all.find((p) => p.name === 'Mercimek Çorbası')!.id;
    const h = (await t.app.inject({ method: 'GET', url: `/api/price-history/${id}`, headers: bearer(owner.token) })).json();
    expect(h.history[0]).toMatchObject({ old: 185.5, new: 195, source: 'import' });
  });

  it('updates many rows at once, each with its own values; an empty Durum keeps the current status', async () => {
    const o = await registerOwner(t.app);
    const c = await category(o.token, 'Kahvaltı');
    for (const [name, status] of [['Menemen', '1'], ['Omlet', '0'], ['Sucuk', '1']]) await product(o.token, { category_id: c, name: name!, selling_price: '50', status: status! });
    const file = csv([
      ['Kahvaltı', 'Menemen', 'Domatesli', '91,00', null, 'Yumurta', 'Pasif'],
      ['Kahvaltı', 'Omlet', null, '82,50', '90', null, null],
      ['Kahvaltı', 'Sucuk', 'Kasap', '50,00', null, null, 'Aktif'],
    ]);
    expect((await importFile(t.app, o.token, file)).json().summary).toMatchObject({ products_updated: 3 });
    expect((await products(o.userId)).map((p) => [p.name, p.description, p.selling_price, p.original_price, p.allergen, p.status])).toEqual([
      ['Menemen', 'Domatesli', 9100, null, 'Yumurta', '0'],
      ['Omlet', null, 8250, 9000, null, '0'],
      ['Sucuk', 'Kasap', 5000, null, null, '1'],
    ]);
  });

  it('each row error with its row number and column, in Turkish; nothing changes', async () => {
    const file = await xlsx([
      ['Çorbalar', 'Ezogelin', null, 80, null, null, 'Aktif'],
      ['Çorbalar', null, null, 80, null, null, null],
      [null, 'Kategorisiz', null, 80, null, null, null],
      ['Çorbalar', 'Pahalı', null, -5, null, null, null],
      ['Çorbalar', 'Virgüllü', null, '12,345', null, null, null],
      ['Çorbalar', 'Durumlu', null, 10, null, null, 'Belki'],
      ['Çorbalar', 'Hesaplı', null, { formula: '2*40' }, null, null, null],
      ['Çorbalar', 'ezogelin', null, 80, null, null, null],
      ['Çorbalar', 'x'.repeat(151), null, 80, null, null, null],
    ]);
    const before = await fingerprint(owner.userId);
    const body = (await importFile(t.app, owner.token, file, { dryRun: false })).json();
    expect(body.status).toBe(422);
    expect(body.message).toBe('Dosyada 8 hata var. Hiçbir değişiklik yapılmadı; hataları düzeltip dosyayı yeniden yükleyin.');
    expect(body.errors).toEqual([
      { row: 3, field: 'Ürün Adı', message: 'Ürün adı zorunludur.' },
      { row: 4, field: 'Kategori', message: 'Kategori adı zorunludur.' },
      { row: 5, field: 'Satış Fiyatı', message: expect.stringContaining('Fiyat 0 veya daha büyük') },
      { row: 6, field: 'Satış Fiyatı', message: expect.stringContaining('en fazla iki ondalıklı') },
      { row: 7, field: 'Durum', message: 'Durum yalnızca "Aktif" veya "Pasif" olabilir.' },
      { row: 8, field: 'Satış Fiyatı', message: 'Bu hücrede formül var. Lütfen formül yerine değerin kendisini yazın.' },
      { row: 9, field: 'Ürün Adı', message: 'Bu ürün dosyada 2. satırda da var. Her ürün dosyada bir kez geçmelidir.' },
      { row: 10, field: 'Ürün Adı', message: 'En fazla 150 karakter olabilir.' },
    ]);
    expect(await fingerprint(owner.userId)).toBe(before);
  });

  it('all or nothing: a wrong last row of 300 stops the whole file', async () => {
    const rows: Array<Array<string | number | null>> = Array.from({ length: 300 }, (_, i) => ['Toplu', `Ürün ${i + 1}`, null, '10,00', null, null, 'Aktif']);
    rows[299]![3] = 'on lira';
    const before = await fingerprint(owner.userId);
    const body = (await importFile(t.app, owner.token, csv(rows))).json();
    expect(body.status).toBe(422);
    expect(body.errors).toEqual([{ row: 301, field: 'Satış Fiyatı', message: expect.any(String) }]);
    expect(await fingerprint(owner.userId)).toBe(before);
  });

  it('CSV row numbers count a quoted line break as one row; "=" in CSV is a formula', async () => {
    const file = csv([['Çorbalar', 'Yayla', 'iki\nsatır', '10', null, null, null], ['Çorbalar', '=1+1', null, '10', null, null, null]]);
    const body = (await importFile(t.app, owner.token, file)).json();
    expect(body.errors).toEqual([{ row: 3, field: 'Ürün Adı', message: 'Bu hücrede formül var. Lütfen formül yerine değerin kendisini yazın.' }]);
  });

  it('a CSV saved by Turkish Excel in Windows-1254 is read correctly', async () => {
    const text = 'Kategori;Ürün Adı;Satış Fiyatı\r\nİçecekler;Şalgam;25,00\r\n';
    const map: Record<string, number> = { Ü: 0xdc, ü: 0xfc, ı: 0xfd, İ: 0xdd, ş: 0xfe, Ş: 0xde, ç: 0xe7, Ç: 0xc7, ğ: 0xf0, ö: 0xf6 };
    const bytes = Buffer.from([...text].map((ch) => map[ch] ?? ch.charCodeAt(0)));
    const body = (await importFile(t.app, owner.token, bytes, { dryRun: true })).json();
    expect(body.changes).toEqual([expect.objectContaining({ action: 'create', category: 'İçecekler', name: 'Şalgam' })]);
  });

  it('refuses files that are missing, too large, too long, not spreadsheets, without the header or rows', async () => {
    const before = await fingerprint(owner.userId);
    const cases: Array<[Buffer, string]> = [
      [Buffer.alloc(0), 'Lütfen bir Excel (.xlsx) veya CSV dosyası seçin.'],
      [Buffer.concat([csv([]), Buffer.alloc(2 * 1024 * 1024, 0x41)]), 'Dosya en fazla 2 MB olabilir.'],
      [csv(Array.from({ length: 2001 }, (_, i) => ['K', `Ü${i}`, null, '1', null, null, null])), 'Dosyada en fazla 2.000 ürün satırı olabilir.'],
      [await png(), 'Dosya okunamadı. Lütfen Excel (.xlsx) veya CSV (.csv) biçiminde bir dosya yükleyin.'],
      [Buffer.from('PK\u0003\u0004 not really a zip'), 'Dosya okunamadı. Lütfen Excel (.xlsx) veya CSV (.csv) biçiminde bir dosya yükleyin.'],
      [csv([['Çorbalar', 'Ezogelin']], { header: ['Ad', 'Fiyat'] }), 'İlk satırda "Kategori" ve "Ürün Adı" sütun başlıkları bulunamadı. Lütfen şablonu indirip kullanın.'],
      [csv([]), 'Dosyada ürün satırı yok.'],
    ];
    for (const [data, message] of cases) {
      const res = await importFile(t.app, owner.token, data);
      expect(res.statusCode, message).toBe(200);
      expect(res.json(), message).toMatchObject({ status: 422, message, errors: [{ row: null, field: 'file', message }] });
    }
    expect(await fingerprint(owner.userId)).toBe(before);
  });

  it("refuses the whole file with the plan's limit message when it would pass the product limit", async () => {
    const o = await registerOwner(t.app); // Başlangıç: 30 products
    const c = await category(o.token, 'Kahvaltı');
    for (let i = 0; i < 28; i++) await product(o.token, { category_id: c, name: `Ürün ${i}`, selling_price: '10' });
    const before = await fingerprint(o.userId);
    const three = csv([['Kahvaltı', 'Menemen', null, '90', null, null, null], ['Kahvaltı', 'Sucuklu', null, '110', null, null, null], ['Kahvaltı', 'Omlet', null, '80', null, null, null]]);
    for (const dryRun of [true, false]) {
      const body = (await importFile(t.app, o.token, three, { dryRun })).json();
      expect(body).toMatchObject({ status: 422, message: 'Başlangıç planında en fazla 30 ürün ekleyebilirsiniz. Daha fazla ürün için planınızı yükseltin.', limit: 30 });
    }
    expect(await fingerprint(o.userId)).toBe(before);
    // two fit exactly; updates of existing products never count
    const two = csv([['Kahvaltı', 'Menemen', null, '90', null, null, null], ['Kahvaltı', 'ürün 1', null, '11', null, null, null], ['Kahvaltı', 'Omlet', null, '80', null, null, null]]);
    expect((await importFile(t.app, o.token, two)).json()).toMatchObject({ status: 200, summary: { products_created: 2, products_updated: 1 } });
  });

  it("isolation: another owner's import of the same names creates their own, and never touches this owner's menu", async () => {
    const before = await fingerprint(owner.userId);
    const file = (await exportFile(t.app, owner.token, 'xlsx')).rawPayload;
    const body = (await importFile(t.app, other.token, file)).json();
    expect(body.status).toBe(200);
    expect(body.summary.products_created).toBeGreaterThan(0);
    expect(await fingerprint(owner.userId)).toBe(before);
    const theirs = (await exportFile(t.app, other.token, 'csv')).rawPayload.toString('utf8');
    expect(theirs).toContain('Mercimek Çorbası');
  });
});
