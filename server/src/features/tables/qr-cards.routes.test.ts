import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { TABLE_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { crop, decodeQr, pdfPages } from '../../../test/qr-decode.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Çınar Şişli Kafe'); // 8 tables
});
afterAll(async () => t.close());

const get = (token: string, query = '') => t.app.inject({ url: `/api/qr-cards.pdf${query}`, headers: bearer(token) });

async function pages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text;
}
const cardsOn = (page: string) => (page.match(/Menüyü görmek için okutun/g) ?? []).length;

describe('GET /api/qr-cards.pdf', () => {
  it('answers an A4 PDF with one card per table, four per page, Turkish letters intact', async () => {
    const res = await get(a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('masa-kartlari.pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pages(pdf);
    expect(text).toHaveLength(2);
    expect(text.map(cardsOn)).toEqual([4, 4]);
    expect(text[0]).toContain('Masa 3');
    expect(text[1]).toContain('Masa 8');
    expect(text[0]).toContain('Çınar Şişli Kafe');
    expect(text[0]).toContain(`http://qr.test/qr/${a.slug}?masa=3`);
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const page = await doc.getPage(1);
    const [, , w, h] = page.view;
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
  });

  it('every code decodes (pdf.js renders the pages, jsQR reads them) to its exact address with ?masa=N, 4 white modules around it', async () => {
    const rendered = await pdfPages((await get(a.token)).rawPayload);
    expect(rendered).toHaveLength(2);
    const found: string[] = [];
    for (const page of rendered) {
      // four cards a page, in a 2 x 2 grid: one code in each quarter
      for (const [qx, qy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const w = page.width / 2;
        const h = page.height / 2;
        const code = decodeQr(crop(page, qx * w, qy * h, w, h));
        if (!code) continue;
        found.push(code.text);
        expect(code.quietZone, code.text).toBeGreaterThanOrEqual(4);
      }
    }
    expect(found).toEqual(Array.from({ length: 8 }, (_, i) => `http://qr.test/qr/${a.slug}?masa=${i + 1}`));
    // a range: only those tables, in order
    const some = await pdfPages((await get(a.token, '?tables=6,2')).rawPayload);
    const texts = [0, 1].map((qx) => decodeQr(crop(some[0], (qx * some[0].width) / 2, 0, some[0].width / 2, some[0].height / 2))?.text);
    expect(texts.sort()).toEqual([`http://qr.test/qr/${a.slug}?masa=2`, `http://qr.test/qr/${a.slug}?masa=6`]);
  });

  it('?tables=3-5 prints those tables only; a list works too', async () => {
    const text = await pages((await get(a.token, '?tables=3-5')).rawPayload);
    expect(text).toHaveLength(1);
    expect(cardsOn(text[0])).toBe(3);
    expect(text[0]).toContain('Masa 4');
    expect(text[0]).not.toContain('Masa 6');
    const list = await pages((await get(a.token, '?tables=1,8')).rawPayload);
    expect(cardsOn(list[0])).toBe(2);
  });

  it('a range outside 1..deskcount or malformed: body 422 with a Turkish error', async () => {
    for (const q of ['0-3', '5-9', '5-2', 'bir-iki', '1-', '-', '1--3']) {
      const res = await get(a.token, `?tables=${encodeURIComponent(q)}`);
      expect(res.headers['content-type']).toContain('json');
      expect(res.json(), q).toEqual({ status: 422, message: expect.any(String), errors: { tables: [TABLE_MSG.rangeInvalid] } });
    }
  });

  it('no table count: the one card decodes to the menu address itself, no ?masa', async () => {
    const owner = await createBusiness(t.app, 'Masasız Kafe');
    await t.app.db.updateTable('settings').set({ deskcount: null }).where('companyengname', '=', owner.slug).execute();
    const [page] = await pdfPages((await get(owner.token)).rawPayload);
    const code = decodeQr(crop(page, 0, 0, page.width / 2, page.height / 2));
    expect(code?.text).toBe(`http://qr.test/qr/${owner.slug}`);
    expect(code?.quietZone).toBeGreaterThanOrEqual(4);
  });

  it('no table count: one card for the menu, without a table', async () => {
    await t.db.updateTable('settings').set({ deskcount: null }).where('user_id', '=', a.userId).execute();
    const text = await pages((await get(a.token)).rawPayload);
    await t.db.updateTable('settings').set({ deskcount: 8 }).where('user_id', '=', a.userId).execute();
    expect(text).toHaveLength(1);
    expect(cardsOn(text[0])).toBe(1);
    expect(text[0]).not.toMatch(/Masa \d/);
    expect(text[0]).toContain(`http://qr.test/qr/${a.slug}`);
  });

  it('an owner who never saved settings has no address yet: body 404', async () => {
    const o = await registerOwner(t.app);
    const res = await get(o.token);
    expect(res.json().status).toBe(404);
  });

  it('more than 300 cards at once: body 422 asking for a range', async () => {
    await t.db.updateTable('settings').set({ deskcount: 400 }).where('user_id', '=', a.userId).execute();
    const res = await get(a.token);
    await t.db.updateTable('settings').set({ deskcount: 8 }).where('user_id', '=', a.userId).execute();
    expect(res.json()).toMatchObject({ status: 422, errors: { tables: [TABLE_MSG.tooManyCards] } });
  });
});
