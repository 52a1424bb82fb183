import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';
import { first, fixedQuery } from './fixed-query.js';

let t: TestApp;
let a: { userId: number };
let b: { userId: number };
const cats: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const owners = [await registerOwner(t.app), await registerOwner(t.app, { name: 'Başka Sahip' })];
  for (const [i, o] of owners.entries()) {
    for (const name of ['Çorbalar', 'Tatlılar']) {
      cats[`${i}:${name}`] = (await sendForm(t.app, '/api/store-category', o.token, { name })).json().category.id;
    }
  }
  [a, b] = owners;
});
afterAll(async () => {
  await t.close();
});

describe('fixedQuery: built and compiled once, run with new values', () => {
  it('answers as the same query built each time, for every value, in and out of a transaction', async () => {
    let builds = 0;
    const byId = fixedQuery(['id', 'user'], (db, v) => {
      builds++;
      return db.selectFrom('categories').select(['id', 'name', 'user_id']).where('id', '=', v.id).where('user_id', '=', v.user);
    });
    const plain = (id: number, user: number) => t.db.selectFrom('categories').select(['id', 'name', 'user_id']).where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
    for (const [id, user] of [[cats['0:Çorbalar'], a.userId], [cats['0:Tatlılar'], a.userId], [cats['1:Çorbalar'], b.userId], [cats['1:Çorbalar'], a.userId], [999999, a.userId]]) {
      expect(await first(t.db, byId(t.db, { id, user }))).toEqual(await plain(id, user));
    }
    expect(await first(t.db, byId(t.db, { id: cats['1:Tatlılar'], user: b.userId }))).toMatchObject({ name: 'Tatlılar', user_id: b.userId });
    // another owner's id: nothing (the scope is a bound value like the id)
    expect(await first(t.db, byId(t.db, { id: cats['1:Tatlılar'], user: a.userId }))).toBeUndefined();
    const inTrx = await t.db.transaction().execute((trx) => first(trx, byId(trx, { id: cats['0:Tatlılar'], user: a.userId })));
    expect(inTrx).toMatchObject({ id: cats['0:Tatlılar'], name: 'Tatlılar' });
    expect(builds).toBe(1);
  });

  it('keeps the constants the builder wrote, and the values in their places', async () => {
    const named = fixedQuery(['user'], (db, v) => db.selectFrom('categories').select('name').where('user_id', '=', v.user).where('name', '=', 'Tatlılar').where('status', '=', '1'));
    expect((await t.db.executeQuery(named(t.db, { user: b.userId }))).rows).toEqual([{ name: 'Tatlılar' }]);
    const q = named(t.db, { user: a.userId });
    expect(q.parameters).toEqual([a.userId, 'Tatlılar', '1']);
  });

  it('refuses a value that does not become a bound parameter', () => {
    const inSql = fixedQuery(['col'], (db) => db.selectFrom('categories').select(sql<number>`1`.as('one')));
    expect(() => inSql(t.db, { col: 'name' })).toThrow(/col did not become a bound parameter/);
  });
});
