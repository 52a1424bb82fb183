import { matchesWords, searchWords } from '@qrmenu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { SEARCH_LIMIT } from './pages/search-page.js';

/**
 * `/qr/{company}/ara` asks the database for the matching products only (at most SEARCH_LIMIT + 1)
 * instead of loading the whole menu: the results are those of the former way (every active
 * product checked with `matchesWords`), the first SEARCH_LIMIT shown with "ilk N sonuç".
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let big: Awaited<ReturnType<typeof createBusiness>>;

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const names = (html: string) => [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const text = (html: string) => html.replace(/<style[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Arama Lokantası');
  big = await createBusiness(t.app, 'Köfteci Büyük');
  const soups = (await addCategory(t.app, A.token, { name: 'Çorbalar' })).id;
  const sweets = (await addCategory(t.app, A.token, { name: 'Tatlılar' })).id;
  const off = (await addCategory(t.app, A.token, { name: 'Kapalı', status: '0' })).id;
  const lentil = (await addProduct(t.app, A.token, soups, { name: 'Mercimek Çorbası', description: 'Limonlu, kıtır ekmekle', selling_price: '90' })).id;
  await addProduct(t.app, A.token, soups, { name: 'Ezogelin', description: 'Bulgur ve naneyle', selling_price: '90' });
  await addProduct(t.app, A.token, soups, { name: 'İşkembe', selling_price: '120', status: '0' });
  await addProduct(t.app, A.token, sweets, { name: 'Crème Brûlée', description: 'Vanilyalı, karamelize', selling_price: '150' });
  await addProduct(t.app, A.token, sweets, { name: 'Sütlaç', description: 'Fırında; ÇITIR kabuklu', selling_price: '80' });
  await addProduct(t.app, A.token, sweets, { name: 'Kazandibi', selling_price: '85' });
  await addProduct(t.app, A.token, off, { name: 'Gizli Sütlaç', selling_price: '1' });
  await t.db.updateTable('settings').set({ languages: 'en' }).where('user_id', '=', A.userId).execute();
  await t.db.insertInto('product_translations').values({ product_id: lentil, lang: 'en', user_id: A.userId, name: 'Lentil Soup', description: 'With lemon and croutons', variants: '[]' }).execute();

  const cat = (await addCategory(t.app, big.token, { name: 'Köfteler' })).id;
  await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', big.userId).execute();
  for (let i = 1; i <= SEARCH_LIMIT + 10; i++) await addProduct(t.app, big.token, cat, { name: `Izgara Köfte ${i}`, selling_price: String(100 + i) });
});
afterAll(async () => t?.close());

/** The former way: every active product of an active category, in menu order, checked in JavaScript. */
async function formerResults(userId: number, q: string, lang?: string) {
  const rows = await t.db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('product_translations as tr', (j) => j.onRef('tr.product_id', '=', 'p.id').on('tr.lang', '=', lang ?? '-'))
    .select(['p.name', 'p.description', 'tr.name as tname', 'tr.description as tdesc'])
    .where('p.user_id', '=', userId).where('p.status', '=', '1').where('c.status', '=', '1')
    .orderBy('c.sort_order').orderBy('c.id').orderBy('p.sort_order').orderBy('p.id').execute();
  const words = searchWords(q);
  if (words.length === 0) return [];
  return rows
    .filter((r) => matchesWords(`${r.name} ${r.description ?? ''} ${r.tname || r.name} ${r.tdesc || r.description || ''}`, words))
    .map((r) => (r.tname || r.name));
}

describe('the diner’s search, read from the database', () => {
  it('answers what the former way answered, in Turkish and in a menu language', async () => {
    const queries = ['çorba', 'CORBASI', 'mercimek limon', 'ekmek', 'sütlaç', 'sutlac', 'çıtır', 'CITIR', 'creme', 'BRULEE', 'crème brûlée', 'karamel', 'i', 'a', 'işkembe', 'gizli', 'pizza', 'nane bulgur', '  '];
    for (const q of queries) {
      const html = await page(`/qr/${A.slug}/ara?q=${encodeURIComponent(q)}`);
      expect(names(html), q).toEqual(await formerResults(A.userId, q));
    }
    for (const q of ['lentil', 'LEMON', 'mercimek', 'croutons çorbası', 'sütlaç', 'soup kitir']) {
      const html = await page(`/qr/${A.slug}/ara?q=${encodeURIComponent(q)}&lang=en`);
      expect(names(html), `en: ${q}`).toEqual(await formerResults(A.userId, q, 'en'));
    }
    // sanity: the comparison compares something
    expect(names(await page(`/qr/${A.slug}/ara?q=creme`))).toEqual(['Crème Brûlée']);
    expect(names(await page(`/qr/${A.slug}/ara?q=lentil&lang=en`))).toEqual(['Lentil Soup']);
    expect(names(await page(`/qr/${A.slug}/ara?q=lentil`))).toEqual([]);
  });

  it(`shows at most ${SEARCH_LIMIT} products and says they are the first ${SEARCH_LIMIT}`, async () => {
    const html = await page(`/qr/${big.slug}/ara?q=kofte`);
    expect(names(html)).toEqual(Array.from({ length: SEARCH_LIMIT }, (_, i) => `Izgara Köfte ${i + 1}`));
    expect(text(html)).toContain(`“kofte” için ilk ${SEARCH_LIMIT} sonuç gösteriliyor; aramanızı daraltın.`);
    // a narrower search shows all it finds, with the count
    const narrow = await page(`/qr/${big.slug}/ara?q=${encodeURIComponent('köfte 5')}`);
    const fives = Array.from({ length: SEARCH_LIMIT + 10 }, (_, i) => `Izgara Köfte ${i + 1}`).filter((n) => n.includes('5'));
    expect(names(narrow)).toEqual(fives);
    expect(text(narrow)).toContain(`“köfte 5” için ${fives.length} ürün bulundu.`);
  });
});
