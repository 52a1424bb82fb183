import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { png, sendForm } from '../../../test/owner-helpers.js';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { BULK_MSG, IMPORT_LIMITS } from '@qrmenu/contract';
import { csv, exportFile, HEADER, headerWith, importFile, readXlsx, xlsx } from '../../../test/sheet-helpers.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;

/** Everything of an owner's menu, to show that a refused import changed nothing. */
async function fingerprint(userId: number) {
  // views recorded earlier land in categories.count on a timer: write them first, not between two snapshots
  await t.app.views.flush();
  const [c, p, h, tr] = await Promise.all([
    t.db.selectFrom('categories').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.db.selectFrom('products').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.db.selectFrom('price_history').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.db.selectFrom('product_translations').selectAll().where('user_id', '=', userId).orderBy('product_id').orderBy('lang').execute(),
  ]);
  return JSON.stringify([c, p, h, tr]);
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
    expect(sheet.rows[1]).toEqual(['Çorbalar', 'Mercimek Çorbası', 'Limon ve kıtır ekmekle; "ev usulü"', 185.5, 200, 'Gluten', 'Aktif', undefined, undefined, 'Hayır']);
    expect(sheet.rows[2][1]).toBe('=Formül Çorbası'); // a plain string cell, not { formula }
    expect(sheet.rows[2][6]).toBe('Pasif');
    expect(sheet.rows[3][3]).toBe(1234.5);
  });

  it('CSV: UTF-8 with BOM, ";" separator, decimal comma, a leading \' before formula-like text', async () => {
    const res = await exportFile(t.app, owner.token, 'csv');
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/menu-cinar-kafe-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(HEADER.join(';'));
    expect(lines[1]).toBe('Çorbalar;Mercimek Çorbası;"Limon ve kıtır ekmekle; ""ev usulü""";185,50;200,00;Gluten;Aktif;;;Hayır');
    expect(text).toContain(`Çorbalar;'=Formül Çorbası;"'-acılı\nçok satırlı";90,00;;;Pasif;;;Hayır`);
    expect(text).toContain('İçecekler;Ayran;;1234,50;;;Aktif;;;Hayır');
    expect(text).toContain("İçecekler;'@Özel Limonata;'+ nane;;;;Aktif;;;Hayır");
  });

  it('a template has only the header (with Miktar, to be filled); an unknown format is refused in Turkish', async () => {
    const tpl = await t.app.inject({ method: 'GET', url: '/api/export-menu?format=xlsx&template=1', headers: bearer(owner.token) });
    expect((await readXlsx(tpl.rawPayload)).rows).toEqual([[...HEADER, 'Miktar']]);
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
    rows[1][2] = `'${rows[1][2]}`;
    rows[3][2] = `'${rows[3][2]}`;
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
    for (const [name, status] of [['Menemen', '1'], ['Omlet', '0'], ['Sucuk', '1']]) await product(o.token, { category_id: c, name: name, selling_price: '50', status: status });
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
    rows[299][3] = 'on lira';
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

  it('refuses before parsing an XLSX that expands too much (a zip bomb) or has too many parts, and changes nothing', async () => {
    const before = await fingerprint(owner.userId);
    const message = 'Excel dosyası açıldığında çok büyük (en fazla 24 MB). Lütfen yalnızca menü sayfasını içeren, resim ve ek sayfa olmayan bir dosya yükleyin.';
    const real = await xlsx([['Çorbalar', 'Ezogelin', null, '95', null, null, null]]);
    const parts = unzipSync(new Uint8Array(real));
    // a real sheet plus 30 MB of zeros in one part: ~30 KB on the wire
    const bomb = Buffer.from(zipSync({ ...parts, 'xl/media/zeros.bin': [new Uint8Array(30 * 1024 * 1024), { level: 9 }] }));
    expect(bomb.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
    // many small parts, each under the limit
    const many: Record<string, Uint8Array> = { ...parts };
    for (let i = 0; i < IMPORT_LIMITS.maxEntries; i++) many[`xl/extra/${i}.xml`] = new Uint8Array([60, 97, 47, 62]);
    for (const data of [bomb, Buffer.from(zipSync(many))]) {
      const res = await importFile(t.app, owner.token, data);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 422, message, errors: [{ row: null, field: 'file', message }] });
    }
    expect(await fingerprint(owner.userId)).toBe(before);
    // the real sheet alone still reads
    const ok = (await importFile(t.app, owner.token, real, { dryRun: true })).json();
    expect(ok.status).toBe(200);
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

describe('allergen codes, labels, sold out and one name/description pair per enabled language', () => {
  let rich: Awaited<ReturnType<typeof registerOwner>>;
  const ids: Record<string, number> = {};
  const texts = (userId: number) =>
    t.db.selectFrom('product_translations').select(['product_id', 'lang', 'name', 'description', 'variants']).where('user_id', '=', userId).orderBy('product_id').orderBy('lang').execute();
  const saveTr = (lang: string, items: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/api/translations', headers: bearer(rich.token), payload: { lang, items } }).then((r) => r.json());
  const content = (userId: number) =>
    t.db.selectFrom('products').select(['name', 'allergens', 'labels', 'sold_out']).where('user_id', '=', userId).orderBy('id').execute();

  beforeAll(async () => {
    rich = await registerOwner(t.app, { name: 'Dil Sahibi' });
    await t.db.updateTable('settings').set({ companyengname: 'dil-kafe', userlevel: '2', languages: 'en,ar' }).where('user_id', '=', rich.userId).execute();
    const c = await category(rich.token, 'Kahvaltı');
    ids.menemen = await product(rich.token, { category_id: c, name: 'Menemen', selling_price: '90', allergens: 'sut,yumurta', labels: 'aci,vejetaryen', sold_out: '1' });
    ids.pide = await product(rich.token, { category_id: c, name: 'Pide', selling_price: '', variants: JSON.stringify([{ name: 'Yarım', price: 60 }, { name: 'Tam', price: 100 }]) });
    ids.cay = await product(rich.token, { category_id: c, name: 'Çay', selling_price: '15' });
    const en = await saveTr('en', [
      { type: 'product', id: ids.menemen, name: 'Scrambled eggs', description: 'With tomatoes; "home style"' },
      { type: 'product', id: ids.pide, name: 'Pide', description: '', variants: ['Half', 'Whole'] },
    ]);
    expect(en.status).toBe(200);
    expect((await saveTr('ar', [{ type: 'product', id: ids.menemen, name: 'منمن', description: '' }])).status).toBe(200);
  });

  // issue 38, item 6: a menu with portions has a name and a price column per portion between
  // the columns of today and the translations (before, Pide's row had no price at all)
  const PORTIONS = ['Porsiyon 1', 'Porsiyon 1 Fiyatı', 'Porsiyon 2', 'Porsiyon 2 Fiyatı'];
  const richHeader = () => [...HEADER, ...PORTIONS, ...headerWith(['en', 'ar']).slice(HEADER.length)];

  it('export: codes, Evet/Hayır, portions and the translations after the columns of today; the template has them too', async () => {
    const sheet = await readXlsx((await exportFile(t.app, rich.token, 'xlsx')).rawPayload);
    expect(sheet.rows[0]).toEqual(richHeader());
    expect(sheet.rows[1]).toEqual([
      'Kahvaltı', 'Menemen', undefined, 90, undefined, undefined, 'Aktif', 'yumurta, sut', 'vejetaryen, aci', 'Evet', undefined, undefined, undefined, undefined,
      'Scrambled eggs', 'With tomatoes; "home style"', 'منمن',
    ]);
    expect(sheet.rows[2]).toEqual(['Kahvaltı', 'Pide', undefined, undefined, undefined, undefined, 'Aktif', undefined, undefined, 'Hayır', 'Yarım', 60, 'Tam', 100, 'Pide']);
    const text = (await exportFile(t.app, rich.token, 'csv')).rawPayload.toString('utf8');
    expect(text).toContain('Kahvaltı;Menemen;;90,00;;;Aktif;"yumurta, sut";"vejetaryen, aci";Evet;;;;;Scrambled eggs;"With tomatoes; ""home style""";منمن;\r\n');
    expect(text).toContain('Kahvaltı;Pide;;;;;Aktif;;;Hayır;Yarım;60,00;Tam;100,00;Pide;;;\r\n');
    const tpl = await t.app.inject({ method: 'GET', url: '/api/export-menu?format=xlsx&template=1', headers: bearer(rich.token) });
    expect((await readXlsx(tpl.rawPayload)).rows).toEqual([[...HEADER, 'Miktar', ...richHeader().slice(HEADER.length)]]);
    // a second sheet lists the codes; the import reads the first one only
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Menü', 'Kodlar']);
    expect((wb.worksheets[1].getRow(8).values as unknown[]).slice(1)).toEqual(['Alerjenler', 'sut', 'Süt']);
  });

  for (const format of ['xlsx', 'csv'] as const) {
    it(`round trip (${format}) with every new column changes nothing, translations included`, async () => {
      const file = (await exportFile(t.app, rich.token, format)).rawPayload;
      const before = await fingerprint(rich.userId);
      const body = (await importFile(t.app, rich.token, file)).json();
      expect(body).toMatchObject({ status: 200, summary: { categories_created: 0, products_created: 0, products_updated: 0, unchanged: 3 } });
      expect(await fingerprint(rich.userId)).toBe(before);
    });
  }

  it('preview shows the changes of the new columns; apply writes them and the translations in one go', async () => {
    const file = await xlsx([
      ['Kahvaltı', 'Menemen', null, 90, null, null, 'Aktif', 'yumurta', 'Vegan, aci', 'Hayır', 'Menemen', 'With tomatoes'],
      ['Kahvaltı', 'Pide', null, null, null, null, 'Aktif', null, null, 'Hayır', '', ''],
      ['Kahvaltı', 'Çay', null, 15, null, null, 'Aktif', 'Süt', null, 'evet', 'Tea', 'Black tea'],
      ['Tatlılar', 'Sütlaç', null, 120, null, null, null, 'sut', 'yeni', 'Evet', 'Rice pudding', null],
    ], headerWith(['en']));
    const before = await fingerprint(rich.userId);
    const preview = (await importFile(t.app, rich.token, file, { dryRun: true })).json();
    expect(preview).toMatchObject({ status: 200, summary: { categories_created: 1, products_created: 1, products_updated: 3, unchanged: 0 } });
    expect(preview.changes[0].fields).toEqual([
      { field: 'allergens', column: 'Alerjenler', old: 'yumurta, sut', new: 'yumurta' },
      { field: 'labels', column: 'Etiketler', old: 'vejetaryen, aci', new: 'vegan, aci' },
      { field: 'sold_out', column: 'Tükendi', old: 'Evet', new: 'Hayır' },
      { field: 'name_en', column: 'Ürün Adı (en)', old: 'Scrambled eggs', new: 'Menemen' },
      { field: 'description_en', column: 'Açıklama (en)', old: 'With tomatoes; "home style"', new: 'With tomatoes' },
    ]);
    expect(preview.changes[1].fields).toEqual([{ field: 'name_en', column: 'Ürün Adı (en)', old: 'Pide', new: '' }]);
    expect(preview.changes[3]).toMatchObject({ action: 'create', name: 'Sütlaç', new_category: true });
    expect(preview.changes[3].fields).toEqual(expect.arrayContaining([
      { field: 'allergens', column: 'Alerjenler', old: '', new: 'sut' },
      { field: 'sold_out', column: 'Tükendi', old: '', new: 'Evet' },
      { field: 'name_en', column: 'Ürün Adı (en)', old: '', new: 'Rice pudding' },
    ]));
    expect(await fingerprint(rich.userId)).toBe(before);

    expect((await importFile(t.app, rich.token, file)).json()).toMatchObject({ status: 200, summary: { products_created: 1, products_updated: 3 } });
    expect(await content(rich.userId)).toEqual([
      { name: 'Menemen', allergens: 'yumurta', labels: 'vegan,aci', sold_out: '0' },
      { name: 'Pide', allergens: '', labels: '', sold_out: '0' },
      { name: 'Çay', allergens: 'sut', labels: '', sold_out: '1' },
      { name: 'Sütlaç', allergens: 'sut', labels: 'yeni', sold_out: '1' },
    ]);
    const sutlac = (await t.db.selectFrom('products').select('id').where('name', '=', 'Sütlaç').where('user_id', '=', rich.userId).executeTakeFirstOrThrow()).id;
    expect(await texts(rich.userId)).toEqual([
      { product_id: ids.menemen, lang: 'ar', name: 'منمن', description: '', variants: '[]' }, // no Arabic column: kept
      { product_id: ids.menemen, lang: 'en', name: 'Menemen', description: 'With tomatoes', variants: '[]' },
      { product_id: ids.pide, lang: 'en', name: '', description: '', variants: '["Half","Whole"]' }, // portion names stay
      { product_id: ids.cay, lang: 'en', name: 'Tea', description: 'Black tea', variants: '[]' },
      { product_id: sutlac, lang: 'en', name: 'Rice pudding', description: '', variants: '[]' },
    ]);
    // the diner's English menu has them at once
    const cay = (await t.app.inject({ url: `/api/getProduct/${(await t.db.selectFrom('products').select('category_id').where('id', '=', ids.cay).executeTakeFirstOrThrow()).category_id}?lang=en` })).json();
    expect(cay.product_data.product.map((p: { name: string }) => p.name)).toContain('Tea');
  });

  it('unknown codes, a wrong Tükendi and a too long translation: row errors in Turkish, nothing changes', async () => {
    const file = await xlsx([
      ['Kahvaltı', 'Menemen', null, 90, null, null, 'Aktif', 'gluten, fistik', null, 'Hayır', 'Menemen', null],
      ['Kahvaltı', 'Pide', null, null, null, null, 'Aktif', null, 'tatli', null, null, null],
      ['Kahvaltı', 'Çay', null, 15, null, null, 'Aktif', null, null, 'Belki', 'Tea', null],
      ['Kahvaltı', 'Simit', null, 15, null, null, 'Aktif', null, null, null, 'x'.repeat(151), null],
    ], headerWith(['en']));
    const before = await fingerprint(rich.userId);
    const body = (await importFile(t.app, rich.token, file)).json();
    expect(body).toMatchObject({ status: 422, message: BULK_MSG.rowErrors(4) });
    expect(body.errors).toEqual([
      { row: 2, field: 'Alerjenler', message: 'Bilinmeyen alerjen kodu: "fistik". Geçerli kodlar: gluten, kabuklular, yumurta, balik, yer_fistigi, soya, sut, sert_kabuklu, kereviz, hardal, susam, sulfit, acibakla, yumusakcalar.' },
      { row: 3, field: 'Etiketler', message: BULK_MSG.labelCode('tatli') },
      { row: 4, field: 'Tükendi', message: 'Tükendi yalnızca "Evet" veya "Hayır" olabilir.' },
      { row: 5, field: 'Ürün Adı (en)', message: 'En fazla 150 karakter olabilir.' },
    ]);
    expect(await fingerprint(rich.userId)).toBe(before);
  });

  it('a column of a language the business has not enabled: the file is refused, nothing changes', async () => {
    const before = await fingerprint(rich.userId);
    const body = (await importFile(t.app, rich.token, csv([['Kahvaltı', 'Çay', null, '15', null, null, null, null, null, null, 'Tee', 'Schwarztee']], { header: headerWith(['de']) }))).json();
    expect(body).toMatchObject({ status: 422, message: BULK_MSG.languageOff('Ürün Adı (de)', 'de') });
    expect(body.errors).toEqual([
      { row: null, field: 'Ürün Adı (de)', message: expect.stringContaining('Almanca menü diliniz açık değil') },
      { row: null, field: 'Açıklama (de)', message: expect.stringContaining('Almanca menü diliniz açık değil') },
    ]);
    expect(await fingerprint(rich.userId)).toBe(before);
  });
});
