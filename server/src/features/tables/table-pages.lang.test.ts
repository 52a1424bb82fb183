import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/** The table's pages (label, call forms, survey, answers) in the diner's language, `?lang` and `?masa` kept. */

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let categoryId: number;
let ip = 0;
/** Each request from its own address, unless one is given (the limit test). */
const from = (remoteAddress?: string) => ({ remoteAddress: remoteAddress ?? `10.1.0.${++ip}` });
const get = (url: string) => t.app.inject({ url, ...from() });
const postForm = (url: string, form: string, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, ...from(remoteAddress) });

beforeAll(async () => {
  t = await buildTestApp({ config: { feedbackPerIp: 2, callsPerIp: 2 } });
  a = await createBusiness(t.app, 'Dünya Kafe'); // 8 tables
  const profile = { name: 'Ayşe Yılmaz', companyname: 'Dünya Kafe', address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8 };
  const set = await t.app.inject({ method: 'POST', url: '/api/update-setting', headers: bearer(a.token), payload: { ...profile, languages: ['en', 'ar'] } });
  expect(set.json().settings.languages).toEqual(['en', 'ar']);
  categoryId = (await addCategory(t.app, a.token, { name: 'Kahvaltı' })).id;
  await addProduct(t.app, a.token, categoryId, { name: 'Menemen', selling_price: '120' });
});
afterAll(async () => t.close());

const htmlTag = (body: string) => body.match(/<html[^>]*>/)?.[0];
/** An answer page: its HTTP status, its `<html>` tag and every text it must hold. */
function expectPage(res: { statusCode: number; body: string }, status: number, html: string, texts: string[]) {
  expect(res.statusCode).toBe(status);
  expect(htmlTag(res.body)).toBe(html);
  for (const text of texts) expect(res.body).toContain(text);
}

describe('menu pages of a table in a language', () => {
  it('English: "Table 4", the call forms and the survey link in English, keeping lang and masa', async () => {
    const res = await get(`/qr/${a.slug}/category?lang=en&masa=4`);
    expect(res.statusCode).toBe(200);
    expect(htmlTag(res.body)).toBe('<html lang="en">');
    expect(res.body).toContain('<p class="masa">Table 4</p>');
    expect(res.body).toContain(`<form method="post" action="/qr/${a.slug}/garson?lang=en"><input type="hidden" name="masa" value="4">`);
    expect(res.body).toContain('>Call the waiter</button>');
    expect(res.body).toContain('>Ask for the bill</button>');
    expect(res.body).toContain(`href="/qr/${a.slug}/anket?lang=en&amp;masa=4">Share your opinion</a>`);
    expect(res.body).toContain(`href="/qr/${a.slug}/category/${categoryId}?lang=en&amp;masa=4"`);
    for (const tr of ['Masa 4', 'Garson Çağır', 'Hesap İste', 'Görüşünüzü paylaşın']) expect(res.body).not.toContain(tr);
  });

  it('Arabic: right to left, the table and the buttons in Arabic', async () => {
    expectPage(await get(`/qr/${a.slug}/category/${categoryId}?lang=ar&masa=4`), 200, '<html lang="ar" dir="rtl">', [
      '<p class="masa">الطاولة 4</p>',
      '>استدعاء النادل</button>',
      '>طلب الحساب</button>',
      `action="/qr/${a.slug}/garson?lang=ar"`,
      `href="/qr/${a.slug}/anket?lang=ar&amp;masa=4">شاركنا رأيك</a>`,
    ]);
  });

  it("the landing's survey button keeps the language and the table", async () => {
    const res = await get(`/qr/${a.slug}?lang=en&masa=4`);
    expect(res.body).toContain(`href="/qr/${a.slug}/anket?lang=en&amp;masa=4">Survey</a>`);
    expect(res.body).toContain('Table 4');
  });

  it('a language the business has not enabled: the Turkish page, links without lang', async () => {
    const res = await get(`/qr/${a.slug}/category?lang=de&masa=4`);
    expect(htmlTag(res.body)).toBe('<html lang="tr">');
    expect(res.body).toContain('Masa 4');
    expect(res.body).toContain(`<form method="post" action="/qr/${a.slug}/garson">`);
    expect(res.body).toContain(`href="/qr/${a.slug}/anket?masa=4">Görüşünüzü paylaşın</a>`);
    expect(res.body).not.toContain('lang=de');
  });
});

describe('the survey in a language', () => {
  it('English survey page: criteria, labels and the form action keep lang and masa', async () => {
    const res = await get(`/qr/${a.slug}/anket?lang=en&masa=4`);
    expect(res.statusCode).toBe(200);
    expect(htmlTag(res.body)).toBe('<html lang="en">');
    for (const label of ['Taste', 'Service', 'Cleanliness', 'Value for money']) expect(res.body).toContain(`<legend>${label}</legend>`);
    expect(res.body).toContain(`action="/qr/${a.slug}/anket?lang=en&amp;masa=4"`);
    expect(res.body).toContain(`href="/qr/${a.slug}/category?lang=en&amp;masa=4"`);
    expect(res.body).toContain('<h1>Share your opinion</h1>');
    expect(res.body).toContain('aria-label="Taste: 5 out of 5"');
    expect(res.body).toContain('Table 4');
    for (const tr of ['Lezzet', 'Gönder', 'Masa 4']) expect(res.body).not.toContain(tr);
  });

  it('Arabic survey page: rtl, criteria in Arabic', async () => {
    const res = await get(`/qr/${a.slug}/anket?lang=ar&masa=2`);
    expect(htmlTag(res.body)).toBe('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('<legend>المذاق</legend>');
    expect(res.body).toContain('<legend>القيمة مقابل السعر</legend>');
    expect(res.body).toContain(`action="/qr/${a.slug}/anket?lang=ar&amp;masa=2"`);
  });

  it('a refused English form comes back in English (HTTP 400), the answers kept, nothing stored', async () => {
    const before = (await t.db.selectFrom('feedback').select('id').execute()).length;
    const res = await postForm(`/qr/${a.slug}/anket?lang=en&masa=4`, 'masa=4&name=Jane&comment=Nice');
    expect(res.statusCode).toBe(400);
    expect(htmlTag(res.body)).toBe('<html lang="en">');
    expect(res.body).toContain('Please correct the marked fields.');
    expect(res.body).toContain('Please rate at least one topic from 1 to 5.');
    expect(res.body).toContain('please tick the KVKK consent box');
    expect(res.body).toContain('value="Jane"');
    expect(res.body).toContain(`action="/qr/${a.slug}/anket?lang=en&amp;masa=4"`);
    expect(res.body).not.toContain('Lütfen');
    expect((await t.db.selectFrom('feedback').select('id').execute()).length).toBe(before);
  });

  it('a refused Arabic form names the criterion in Arabic', async () => {
    const res = await postForm(`/qr/${a.slug}/anket?lang=ar&masa=4`, 'masa=4&lezzet=9');
    expect(res.statusCode).toBe(400);
    expect(htmlTag(res.body)).toBe('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('يجب أن يكون تقييم المذاق عدداً صحيحاً من 1 إلى 5.');
    expect(res.body).not.toContain('Lezzet');
  });

  it('thank-you pages in English and Arabic lead back to the menu in that language at that table', async () => {
    const en = await postForm(`/qr/${a.slug}/anket?lang=en&masa=4`, 'masa=4&lezzet=5');
    expect(en.statusCode).toBe(200);
    expect(htmlTag(en.body)).toBe('<html lang="en">');
    expect(en.body).toContain('<h1>Thank you!</h1>');
    expect(en.body).toContain(`href="/qr/${a.slug}/category?lang=en&amp;masa=4">Back to the menu</a>`);
    const ar = await postForm(`/qr/${a.slug}/anket?lang=ar&masa=3`, 'masa=3&servis=4');
    expect(htmlTag(ar.body)).toBe('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain('<h1>شكراً لك!</h1>');
    expect(ar.body).toContain(`href="/qr/${a.slug}/category?lang=ar&amp;masa=3"`);
    const rows = await t.db.selectFrom('feedback').select(['masa', 'lezzet', 'servis']).where('user_id', '=', a.userId).orderBy('id').execute();
    expect(rows.slice(-2)).toEqual([{ masa: 4, lezzet: 5, servis: null }, { masa: 3, lezzet: null, servis: 4 }]);
  });

  it('the limit page (429) is in the language too', async () => {
    const addr = '10.9.9.9';
    for (let i = 0; i < 2; i++) expect((await postForm(`/qr/${a.slug}/anket?lang=en`, 'lezzet=4', addr)).statusCode).toBe(200);
    const res = await postForm(`/qr/${a.slug}/anket?lang=en`, 'lezzet=4', addr);
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain('<h1>Too many submissions</h1>');
    expect(res.body).toContain('Please try again in 10 minutes.');
  });

  it('a language the business has not enabled: Turkish survey, errors and thanks, links without lang', async () => {
    const page = await get(`/qr/${a.slug}/anket?lang=fr&masa=4`);
    expect(htmlTag(page.body)).toBe('<html lang="tr">');
    expect(page.body).toContain('<legend>Lezzet</legend>');
    expect(page.body).toContain(`action="/qr/${a.slug}/anket?masa=4"`);
    const refused = await postForm(`/qr/${a.slug}/anket?lang=fr&masa=4`, 'masa=4');
    expect(refused.body).toContain(TABLE_MSG.ratingsRequired);
    const thanks = await postForm(`/qr/${a.slug}/anket?lang=fr&masa=4`, 'masa=4&fiyat=3');
    expect(thanks.body).toContain('Teşekkür ederiz!');
    expect(thanks.body).toContain(`href="/qr/${a.slug}/category?masa=4"`);
    expect(thanks.body).not.toContain('lang=fr');
  });

  it('the JSON twin keeps its Turkish messages whatever the language', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/store-feedback/${a.slug}?lang=en`, payload: { ratings: {} }, ...from() });
    expect(res.json()).toMatchObject({ status: 400, errors: { ratings: [TABLE_MSG.ratingsRequired] } });
  });
});

describe('calling the waiter in a language', () => {
  it('the confirmation is in English, at the table, and leads back to the English menu', async () => {
    expectPage(await postForm(`/qr/${a.slug}/garson?lang=en`, 'masa=5&type=hesap'), 200, '<html lang="en">', [
      '<h1>Your waiter has been notified</h1>',
      'Your bill is being prepared',
      'Table 5',
      `href="/qr/${a.slug}/category?lang=en&amp;masa=5"`,
    ]);
    expect((await postForm(`/qr/${a.slug}/garson?lang=en`, 'masa=5&type=hesap')).body).toContain('Your call had already been passed on.');
  });

  it('Arabic confirmation and the no-table page (422) in Arabic', async () => {
    const ok = await postForm(`/qr/${a.slug}/garson?lang=ar`, 'masa=6&type=garson');
    expect(htmlTag(ok.body)).toBe('<html lang="ar" dir="rtl">');
    expect(ok.body).toContain('<h1>تم إبلاغ النادل</h1>');
    const bad = await postForm(`/qr/${a.slug}/garson?lang=ar`, 'masa=99&type=garson');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('لم يتم العثور على الطاولة');
  });

  it('a language not enabled: the Turkish confirmation', async () => {
    const res = await postForm(`/qr/${a.slug}/garson?lang=ru`, 'masa=7&type=garson');
    expect(htmlTag(res.body)).toBe('<html lang="tr">');
    expect(res.body).toContain(TABLE_MSG.callSent);
    expect(res.body).toContain(`href="/qr/${a.slug}/category?masa=7"`);
  });
});
