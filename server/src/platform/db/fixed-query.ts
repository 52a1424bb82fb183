import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import { dialectOf, type DB, type Dialect } from './database.js';

/**
 * A query whose shape never changes, built and compiled by Kysely once per dialect, then run with
 * new values. Building and compiling a query with Kysely costs more than SQLite's reading of the
 * one row it asks for (README, "Performance": "An owner's edit, made cheaper"): the queries every
 * owner request or edit makes (the token's owner, the product, the category) are made once, and so
 * are the menu's reads that run again after each edit (a business, its categories).
 *
 * `build` gets a stand-in for each named value; each must reach the query as bound parameters,
 * unchanged (a comparison's value, as in `.where('id', '=', v.id)`), never inside SQL Kysely
 * writes itself. The first compile checks that every name became a parameter.
 *
 *   const byId = fixedQuery(['id', 'user'], (db, v) => db.selectFrom('products').selectAll().where('id', '=', v.id).where('user_id', '=', v.user));
 *   const row = await first(db, byId(db, { id, user: userId }));
 */
export function fixedQuery<K extends string, R>(names: readonly K[], build: (db: DB, values: Record<K, never>) => Compilable<R>) {
  const made = new Map<Dialect, { compiled: CompiledQuery<R>; slots: Array<K | undefined> }>();
  return (db: DB, values: Record<K, unknown>): CompiledQuery<R> => {
    const dialect = dialectOf(db);
    let fixed = made.get(dialect);
    if (!fixed) {
      const marks = Object.fromEntries(names.map((n) => [n, `\u0000fixed-query:${n}\u0000`])) as Record<K, never>;
      const compiled = build(db, marks).compile();
      const slots = compiled.parameters.map((p) => names.find((n) => marks[n] === p));
      const missing = names.filter((n) => !slots.includes(n));
      if (missing.length) throw new Error(`fixedQuery: ${missing.join(', ')} did not become a bound parameter`);
      fixed = { compiled, slots };
      made.set(dialect, fixed);
    }
    const { compiled, slots } = fixed;
    return { ...compiled, queryId: createQueryId(), parameters: slots.map((slot, i) => (slot === undefined ? compiled.parameters[i] : values[slot])) };
  };
}

/** The first row of a fixed query's answer, or undefined. */
export async function first<R>(db: DB, query: CompiledQuery<R>): Promise<R | undefined> {
  return (await db.executeQuery(query)).rows[0];
}

/** Every row of a fixed query's answer. */
export async function all<R>(db: DB, query: CompiledQuery<R>): Promise<R[]> {
  return (await db.executeQuery(query)).rows;
}
