import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness, RUNNABLE_SCRIPT } from '../../../test/menu-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
const staff: Record<string, string> = {};
const ids: Record<string, number> = {};
const NOT_FISCAL = 'Bilgi fişidir, mali değeri yoktur.';
let diner = '';
let sessionId = 0;

async function staffOf(role: 'garson' | 'mutfak' | 'yonetici', businessId: number) {
  const s = await registerOwner(t.app);
  const now = new Date().toISOString();
  await t.db.insertInto('staff_members').values({ business_id: businessId, user_id: s.userId, staff_role: role, invited_at: now, accepted_at: now, revoked_at: null }).execute();
  return s.token;
}
async function seat(masa: number, slug = a.slug): Promise<string> {
  const res = await t.app.inject({ url: `/qr/${slug}?masa=${masa}` });
  return `qrm_masa=${/qrm_masa=([^;]+)/.exec(String(res.headers['set-cookie']))![1]}`;
}
const at = (iso: string) => (t.app.clock.now = () => new Date(iso));
const order = async (cookie: string, masa: number, items: Array<{ product_id: number; quantity: number; portion?: string }>) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/orders/${a.slug}`, payload: { masa, items }, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order.id as number;
};
const move = async (id: number, ...steps: string[]) => {
  for (const status of steps) {
    const payload = status === 'iptal' ? { status, reason: 'Müşteri vazgeçti' } : { status };
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${id}/status`, headers: bearer(staff.garson), payload })).json().status).toBe(200);
  }
};
const serve = (id: number) => move(id, 'hazirlaniyor', 'hazir', 'servis');
const get = (url: string, token?: string, cookie?: string) =>
  t.app.inject({ url, headers: { ...(token ? bearer(token) : {}), ...(cookie ? { cookie } : {}) } });

/** The PDF's pages read with pdf.js: each page's text and its size in points. */
async function readPdf(pdf: Buffer): Promise<Array<{ text: string; width: number; height: number }>> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : ' ') : '')).join('');
    pages.push({ text: text.replace(/[ \t]+/g, ' '), width: page.view[2], height: page.view[3] });
  }
  return pages;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Hesap Kafe'); // 8 tables, Moda Cad. 1, İstanbul
  b = await createBusiness(t.app, 'Başka Lokanta');
  ids.cat = (await addCategory(t.app, a.token, { name: 'Ana yemekler' })).id;
  ids.baklava = (await addProduct(t.app, a.token, ids.cat, { name: 'Baklava', selling_price: '150' })).id;
  ids.pide = (await addProduct(t.app, a.token, ids.cat, { name: 'Pide', variants: JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }]) })).id;
  ids.ayran = (await addProduct(t.app, a.token, ids.cat, { name: 'Ayran <soğuk> & "köpüklü"', selling_price: '40' })).id;
  ids.sutlac = (await addProduct(t.app, a.token, ids.cat, { name: 'Sütlaç', selling_price: '90' })).id;
  for (const role of ['garson', 'mutfak', 'yonetici'] as const) staff[role] = await staffOf(role, a.userId);
  staff.otherGarson = await staffOf('garson', b.userId);
  await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(a.token), payload: { enabled: true } });
  await t.db.updateTable('settings').set({ languages: 'en' }).where('user_id', '=', a.userId).execute();

  // table 5's evening: 18:30 UTC is 21:30 in İstanbul
  at('2026-11-28T18:30:00.000Z');
  diner = await seat(5);
  const first = await order(diner, 5, [{ product_id: ids.baklava, quantity: 2 }, { product_id: ids.pide, portion: 'Tam', quantity: 1 }, { product_id: ids.pide, portion: 'Yarım', quantity: 1 }]);
  at('2026-11-28T18:50:00.000Z');
  const second = await order(diner, 5, [{ product_id: ids.baklava, quantity: 1 }, { product_id: ids.ayran, quantity: 1 }]);
  const cancelled = await order(diner, 5, [{ product_id: ids.sutlac, quantity: 1 }]);
  await serve(first);
  await serve(second);
  await move(cancelled, 'iptal');
  // the price changes: the next Baklava is a line of its own at its new price
  await t.db.updateTable('products').set({ selling_price: 17500 }).where('id', '=', ids.baklava).execute();
  await serve(await order(diner, 5, [{ product_id: ids.baklava, quantity: 1 }]));
  // sent, still in the kitchen
  await move(await order(diner, 5, [{ product_id: ids.ayran, quantity: 2 }]), 'hazirlaniyor');
  at('2026-11-28T19:45:00.000Z');
});
afterAll(async () => t.close());

describe('GET /api/tables/{n}/bill', () => {
  it('served items grouped by product, portion and unit price, with the total; not-yet-served apart; cancelled left out', async () => {
    const res = await get('/api/tables/5/bill', staff.garson);
    expect(res.statusCode).toBe(200);
    const { bill, status } = res.json();
    expect(status).toBe(200);
    sessionId = bill.session_id;
    expect(bill).toMatchObject({ masa: 5, opened_at: '2026-11-28T18:30:00.000Z', closed_at: null, payment: null, total: 985, preparing_total: 80 });
    expect(bill.items).toEqual([
      { name: 'Baklava', portion: '', quantity: 3, unit_price: 150, line_total: 450 },
      { name: 'Pide', portion: 'Tam', quantity: 1, unit_price: 200, line_total: 200 },
      { name: 'Pide', portion: 'Yarım', quantity: 1, unit_price: 120, line_total: 120 },
      { name: 'Ayran <soğuk> & "köpüklü"', portion: '', quantity: 1, unit_price: 40, line_total: 40 },
      { name: 'Baklava', portion: '', quantity: 1, unit_price: 175, line_total: 175 },
    ]);
    expect(bill.preparing).toEqual([{ name: 'Ayran <soğuk> & "köpüklü"', portion: '', quantity: 2, unit_price: 40, line_total: 80 }]);
    expect(JSON.stringify(bill)).not.toContain('Sütlaç');
    // the owner and the yonetici see the same bill
    expect((await get('/api/tables/5/bill', a.token)).json().bill.total).toBe(985);
    expect((await get('/api/tables/5/bill', staff.yonetici)).json().bill.total).toBe(985);
  });

  it('401 without a token, 403 for the kitchen, body 404 for a table without an open bill or another business', async () => {
    expect((await get('/api/tables/5/bill')).statusCode).toBe(401);
    const kitchen = await get('/api/tables/5/bill', staff.mutfak);
    expect(kitchen.statusCode).toBe(403);
    expect(kitchen.json().status).toBe(403);
    expect((await get('/api/tables/6/bill', staff.garson)).json()).toMatchObject({ status: 404, message: 'Bu masada açık hesap yok.' });
    expect((await get('/api/tables/abc/bill', staff.garson)).json().status).toBe(404);
    expect((await get('/api/tables/5/bill', b.token)).json().status).toBe(404);
    expect((await get('/api/tables/5/bill', staff.otherGarson)).json().status).toBe(404);
  });
});

describe('the slip', () => {
  it('PDF: 80 mm wide, as tall as its content, with the notice, the business, the table, the items and the total KDV dahil', async () => {
    const res = await get('/api/tables/5/slip?format=pdf', staff.garson);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="hesap-fisi-masa-5-${sessionId}.pdf"`);
    const pages = await readPdf(res.rawPayload);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page.width).toBeCloseTo(226.77, 1);
    expect(page.height).toBeGreaterThan(250);
    expect(page.height).toBeLessThan(700);
    for (const text of [NOT_FISCAL, 'Hesap Kafe', 'Moda Cad. 1, İstanbul', 'HESAP FİŞİ', 'Masa 5', `Fiş no: ${sessionId}`, 'Açılış 28.11.2026 21:30', 'Tarih 28.11.2026 22:45',
      '3 × Baklava', '₺150,00 × 3 ₺450,00', '1 × Pide (Tam)', '1 × Pide (Yarım)', '1 × Ayran <soğuk> & "köpüklü"', '1 × Baklava', '₺175,00 × 1 ₺175,00',
      'TOPLAM ₺985,00', 'KDV dahil', 'Hesap açık (ödenmedi)', 'Hazırlanan 2 ürün bu fişe dahil değildir.']) {
      expect(page.text).toContain(text);
    }
    expect(page.text.split(NOT_FISCAL)).toHaveLength(3); // at the top and at the bottom
    expect(page.text).not.toContain('Sütlaç');
  });

  it('HTML: a print-ready 80 mm page, escaped, the same content; 422 for an unknown format', async () => {
    const res = await get('/api/tables/5/slip', staff.yonetici);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('@page{size:80mm auto');
    expect(html).toContain('width:72mm');
    expect(html).toContain(`<p class="nf">${NOT_FISCAL}</p>`);
    expect(html).toContain('<h1>Hesap Kafe</h1>');
    expect(html).toContain('1 × Ayran &lt;soğuk&gt; &amp; &quot;köpüklü&quot;');
    expect(html).not.toContain('<soğuk>');
    expect(html).toContain('<span>TOPLAM</span><span>₺985,00</span>');
    expect(html).toContain('28.11.2026 22:45');
    expect(html).not.toMatch(RUNNABLE_SCRIPT);
    expect((await get('/api/tables/5/slip?format=html', staff.garson)).body).toBe(html);
    const bad = await get('/api/tables/5/slip?format=xml', staff.garson);
    expect(bad.json()).toMatchObject({ status: 422, errors: { format: ['Biçim "html" veya "pdf" olmalıdır.'] } });
  });

  it('401, 403 for the kitchen, 404 for another business\'s table and session', async () => {
    for (const url of ['/api/tables/5/slip?format=pdf', `/api/table-sessions/${sessionId}/slip?format=pdf`]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, staff.mutfak)).statusCode).toBe(403);
      expect((await get(url, b.token)).json().status).toBe(404);
      expect((await get(url, staff.otherGarson)).json().status).toBe(404);
    }
    expect((await get('/api/table-sessions/987654/slip', staff.garson)).json()).toMatchObject({ status: 404, message: 'Hesap bulunamadı.' });
  });
});

describe('/qr/{company}/hesap (the diner)', () => {
  it('the seated device sees the bill in plain HTML, no script, ≤ 30 KB, reachable from the basket', async () => {
    const res = await get(`/qr/${a.slug}/hesap?masa=5`, undefined, diner);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<h1>Hesap</h1>');
    expect(html).toContain('<span>3 × Baklava</span><span>₺450,00</span>');
    expect(html).toContain('1 × Pide (Tam)');
    expect(html).toContain('Ayran &lt;soğuk&gt; &amp; &quot;köpüklü&quot;');
    expect(html).toContain('<span>Toplam</span><span>₺985,00</span>');
    expect(html).toContain('KDV dahil');
    expect(html).toContain('<h2>Hazırlanıyor</h2>');
    expect(html).toContain('Açılış: 28.11.2026 21:30');
    expect(html).not.toContain('Sütlaç');
    expect(html).toContain(`<form method="post" action="/qr/${a.slug}/garson"`);
    expect(html).not.toMatch(RUNNABLE_SCRIPT);
    expect(html).not.toContain('onclick');
    expect(Buffer.byteLength(html)).toBeLessThan(30 * 1024);
    const basket = (await get(`/qr/${a.slug}/siparis?masa=5`, undefined, diner)).body;
    expect(basket).toContain(`href="/qr/${a.slug}/hesap?masa=5"`);
  });

  it('in the diner\'s language when the business offers it', async () => {
    const html = (await get(`/qr/${a.slug}/hesap?masa=5&lang=en`, undefined, diner)).body;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<h1>Bill</h1>');
    expect(html).toContain('<span>Total</span><span>₺985.00</span>');
    expect(html).toContain('Being prepared');
    // a language the business does not offer: Turkish
    expect((await get(`/qr/${a.slug}/hesap?masa=5&lang=de`, undefined, diner)).body).toContain('<h1>Hesap</h1>');
  });

  it('without the table\'s seat cookie: 403 with a Turkish message and no items; bad table 422; unknown business 404', async () => {
    for (const cookie of [undefined, await seat(4)]) {
      const res = await get(`/qr/${a.slug}/hesap?masa=5`, undefined, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Masanın hesabını görmek için masanızdaki QR kodu okutun.');
      expect(res.body).not.toContain('Baklava');
      expect(res.body).not.toContain('₺985,00');
    }
    expect((await get(`/qr/${a.slug}/hesap?masa=99`, undefined, diner)).statusCode).toBe(422);
    expect((await get('/qr/yok-boyle-bir-yer/hesap?masa=5', undefined, diner)).statusCode).toBe(404);
    // a seat at B's table 5 is no seat at A's
    expect((await get(`/qr/${b.slug}/hesap?masa=5`, undefined, diner)).statusCode).toBe(403);
  });

  it('the refusal in the diner\'s language: the page, its reason and its links', async () => {
    const res = await get(`/qr/${a.slug}/hesap?masa=5&lang=en`);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('To see the table’s bill, scan the QR code on your table.');
    expect(res.body).toContain(`href="/qr/${a.slug}/category?masa=5&amp;lang=en"`);
    expect(res.body).toContain('<p class="masa">Table 5</p><h1>Bill</h1>');
    // nothing Turkish but the business's own name
    const text = res.body.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replaceAll('Hesap Kafe', '');
    for (const tr of ['Masa', 'Hesab', 'Sepete', 'Menüye', 'okutun']) expect(text).not.toContain(tr);
    expect(text).not.toMatch(/[çğıöşüÇĞİÖŞÜ]/);
  });
});

describe('after Masayı kapat', () => {
  it('the session\'s slip reprints with the payment and the closing time; the table has no open bill', async () => {
    const close = () => t.app.inject({ method: 'POST', url: '/api/tables/5/close', headers: bearer(staff.garson), payload: { payment: 'kart' } });
    expect((await close()).json().status).toBe(409); // the Ayran still in the kitchen
    const pending = (await get('/api/orders?status=hazirlaniyor', staff.garson)).json().orders.filter((o: { masa: number }) => o.masa === 5);
    expect(pending).toHaveLength(1);
    await move(pending[0].id, 'hazir', 'servis');
    at('2026-11-28T20:10:00.000Z');
    expect((await close()).json()).toMatchObject({ status: 200, masa: 5, payment: 'kart', total: 1065 });

    expect((await get('/api/tables/5/bill', staff.garson)).json().status).toBe(404);
    expect((await get('/api/tables/5/slip?format=pdf', staff.garson)).json().status).toBe(404);
    at('2026-11-28T20:15:00.000Z');
    const html = (await get(`/api/table-sessions/${sessionId}/slip?format=html`, staff.garson)).body;
    expect(html).toContain('<span>TOPLAM</span><span>₺1.065,00</span>');
    expect(html).toContain('<p>Ödeme: Kart</p>');
    expect(html).toContain('<span>Kapanış</span><span>28.11.2026 23:10</span>');
    expect(html).not.toContain('Hazırlanan');
    const [page] = await readPdf((await get(`/api/table-sessions/${sessionId}/slip?format=pdf`, a.token)).rawPayload);
    for (const text of [NOT_FISCAL, 'TOPLAM ₺1.065,00', 'KDV dahil', 'Ödeme: Kart', 'Kapanış 28.11.2026 23:10', 'Tarih 28.11.2026 23:15', '3 × Ayran']) expect(page.text).toContain(text);
    expect(page.width).toBeCloseTo(226.77, 1);

    const diners = (await get(`/qr/${a.slug}/hesap?masa=5`, undefined, diner)).body;
    expect(diners).toContain('Bu masada açık hesap yok.');
    expect(diners).not.toContain('Baklava');
  });
});
