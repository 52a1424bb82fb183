import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { TABLE_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';

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
  return text as string[];
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
    expect([Math.round(w!), Math.round(h!)]).toEqual([595, 842]);
  });

  it('?tables=3-5 prints those tables only; a list works too', async () => {
    const text = await pages((await get(a.token, '?tables=3-5')).rawPayload);
    expect(text).toHaveLength(1);
    expect(cardsOn(text[0]!)).toBe(3);
    expect(text[0]).toContain('Masa 4');
    expect(text[0]).not.toContain('Masa 6');
    const list = await pages((await get(a.token, '?tables=1,8')).rawPayload);
    expect(cardsOn(list[0]!)).toBe(2);
  });

  it('a range outside 1..deskcount or malformed: body 422 with a Turkish error', async () => {
    for (const q of ['0-3', '5-9', '5-2', 'bir-iki', '1-', '-', '1--3']) {
      const res = await get(a.token, `?tables=${encodeURIComponent(q)}`);
      expect(res.headers['content-type']).toContain('json');
      expect(res.json(), q).toEqual({ status: 422, message: expect.any(String), errors: { tables: [TABLE_MSG.rangeInvalid] } });
    }
  });

  it('no table count: one card for the menu, without a table', async () => {
    await t.db.updateTable('settings').set({ deskcount: null }).where('user_id', '=', a.userId).execute();
    const text = await pages((await get(a.token)).rawPayload);
    await t.db.updateTable('settings').set({ deskcount: 8 }).where('user_id', '=', a.userId).execute();
    expect(text).toHaveLength(1);
    expect(cardsOn(text[0]!)).toBe(1);
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
