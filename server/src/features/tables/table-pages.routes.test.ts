import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness, RUNNABLE_SCRIPT } from '../../../test/menu-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let categoryId: number;
beforeAll(async () => {
  t = await buildTestApp({ config: { feedbackPerIp: 1000, callsPerIp: 1000, feedbackPerTable: 1000, callsPerTable: 1000, feedbackPerDevice: 1000, callsPerDevice: 1000 } });
  a = await createBusiness(t.app, 'Çınar Kafe'); // 8 tables
  categoryId = (await addCategory(t.app, a.token, { name: 'Kahvaltı' })).id;
  await addProduct(t.app, a.token, categoryId, { name: 'Menemen', selling_price: '120' });
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url });
const postForm = (url: string, form: string) =>
  t.app.inject({ method: 'POST', url, payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const count = async () => Number((await t.db.selectFrom('settings').select('count').where('user_id', '=', a.userId).executeTakeFirstOrThrow()).count);

describe('menu pages of a table (?masa=N)', () => {
  it('the table travels through every menu link, shows as "Masa 4" and offers the two call forms', async () => {
    const list = await get(`/qr/${a.slug}/category?masa=4`);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Masa 4');
    expect(list.body).toContain(`href="/qr/${a.slug}/category/${categoryId}?masa=4"`);
    expect(list.body).toMatch(new RegExp(`<form method="post" action="/qr/${a.slug}/garson"><input type="hidden" name="masa" value="4"/?><input type="hidden" name="type" value="garson"/?><button type="submit">Garson Çağır</button></form>`));
    expect(list.body).toContain('Hesap İste');
    expect(list.body).toContain(`href="/qr/${a.slug}/anket?masa=4">Görüşünüzü paylaşın`);
    const products = await get(`/qr/${a.slug}/category/${categoryId}?masa=4`);
    expect(products.body).toContain('Masa 4');
    expect(products.body).toContain(`href="/qr/${a.slug}/category?masa=4"`);
    expect(products.body).toContain('Garson Çağır');
    expect(Buffer.byteLength(products.body)).toBeLessThan(30 * 1024);
    expect(products.body).not.toMatch(RUNNABLE_SCRIPT);
  });

  it('the landing keeps the table in its buttons and its redirect; Anket opens the survey', async () => {
    const plain = await get(`/qr/${a.slug}`);
    expect(plain.body).toContain(`href="/qr/${a.slug}/anket">Anket`);
    const landing = await get(`/qr/${a.slug}?masa=4`);
    expect(landing.body).toContain(`url=/qr/${a.slug}/category?masa=4"`);
    expect(landing.body).toContain(`href="/qr/${a.slug}/anket?masa=4"`);
    expect(landing.body).toContain('Masa 4');
  });

  it('a table outside 1..deskcount is ignored, as if absent', async () => {
    const plain = (await get(`/qr/${a.slug}/category`)).body;
    for (const masa of ['9', '0', 'x', '-1', '4abc']) {
      const res = await get(`/qr/${a.slug}/category?masa=${masa}`);
      expect(res.statusCode).toBe(200);
      expect(res.body, masa).toBe(plain);
    }
    expect(plain).not.toContain('Garson Çağır');
    expect(plain).toContain('Görüşünüzü paylaşın');
  });

  it('views count once per open, whatever the table', async () => {
    await t.app.views.flush();
    const before = await count();
    await get(`/qr/${a.slug}?masa=2`);
    await get(`/qr/${a.slug}?masa=3`);
    await get(`/qr/${a.slug}`);
    await t.app.views.flush();
    expect(await count()).toBe(before + 3);
  });
});

describe('the survey page (JavaScript off)', () => {
  it('GET /qr/{company}/anket shows the four criteria, the comment, the optional contact with an unchecked KVKK box, and a hidden honeypot', async () => {
    const res = await get(`/qr/${a.slug}/anket?masa=4`);
    expect(res.statusCode).toBe(200);
    for (const label of ['Lezzet', 'Servis', 'Temizlik', 'Fiyat/Performans']) expect(res.body).toContain(`<legend>${label}</legend>`);
    expect(res.body).toContain(`action="/qr/${a.slug}/anket?masa=4"`);
    expect(res.body).toContain('name="masa" value="4"');
    expect(res.body).toMatch(/<input type="checkbox" name="kvkk" value="1"\/?>/);
    expect(res.body).toContain('class="hp"');
    expect(res.body).toContain('name="website"');
    expect(res.body).not.toContain('<script');
  });

  it('a sent form answers a thank-you page and stores the answer with its table', async () => {
    const res = await postForm(`/qr/${a.slug}/anket?masa=4`, 'masa=4&lezzet=5&servis=4&comment=%C3%87ok+g%C3%BCzel');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Teşekkür ederiz!');
    expect(res.body).toContain(`href="/qr/${a.slug}/category?masa=4"`);
    const row = await t.db.selectFrom('feedback').selectAll().where('user_id', '=', a.userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ masa: 4, lezzet: 5, servis: 4, temizlik: null, comment: 'Çok güzel' });
  });

  it('a refused form comes back (HTTP 400) with Turkish errors and the diner\'s answers, escaped; nothing stored', async () => {
    const before = (await t.db.selectFrom('feedback').select('id').execute()).length;
    const res = await postForm(`/qr/${a.slug}/anket`, 'masa=4&name=Ay%C5%9Fe&comment=%3Cb%3Eyorum%3C%2Fb%3E');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Lütfen en az bir konuyu 1 ile 5 arasında puanlayın.');
    expect(res.body).toContain('KVKK onay kutusunu işaretleyin');
    expect(res.body).toContain('&lt;b&gt;yorum&lt;/b&gt;');
    expect(res.body).not.toContain('<b>yorum</b>');
    expect(res.body).toContain('value="Ayşe"');
    expect((await t.db.selectFrom('feedback').select('id').execute()).length).toBe(before);
  });

  it('unknown business: a Turkish 404 page', async () => {
    expect((await get('/qr/yok-boyle-kafe/anket')).statusCode).toBe(404);
    const res = await postForm('/qr/yok-boyle-kafe/anket', 'lezzet=5');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Menü bulunamadı');
  });
});

describe('calling the waiter from the page (JavaScript off)', () => {
  it('POST /qr/{company}/garson answers "Garsonunuz haberdar edildi" and the owner has the call', async () => {
    const res = await postForm(`/qr/${a.slug}/garson`, 'masa=4&type=hesap');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Garsonunuz haberdar edildi');
    expect(res.body).toContain('Masa 4');
    const calls = await t.db.selectFrom('waiter_calls').selectAll().where('user_id', '=', a.userId).execute();
    expect(calls).toEqual([expect.objectContaining({ masa: 4, type: 'hesap', done_at: null })]);
    // a double tap: the same page, no second call
    expect((await postForm(`/qr/${a.slug}/garson`, 'masa=4&type=hesap')).body).toContain('Çağrınız zaten iletildi.');
    expect(await t.db.selectFrom('waiter_calls').select('id').where('user_id', '=', a.userId).execute()).toHaveLength(1);
  });

  it('no valid table: a Turkish page with HTTP 422, nothing made', async () => {
    const res = await postForm(`/qr/${a.slug}/garson`, 'masa=12&type=garson');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Geçerli bir masa numarası bulunamadı');
    expect(await t.db.selectFrom('waiter_calls').select('id').where('masa', '=', 12).execute()).toHaveLength(0);
  });
});
