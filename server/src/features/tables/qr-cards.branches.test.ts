import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { BRANCH_MSG, TABLE_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { crop, decodeQr, pdfPages } from '../../../test/qr-decode.js';

/**
 * Table cards per branch (issue 43 item 1): `GET /api/qr-cards.pdf?branch=N` prints an extra
 * branch's cards — codes to its address with ?masa=N, its name and Wi-Fi, its table count.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
let kadikoy: { id: number; slug: string };
let otherBranch: { id: number };

const get = (token: string | undefined, query = '') => t.app.inject({ url: `/api/qr-cards.pdf${query}`, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

async function texts(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text;
}

/** Every code of the PDF, read from the rendered pages (one per quarter of a page). */
async function codes(pdf: Buffer): Promise<string[]> {
  const found: string[] = [];
  for (const page of await pdfPages(pdf)) {
    for (const [qx, qy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
      const code = decodeQr(crop(page, (qx * page.width) / 2, (qy * page.height) / 2, page.width / 2, page.height / 2));
      if (code) found.push(code.text);
    }
  }
  return found;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Çınar Kafe'); // the main branch: 8 tables, no Wi-Fi
  b = await createBusiness(t.app, 'Başka Kafe');
  await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', 'in', [a.userId, b.userId]).execute();
  kadikoy = (await post('/api/branches', { name: 'Kadıköy', deskcount: 5, wifi_name: 'Çınar Misafir', wifi_password: 'cay-simit-34' }, a.token)).json().branch;
  otherBranch = (await post('/api/branches', { name: 'Beşiktaş', deskcount: 3 }, b.token)).json().branch;
});
afterAll(async () => t.close());

describe('GET /api/qr-cards.pdf?branch=', () => {
  it("prints the branch's tables: every code decodes to the branch's address with ?masa=N", async () => {
    const res = await get(a.token, `?branch=${kadikoy.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await codes(res.rawPayload)).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `http://qr.test/qr/${kadikoy.slug}?masa=${n}`));
  });

  it("each card shows the branch's name and its Wi-Fi; the main branch's cards stay as they were", async () => {
    const [first, second] = await texts((await get(a.token, `?branch=${kadikoy.id}`)).rawPayload);
    expect(first).toContain('Çınar Kafe – Kadıköy');
    expect(first).toContain(TABLE_MSG.cardWifi('Çınar Misafir', 'cay-simit-34'));
    expect((first.match(/Wi-Fi: Çınar Misafir/g) ?? []).length).toBe(4);
    expect(second).toContain('Masa 5');
    expect(second).not.toContain('Masa 6');
    const main = await texts((await get(a.token, '?branch=0')).rawPayload);
    expect(main).toHaveLength(2);
    expect(main[0]).not.toContain('Kadıköy');
    expect(main[0]).not.toContain('Wi-Fi');
    expect((await codes((await get(a.token, '?tables=8')).rawPayload))).toEqual([`http://qr.test/qr/${a.slug}?masa=8`]);
  });

  it("the main branch's cards carry its own Wi-Fi once it has one", async () => {
    await t.db.updateTable('settings').set({ wifi_name: 'Çınar Ana', wifi_password: null }).where('user_id', '=', a.userId).execute();
    const [first] = await texts((await get(a.token, '?tables=1')).rawPayload);
    await t.db.updateTable('settings').set({ wifi_name: null }).where('user_id', '=', a.userId).execute();
    expect(first).toContain(TABLE_MSG.cardWifi('Çınar Ana', null));
    expect(first).not.toContain('Şifre');
    expect(first).not.toContain('Kadıköy');
  });

  it("a range is checked against the branch's table count (5), not the main branch's (8)", async () => {
    expect(await codes((await get(a.token, `?branch=${kadikoy.id}&tables=2,4`)).rawPayload)).toEqual([
      `http://qr.test/qr/${kadikoy.slug}?masa=2`, `http://qr.test/qr/${kadikoy.slug}?masa=4`,
    ]);
    const res = await get(a.token, `?branch=${kadikoy.id}&tables=6-8`);
    expect(res.json()).toEqual({ status: 422, message: expect.any(String), errors: { tables: [TABLE_MSG.rangeInvalid] } });
  });

  it('a branch without a table count: one card for its address, without ?masa', async () => {
    const noTables = (await post('/api/branches', { name: 'Moda' }, a.token)).json().branch;
    const res = await get(a.token, `?branch=${noTables.id}`);
    expect(await codes(res.rawPayload)).toEqual([`http://qr.test/qr/${noTables.slug}`]);
    const [text] = await texts(res.rawPayload);
    expect(text).toContain('Çınar Kafe – Moda');
    expect(text).not.toMatch(/Masa \d/);
  });

  it("another owner's branch or an unknown one: body 404; a malformed one: body 422 in Turkish", async () => {
    for (const id of [otherBranch.id, 999999]) expect((await get(a.token, `?branch=${id}`)).json()).toMatchObject({ status: 404 });
    for (const q of ['abc', '-1', '1.5', '00']) {
      expect((await get(a.token, `?branch=${q}`)).json(), q).toEqual({ status: 422, message: BRANCH_MSG.branchRequired, errors: { branch: [BRANCH_MSG.branchRequired] } });
    }
  });

  it('no token: 401; an admin (wrong role): 403', async () => {
    expect((await get(undefined, `?branch=${kadikoy.id}`)).statusCode).toBe(401);
    const admin = await createAdmin(t.app);
    expect((await get(admin.token, `?branch=${kadikoy.id}`)).statusCode).toBe(403);
  });
});
