import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_MSG, ADMIN_LISTS, type AdminListName } from '@qrmenu/contract';
import { createAccount } from '../accounts/index.js';
import { buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { getAs } from '../../../test/admin-lists-fixture.js';

/**
 * Turkish order and keyset paging of the admin lists, on the database the tests run on (SQLite, or
 * PostgreSQL with DATABASE_URL): names with every Turkish letter sort as Turkish does, every column
 * of the users table sorts, and pages reached forwards (`after`), backwards (`before`) or by number
 * are exactly the slices of the whole ordered list (what OFFSET would answer).
 */
const NAMES = ['Zeytin', 'Çiçek Cafe', 'sade', 'Işık', 'Cadde', 'İnci', 'Şahin', 'Ihlamur', 'ılgın', 'Öykü', 'Oba', 'Ülker', 'Umut', 'Ğ Harfi', 'Gül'] as const;
/** The same names in Turkish order (case-insensitive: "sade" between Oba… and Şahin). */
const TURKISH = ['Cadde', 'Çiçek Cafe', 'Gül', 'Ğ Harfi', 'Ihlamur', 'ılgın', 'Işık', 'İnci', 'Oba', 'Öykü', 'sade', 'Şahin', 'Umut', 'Ülker', 'Zeytin'];
const ADDRESSES = ['Çarşı Cd. 1', 'Cami Sk. 2', 'Işıklar Mh.', 'İnönü Cd.', 'Ilıca Sk.', 'Şehitler Cd.', 'Saray Sk.', 'Ulus Mh.', 'Ünye Yolu', 'Oba Sk.', 'Ördek Sk.', 'Gazi Cd.', 'Güzelyalı', 'Zafer Mh.', 'Atatürk Cd.'];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t.app);
  token = admin.token;
  const db = t.app.db;
  for (const [i, name] of NAMES.entries()) {
    const userId = (await createAccount(db, { name: `${name} Sahibi`, email: `tr${String(i).padStart(2, '0')}@sirala.test`, passwordHash: 'x', role: 'user' }, new Date().toISOString()))!;
    const at = `2026-0${1 + (i % 9)}-1${i % 10}T10:00:00.000Z`;
    await db
      .updateTable('settings')
      .set({ name: `${name} Sahibi`, companyname: name, address: ADDRESSES[i], tel: `05${(i * 7919) % 1000}`.padEnd(11, '0'), deskcount: i % 4 === 0 ? null : (i * 5) % 17, city: (i % 5) + 1, count: (i * 13) % 7, created_at: at })
      .where('user_id', '=', userId)
      .execute();
    for (const c of [0, 1]) {
      const { id: categoryId } = await db
        .insertInto('categories')
        .values({ user_id: userId, name: c ? `${name} ${c}` : name, description: null, image: null, status: '1', count: i % 3, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const p of [0, 1]) {
        await db
          .insertInto('products')
          .values({ user_id: userId, category_id: categoryId, name: `${name} ${c}${p}`, description: null, selling_price: p && i % 3 === 0 ? null : 500 + ((i + c) % 4) * 100, original_price: null, allergen: null, image: null, status: '1', created_at: at, updated_at: at })
          .execute();
      }
    }
    await db.insertInto('messages').values({ name, surname: null, companyname: null, mail: `m${i}@sirala.test`, tel: '05321234567', message: 'Merhaba', read_at: null, created_at: at }).execute();
    await db.insertInto('audit_log').values({ at, admin_id: admin.userId, admin_email: `yonetici${i % 4}@sirala.test`, action: i % 2 ? 'update-user' : 'delete-user', target_user_id: userId, target_message_id: null, changes: '{}' }).execute();
  }
});
afterAll(async () => t.close());

const get = (url: string) => getAs(t.app, token, url);
const LISTS: Record<AdminListName, { url: string; key: string }> = {
  users: { url: '/api/view-user', key: 'users' },
  categories: { url: '/api/admin/categories', key: 'categories' },
  products: { url: '/api/admin/products', key: 'products' },
  messages: { url: '/api/admin/messages', key: 'messages' },
  audit: { url: '/api/admin/audit', key: 'entries' },
};
function ids(body: any, list: AdminListName): number[] {
  expect(body.status, JSON.stringify(body)).toBe(200);
  return (body[LISTS[list].key] as any[]).map((r) => r.id);
}
const tr = new Intl.Collator('tr', { sensitivity: 'base' });

describe('Turkish order', () => {
  it.each([
    ['users', 'companyname', (r: any) => r.companyname],
    ['users', 'name', (r: any) => r.name.replace(' Sahibi', '')],
    ['categories', 'name', (r: any) => r.name],
    ['messages', 'name', (r: any) => r.name],
  ] as const)('%s sort=%s: Ç after C, Ğ after G, I before İ, Ö after O, Ş after S, Ü after U, case-insensitive', async (list, sort, name) => {
    const asc = (await get(`${LISTS[list].url}?per_page=100&sort=${sort}&dir=asc`))[LISTS[list].key] as any[];
    const names = asc.map(name).filter((n: string) => (NAMES as readonly string[]).includes(n));
    expect(names).toEqual(TURKISH);
    const desc = (await get(`${LISTS[list].url}?per_page=100&sort=${sort}&dir=desc`))[LISTS[list].key] as any[];
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
  });

  it('products by name and by category: Turkish order too', async () => {
    const byName = (await get('/api/admin/products?per_page=100&sort=name&dir=asc')).products as any[];
    expect([...new Set(byName.map((p) => p.name.replace(/ \d+$/, '')))]).toEqual(TURKISH);
    const byCategory = (await get('/api/admin/products?per_page=100&sort=category&dir=asc')).products as any[];
    expect([...new Set(byCategory.map((p) => p.category.name.replace(/ \d$/, '')))]).toEqual(TURKISH);
  });

  it('the users table sorts by every column (Masa Sayısı, address and phone too), Turkish text order, ties by id', async () => {
    const users = ADMIN_LISTS.users.sort;
    expect(users).toEqual(expect.arrayContaining(['deskcount', 'address', 'tel']));
    const value = (r: any, col: string): string | number => (col === 'deskcount' ? (r.deskcount ?? -1) : r[col]);
    for (const col of users) {
      const asc = (await get(`/api/view-user?per_page=100&sort=${col}&dir=asc`)).users as any[];
      expect(asc.length, col).toBe(NAMES.length);
      const expected = [...asc].sort((a, b) => {
        const [x, y] = [value(a, col), value(b, col)];
        const c = typeof x === 'string' && col !== 'tel' && col !== 'created_at' && col !== 'email' ? tr.compare(x, y as string) : x < y ? -1 : x > y ? 1 : 0;
        return c !== 0 ? c : a.id - b.id;
      });
      expect(asc.map((r) => r.id), col).toEqual(expected.map((r) => r.id));
      const desc = (await get(`/api/view-user?per_page=100&sort=${col}&dir=desc`)).users as any[];
      expect(desc.map((r) => r.id), col).toEqual(asc.map((r) => r.id).reverse());
    }
    const byAddress = (await get('/api/view-user?per_page=100&sort=address&dir=asc')).users as any[];
    expect(byAddress.slice(0, 4).map((u) => u.address)).toEqual(['Atatürk Cd.', 'Cami Sk. 2', 'Çarşı Cd. 1', 'Gazi Cd.']);
  });
});

describe('keyset paging', () => {
  const cases: Array<[AdminListName, string, 'asc' | 'desc']> = [
    ['users', 'companyname', 'asc'],
    ['users', 'deskcount', 'desc'],
    ['users', 'created_at', 'desc'],
    ['categories', 'name', 'desc'],
    ['categories', 'companyname', 'asc'],
    ['products', 'id', 'desc'],
    ['products', 'name', 'asc'],
    ['products', 'selling_price', 'asc'],
    ['products', 'category', 'desc'],
    ['products', 'companyname', 'desc'],
    ['messages', 'name', 'asc'],
    ['audit', 'admin_email', 'asc'],
  ];

  it.each(cases)('%s sort=%s %s: forwards by `next`, backwards by `prev`, and every page number give the slices of the whole list', async (list, sort, dir) => {
    const { url } = LISTS[list];
    const base = `${url}?sort=${sort}&dir=${dir}`;
    const whole = ids(await get(`${base}&per_page=100`), list);
    expect(whole.length).toBeGreaterThan(10);
    const per = 5;
    const pages = Math.ceil(whole.length / per);
    const slice = (n: number) => whole.slice((n - 1) * per, n * per);
    // page numbers (the "go to page" input): each equals OFFSET's answer
    const byNumber: any[] = [];
    for (let n = 1; n <= pages; n++) {
      const body = await get(`${base}&per_page=${per}&page=${n}`);
      expect(ids(body, list), `page ${n}`).toEqual(slice(n));
      expect(body.prev != null, `page ${n} prev`).toBe(n > 1);
      expect(body.next != null, `page ${n} next`).toBe(n < pages);
      byNumber.push(body);
    }
    expect((await get(`${base}&per_page=${per}&page=${pages + 1}`))[LISTS[list].key]).toEqual([]);
    // forwards from page 1 by the answers' `next`
    let body = byNumber[0];
    for (let n = 2; n <= pages; n++) {
      body = await get(`${base}&per_page=${per}&page=${n}&after=${body.next}`);
      expect(ids(body, list), `after → page ${n}`).toEqual(slice(n));
    }
    expect(body.next).toBeUndefined();
    // backwards from the last page by `prev`
    body = byNumber[pages - 1];
    for (let n = pages - 1; n >= 1; n--) {
      body = await get(`${base}&per_page=${per}&page=${n}&before=${body.prev}`);
      expect(ids(body, list), `before → page ${n}`).toEqual(slice(n));
    }
    expect(body.prev).toBeUndefined();
  });

  it('a search pages by keyset too', async () => {
    const all = await get('/api/admin/products?q=sa&sort=name&dir=asc&per_page=100');
    expect(all.status, JSON.stringify(all)).toBe(200);
    const whole = ids(all, 'products');
    expect(whole.length).toBe(8);
    const first = await get('/api/admin/products?q=sa&sort=name&dir=asc&per_page=5');
    const second = await get(`/api/admin/products?q=sa&sort=name&dir=asc&per_page=5&page=2&after=${first.next}`);
    expect([...ids(first, 'products'), ...ids(second, 'products')]).toEqual(whole);
    expect(ids(await get('/api/admin/products?q=sa&sort=name&dir=asc&per_page=5&page=2'), 'products')).toEqual(whole.slice(5));
  });
});

describe('bad paging parameters → body 422 in Turkish, nothing read', () => {
  it.each([
    ['/api/admin/products?after=bozuk!imlec', 'after'],
    [`/api/admin/products?after=${Buffer.from('[1,2,3]').toString('base64url')}`, 'after'],
    [`/api/admin/products?sort=name&before=${Buffer.from(JSON.stringify(['id', 5])).toString('base64url')}`, 'before'],
    [`/api/view-user?sort=deskcount&after=${Buffer.from(JSON.stringify(['deskcount', 'çok', 1])).toString('base64url')}`, 'after'],
    ['/api/admin/audit?after=', undefined],
  ] as const)('%s', async (url, field) => {
    const body = await get(url);
    if (!field) return expect(body.status).toBe(200);
    expect(body).toMatchObject({ status: 422, message: ADMIN_LIST_MSG.invalid, errors: { [field]: [ADMIN_LIST_MSG.cursor] } });
  });

  it('after and before together, an unknown sort, page 0', async () => {
    expect(await get('/api/admin/messages?after=abc&before=abc')).toMatchObject({ status: 422, errors: { before: [ADMIN_LIST_MSG.bothCursors] } });
    expect(await get('/api/view-user?sort=sifre')).toMatchObject({ status: 422, errors: { sort: [ADMIN_LIST_MSG.sort(ADMIN_LISTS.users.sort)] } });
    expect(await get('/api/admin/products?page=0')).toMatchObject({ status: 422, errors: { page: [ADMIN_LIST_MSG.page] } });
  });
});
