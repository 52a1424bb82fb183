import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgres, registerOwner, type TestApp } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';

/**
 * An edit writes only the columns that change (products.repository.ts, `updateProduct`): a price
 * edit leaves the name, its search index and its trigger untouched. Observed with `UPDATE OF`
 * triggers, which fire when the UPDATE names the column (on both databases), whatever its value.
 */
const WATCHED = ['name', 'selling_price', 'status', 'category_id', 'description'] as const;

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let cat: number;
let cat2: number;

async function watchWrites() {
  await sql`create table written_columns (col text not null)`.execute(t.db);
  for (const col of WATCHED) {
    if (isPostgres()) {
      await sql.raw(`create function written_${col}() returns trigger language plpgsql as $$ begin insert into written_columns values ('${col}'); return null; end $$`).execute(t.db);
      await sql.raw(`create trigger written_${col} after update of ${col} on products for each row execute function written_${col}()`).execute(t.db);
    } else {
      await sql.raw(`create trigger written_${col} after update of ${col} on products begin insert into written_columns values ('${col}'); end`).execute(t.db);
    }
  }
}

/** The watched columns the requests since the last call named in their UPDATEs (sorted, once each). */
async function written(): Promise<string[]> {
  const rows = (await sql<{ col: string }>`select col from written_columns`.execute(t.db)).rows;
  await sql`delete from written_columns`.execute(t.db);
  return [...new Set(rows.map((r) => r.col))].sort();
}

const edit = async (id: number, fields: Record<string, string | number>) => {
  const res = await sendForm(t.app, `/api/update-product/${id}`, owner.token, fields);
  expect(res.json().status, res.body).toBe(200);
  return res.json().product as { name: string; selling_price: number | string; category_id: number; status: string; description?: string | null };
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerOwner(t.app);
  const category = async (name: string) => (await sendForm(t.app, '/api/store-category', owner.token, { name })).json().category.id as number;
  cat = await category('Çorbalar');
  cat2 = await category('Ana Yemekler');
  await watchWrites();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/update-product/{id}: only what changes is written', () => {
  it('a price edit names the price alone; the answer, the stored row and the price history are right', async () => {
    const created = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name: 'Mercimek Çorbası', description: 'Ev yapımı', selling_price: '85' })).json().product as { id: number };
    await written();
    const p = await edit(created.id, { category_id: cat, name: 'Mercimek Çorbası', description: 'Ev yapımı', selling_price: '90,50', status: '1' });
    expect(await written()).toEqual(['selling_price']);
    expect(p).toMatchObject({ name: 'Mercimek Çorbası', category_id: cat, description: 'Ev yapımı' });
    expect(Number(p.selling_price)).toBe(90.5);
    const row = await t.db.selectFrom('products').select(['name', 'selling_price', 'status', 'description']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Mercimek Çorbası', selling_price: 9050, status: '1', description: 'Ev yapımı' });
    const history = await t.db.selectFrom('price_history').select(['old_selling', 'new_selling']).where('product_id', '=', created.id).execute();
    expect(history).toEqual([{ old_selling: 8500, new_selling: 9050 }]);

    // the same form again: nothing watched is named
    await edit(created.id, { category_id: cat, name: 'Mercimek Çorbası', description: 'Ev yapımı', selling_price: '90,50', status: '1' });
    expect(await written()).toEqual([]);
  });

  it('a changed name, category, status and a cleared description are each written', async () => {
    const created = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name: 'Ezogelin', description: 'Acılı', selling_price: '80' })).json().product as { id: number };
    await written();
    const p = await edit(created.id, { category_id: cat2, name: 'Ezogelin Çorbası', selling_price: '80', status: '0' });
    expect(await written()).toEqual(['category_id', 'description', 'name', 'status']);
    expect(p).toMatchObject({ name: 'Ezogelin Çorbası', category_id: cat2, status: '0' });
    const row = await t.db.selectFrom('products').select(['name', 'category_id', 'status', 'description', 'selling_price']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Ezogelin Çorbası', category_id: cat2, status: '0', description: null, selling_price: 8000 });
    // no price change: no price history
    expect(await t.db.selectFrom('price_history').select('id').where('product_id', '=', created.id).execute()).toEqual([]);
  });
});
