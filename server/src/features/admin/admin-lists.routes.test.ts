import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_MSG, ADMIN_LISTS, matchesWords, PER_PAGE_OPTIONS, searchWords } from '@qrmenu/contract';
import { buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { describeAdminGuard } from '../../../test/admin-guard.js';
import { BUSINESSES, getAs, seedPlatform, type Platform } from '../../../test/admin-lists-fixture.js';

let t: TestApp;
let token: string;
let platform: Platform;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await createAdmin(t.app)).token;
  platform = await seedPlatform(t.app);
});
afterAll(async () => t.close());

const get = (url: string) => getAs(t.app, token, url);

const LISTS = {
  users: { url: '/api/view-user', key: 'users' },
  categories: { url: '/api/admin/categories', key: 'categories' },
  products: { url: '/api/admin/products', key: 'products' },
} as const;
type ListName = keyof typeof LISTS;
const NAMES = Object.keys(LISTS) as ListName[];
const idsOf = (body: any, list: ListName): number[] => body[LISTS[list].key].map((r: any) => r.id);
const allIds = (list: ListName) => (list === 'users' ? platform.users : list === 'categories' ? platform.categories : platform.products);


describe('paging', () => {
  it.each(NAMES)('%s: pages of 5 cover every row once, in the order of one large page; past the end is empty', async (list) => {
    const whole = await get(`${LISTS[list].url}?per_page=100`);
    expect(whole).toMatchObject({ status: 200, total: allIds(list).length, page: 1, per_page: 100 });
    expect([...idsOf(whole, list)].sort((a, b) => a - b)).toEqual([...allIds(list)].sort((a, b) => a - b));
    const seen: number[] = [];
    const pages = Math.ceil(whole.total / 5);
    for (let page = 1; page <= pages; page++) {
      const body = await get(`${LISTS[list].url}?per_page=5&page=${page}`);
      expect(body).toMatchObject({ status: 200, total: whole.total, page, per_page: 5 });
      expect(idsOf(body, list).length).toBe(page < pages ? 5 : whole.total - 5 * (pages - 1));
      seen.push(...idsOf(body, list));
    }
    // the pages of the second half are read backwards from the end: same rows, same order
    expect(seen).toEqual(idsOf(whole, list));
    const past = await get(`${LISTS[list].url}?per_page=5&page=${pages + 1}`);
    expect(past).toMatchObject({ status: 200, total: whole.total, page: pages + 1, [LISTS[list].key]: [] });
  });

  it.each(NAMES)('%s: without parameters the first 20 rows, newest first, under the usual key', async (list) => {
    const body = await get(LISTS[list].url);
    expect(body).toMatchObject({ status: 200, page: 1, per_page: 20, total: allIds(list).length });
    expect(Array.isArray(body[LISTS[list].key])).toBe(true);
    expect(idsOf(body, list).length).toBe(Math.min(20, allIds(list).length));
    if (list !== 'users') expect(idsOf(body, list)).toEqual([...allIds(list)].sort((a, b) => b - a).slice(0, 20));
  });

  it.each(PER_PAGE_OPTIONS)('per_page=%i is accepted on every list', async (n) => {
    for (const list of NAMES) {
      const body = await get(`${LISTS[list].url}?per_page=${n}`);
      expect(body.per_page).toBe(n);
      expect(idsOf(body, list).length).toBe(Math.min(n, allIds(list).length));
    }
  });

  it.each(['7', '0', '1000', 'abc', '-5', '2.5'])('per_page=%s → body 422 naming the allowed sizes', async (v) => {
    for (const list of NAMES) {
      const body = await get(`${LISTS[list].url}?per_page=${v}`);
      expect(body).toMatchObject({ status: 422, message: ADMIN_LIST_MSG.invalid, errors: { per_page: [ADMIN_LIST_MSG.perPage] } });
    }
  });

  it.each(['0', '-1', 'x', '1.5', '99999999999'])('page=%s → body 422', async (v) => {
    for (const list of NAMES) expect(await get(`${LISTS[list].url}?page=${v}`)).toMatchObject({ status: 422, errors: { page: [ADMIN_LIST_MSG.page] } });
  });
});

describe('search (q), Turkish letters folded as slugs are', () => {
  const business = (i: number) => `${BUSINESSES[i].company} ${BUSINESSES[i].owner} isletme-${i + 1} sahip${i + 1}@liste.test`;
  it.each(['çınar', 'CINAR', 'İSTANBUL', 'ıstanbul', 'istanbul', 'IŞIK', 'isik', 'şirin', 'SIRIN', 'güneş döner', 'GUNES DONER', 'ozturk', 'ÖZTÜRK', 'ipek', 'İPEK', 'ilgaz', 'sahip3', 'isletme-6', 'kafe ayse', 'yok-boyle-bir-sey'])(
    'users q=%s: business name, owner name, slug or e-mail, every word',
    async (q) => {
      const expected = platform.users.filter((_, i) => matchesWords(business(i), searchWords(q)));
      const body = await get(`/api/view-user?per_page=100&q=${encodeURIComponent(q)}`);
      expect(body.total).toBe(expected.length);
      expect(body.users.map((u: any) => u.user_id).sort()).toEqual([...expected].sort());
    },
  );

  it('a few known answers (the folding, not only agreement with the reference)', async () => {
    const names = async (q: string) => (await get(`/api/view-user?per_page=100&q=${encodeURIComponent(q)}`)).users.map((u: any) => u.companyname);
    expect(await names('ISIK')).toEqual(['Işık Büfe']);
    expect(await names('istanbul')).toEqual(['İstanbul Lokantası']);
    expect(await names('SIRIN')).toEqual(['Şirin Pastanesi']);
    expect(await names('cinar')).toEqual(['Çınar Kafe']);
    const products = (await get(`/api/admin/products?per_page=100&q=${encodeURIComponent('ılık süt')}`)).products;
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) expect(p.name.startsWith('Ilık Süt')).toBe(true);
  });

  const nameSearch = (list: 'categories' | 'products', queries: string[]) =>
    it.each(queries)(`${list} q=%s: every word in the name (3+ letters through the trigram index, shorter ones too)`, async (q) => {
      const whole = (await get(`${LISTS[list].url}?per_page=100`))[LISTS[list].key] as Array<{ id: number; name: string }>;
      const expected = whole.filter((r) => matchesWords(r.name, searchWords(q))).map((r) => r.id);
      const body = await get(`${LISTS[list].url}?per_page=100&q=${encodeURIComponent(q)}`);
      expect(body.total).toBe(expected.length);
      expect(idsOf(body, list)).toEqual(expected);
      if (!q.startsWith('yok')) expect(expected.length).toBeGreaterThan(0);
    });
  nameSearch('products', ['iskender', 'İSKENDER', 'ıskender', 'şakşuka', 'SAKSUKA', 'çay', 'CAY', 'ılık süt', 'ILIK', 'köfte', 'ay', 'ko', 'gözleme 4', 'yoktur']);
  nameSearch('categories', ['içecek', 'ICECEKLER', 'çorba', 'CORBALAR', 'tatlı', 'TATLILAR', 'ta', 'yoktur']);

  it('a renamed product is found by its new name at once (the search columns follow every write)', async () => {
    const id = platform.products[0];
    await t.db.updateTable('products').set({ name: 'Şöbiyet Özel' }).where('id', '=', id).execute();
    expect(idsOf(await get('/api/admin/products?q=sobiyet'), 'products')).toEqual([id]);
    expect(idsOf(await get('/api/admin/products?q=sobiyet%20oz'), 'products')).toEqual([id]);
    await t.db.deleteFrom('products').where('id', '=', id).execute();
    expect((await get('/api/admin/products?q=sobiyet')).total).toBe(0);
    expect((await get('/api/admin/products?q=sobiyet%20oz')).total).toBe(0);
    platform.products.shift();
  });

  it('q longer than 100 characters → body 422', async () => {
    expect(await get(`/api/admin/products?q=${'a'.repeat(101)}`)).toMatchObject({ status: 422, errors: { q: [ADMIN_LIST_MSG.q] } });
  });
});

describe('filters', () => {
  it.each([
    ['status', '1'], ['status', '0'], ['userlevel', '0'], ['userlevel', '1'], ['userlevel', '2'], ['qr_status', '1'], ['qr_status', '0'],
  ] as const)('users %s=%s', async (name, value) => {
    const key = { status: 'status', userlevel: 'level', qr_status: 'qr' } as const;
    const expected = platform.users.filter((_, i) => String(BUSINESSES[i][key[name]]) === value);
    const body = await get(`/api/view-user?per_page=100&${name}=${value}`);
    expect(body.users.map((u: any) => u.user_id).sort()).toEqual([...expected].sort());
    expect(body.total).toBe(expected.length);
  });

  it.each([['categories', '1'], ['categories', '0'], ['products', '1'], ['products', '0']] as const)('%s status=%s', async (list, value) => {
    const table = list === 'categories' ? 'categories' : 'products';
    const rows = await t.db.selectFrom(table).select('id').where('status', '=', value).execute();
    const body = await get(`${LISTS[list].url}?per_page=100&status=${value}`);
    expect(body.total).toBe(rows.length);
    expect(idsOf(body, list).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    for (const r of body[LISTS[list].key]) expect(r.status).toBe(value);
  });

  it.each(['categories', 'products'] as const)('%s business=ÇINAR / ayse / isletme-1: the business name, owner name or slug, folded', async (list) => {
    const whole = (await get(`${LISTS[list].url}?per_page=100`))[LISTS[list].key] as Array<{ id: number; companyname: string }>;
    const expected = whole.filter((r) => r.companyname === 'Çınar Kafe').map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    for (const q of ['ÇINAR', 'ayse yilmaz', 'isletme-1']) expect(idsOf(await get(`${LISTS[list].url}?per_page=100&business=${encodeURIComponent(q)}`), list)).toEqual(expected);
  });

  it('totals without search come from the kept counts and follow inserts, status changes and (cascading) deletes', async () => {
    const check = async () => {
      for (const table of ['categories', 'products'] as const) {
        const all = Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        expect((await get(`/api/admin/${table}`)).total).toBe(all);
        for (const st of ['0', '1']) {
          const n = Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', st).executeTakeFirstOrThrow()).n);
          expect((await get(`/api/admin/${table}?status=${st}`)).total).toBe(n);
        }
      }
    };
    await check();
    const [a, b] = platform.products.slice(-2);
    await t.db.updateTable('products').set({ status: '0' }).where('id', 'in', [a, b]).execute();
    await t.db.updateTable('products').set({ name: 'Yeni Ad' }).where('id', '=', a).execute();
    await check();
    await t.db.updateTable('products').set({ status: '1' }).where('id', 'in', [a, b]).execute();
    const extra = platform.categories.at(-1)!;
    const now = new Date().toISOString();
    const owner = (await t.db.selectFrom('categories').select('user_id').where('id', '=', extra).executeTakeFirstOrThrow()).user_id;
    const { id: cat } = await t.db.insertInto('categories').values({ user_id: owner, name: 'Geçici', description: null, image: null, status: '0', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('products').values([1, 2, 3].map((i) => ({ user_id: owner, category_id: cat, name: `Geçici ${i}`, description: null, selling_price: 100, original_price: null, allergen: null, image: null, status: i === 1 ? '0' : '1', created_at: now, updated_at: now }))).execute();
    await check();
    await t.db.deleteFrom('categories').where('id', '=', cat).execute(); // its products go with it (foreign key)
    await check();
  });

  it('filters and search together', async () => {
    const body = await get('/api/view-user?per_page=100&status=1&userlevel=0&q=kafe');
    expect(body.users.map((u: any) => u.companyname)).toEqual(['Çınar Kafe']);
  });

  it.each([
    ['/api/view-user?status=2', 'status', ['0', '1']], ['/api/view-user?userlevel=5', 'userlevel', ['0', '1', '2']], ['/api/view-user?qr_status=evet', 'qr_status', ['0', '1']],
    ['/api/admin/categories?status=aktif', 'status', ['0', '1']], ['/api/admin/products?status=9', 'status', ['0', '1']],
  ] as const)('%s → body 422 with a Turkish message', async (url, name, values) => {
    expect(await get(url)).toMatchObject({ status: 422, message: ADMIN_LIST_MSG.invalid, errors: { [name]: [ADMIN_LIST_MSG.filter(name, values)] } });
  });
});

describe('sort', () => {
  // Turkish order, case-insensitive (an independent oracle: ICU's Turkish collation in Node)
  const tr = new Intl.Collator('tr', { sensitivity: 'base' });
  const cmp = (a: string | number, b: string | number) => (typeof a === 'string' && typeof b === 'string' ? tr.compare(a, b) : Number(a) - Number(b));
  const KEYS: Record<ListName, Record<string, (r: any) => string | number>> = {
    users: {
      id: (r) => r.id, name: (r) => r.name, companyname: (r) => r.companyname, email: (r) => r.email, address: (r) => r.address, city: (r) => r.city, tel: (r) => r.tel,
      deskcount: (r) => r.deskcount ?? -1, count: (r) => r.count, qr_status: (r) => r.qr_status, status: (r) => r.status, userlevel: (r) => r.userlevel, created_at: (r) => r.created_at,
    },
    categories: { id: (r) => r.id, name: (r) => r.name, companyname: (r) => r.companyname, count: (r) => r.count, status: (r) => r.status, created_at: (r) => r.created_at },
    products: { id: (r) => r.id, name: (r) => r.name, category: (r) => r.category.name, companyname: (r) => r.companyname, selling_price: (r) => r.selling_price ?? -1, status: (r) => r.status, created_at: (r) => r.created_at },
  };
  const cases = NAMES.flatMap((list) => ADMIN_LISTS[list].sort.map((col) => [list, col] as const));

  it('every sortable column of the contract is checked here', () => {
    for (const list of NAMES) expect(Object.keys(KEYS[list]).sort()).toEqual([...ADMIN_LISTS[list].sort].sort());
  });

  it.each(cases)('%s sort=%s: ascending by the column (ties by id), descending exactly the reverse, paged the same', async (list, col) => {
    const key = KEYS[list][col];
    const asc = (await get(`${LISTS[list].url}?per_page=100&sort=${col}&dir=asc`))[LISTS[list].key] as any[];
    const desc = (await get(`${LISTS[list].url}?per_page=100&sort=${col}&dir=desc`))[LISTS[list].key] as any[];
    expect(asc.length).toBe(allIds(list).length);
    for (let i = 1; i < asc.length; i++) {
      const [a, b] = [key(asc[i - 1]), key(asc[i])];
      const c = cmp(a, b);
      expect(c < 0 || (c === 0 && asc[i - 1].id < asc[i].id), `${col}: ${a} before ${b}`).toBe(true);
    }
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
    // the last page (read backwards) agrees with the whole list
    const total = asc.length;
    const last = await get(`${LISTS[list].url}?per_page=5&sort=${col}&dir=asc&page=${Math.ceil(total / 5)}`);
    expect(idsOf(last, list)).toEqual(asc.slice(5 * (Math.ceil(total / 5) - 1)).map((r) => r.id));
  });

  it.each([
    ['/api/view-user?sort=password_hash', 'users'], ['/api/admin/categories?sort=user_id', 'categories'], ['/api/admin/products?sort=name;drop', 'products'],
  ] as const)('%s → body 422 listing the sortable columns', async (url, list) => {
    expect(await get(url)).toMatchObject({ status: 422, errors: { sort: [ADMIN_LIST_MSG.sort(ADMIN_LISTS[list].sort)] } });
  });

  it('dir other than asc/desc → body 422; DESC in capitals is fine', async () => {
    expect(await get('/api/admin/products?sort=name&dir=up')).toMatchObject({ status: 422, errors: { dir: [ADMIN_LIST_MSG.dir] } });
    expect((await get('/api/admin/products?sort=name&dir=DESC')).status).toBe(200);
  });
});

// last: the guard registers owners, which would join the users list above
describeAdminGuard(() => t, [
  ['GET', '/api/view-user?page=2&per_page=5&q=kafe&sort=name&dir=asc&status=1'],
  ['GET', '/api/admin/categories?page=1&sort=nope'],
  ['GET', '/api/admin/products?per_page=7'],
], 'admin guard before the list parameters');
