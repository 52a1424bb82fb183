/**
 * What one product's row costs SQLite, alone and joined to its category (the owner's `findProduct`,
 * the sign-in check's joins): `node bench/src/sqlite-join.mjs [module…]`, each module a better-sqlite3
 * (default: the one the server loads on this Node, and better-sqlite3 12 beside it). A temporary
 * database of 15,000 products in 600 categories, in WAL as the server keeps it; µs per execution, the
 * best of three runs of 5,000. bench/README.md ("SQLite 3.54 and the owner's joins") has the results:
 * SQLite 3.54.1 (better-sqlite3 13.1–13.2, node:sqlite of Node 24.22) took 3–9× longer for the join
 * than 3.53 (better-sqlite3 13.0.3, 12.x), the bytecode and the plan being the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const modules = process.argv.slice(2).length ? process.argv.slice(2) : ['better-sqlite3-napi', 'better-sqlite3'];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-join-'));
const file = path.join(dir, 'join.sqlite');
const columns = ['description', 'allergen', 'image', 'status', 'sold_out', 'allergens', 'labels', 'variants', 'amount_unit', 'service_hours', 'service_outside', 'happy_hour'];
const PRODUCT = `p.id, p.category_id, p.name, p.selling_price, p.original_price, p.sort_order, p.amount, ${columns.map((c) => 'p.' + c).join(', ')}`;
const JOIN = `select ${PRODUCT}, c.name as category_name
  from products as p inner join categories as c on c.id = p.category_id and c.user_id = ? where p.id = ? and p.user_id = ?`;
const ALONE = `select ${PRODUCT} from products as p where p.id = ? and p.user_id = ?`;
try {
  for (const name of modules) {
    let SQLite;
    try {
      SQLite = require(name);
    } catch {
      console.log(`${name}: not installed here`);
      continue;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.exec(`create table categories (id integer primary key, user_id integer not null, name text not null);
      create table products (id integer primary key, user_id integer not null, category_id integer not null, name text not null, selling_price integer, original_price integer,
        sort_order integer, amount integer, ${columns.map((c) => c + ' text').join(', ')});
      create index products_user_idx on products (user_id); create index categories_user_idx on categories (user_id);`);
    db.transaction(() => {
      const cat = db.prepare('insert into categories (id, user_id, name) values (?, ?, ?)');
      const prod = db.prepare(`insert into products (id, user_id, category_id, name, selling_price, sort_order, description, status, variants) values (?, ?, ?, ?, ?, ?, ?, '1', '[]')`);
      for (let c = 1; c <= 600; c++) cat.run(c, 1 + Math.floor((c - 1) / 20), `Kategori ${c}`);
      for (let p = 1; p <= 15000; p++) prod.run(p, 1 + Math.floor((p - 1) / 500), 1 + Math.floor((p - 1) / 25), `Ürün ${p}`, 5000 + p, p, `Açıklama ${p}, ev yapımı`);
    })();
    const time = (sql, args) => {
      const st = db.prepare(sql);
      st.all(args);
      let best = Infinity;
      for (let r = 0; r < 3; r++) {
        const t0 = process.hrtime.bigint();
        for (let i = 0; i < 5000; i++) st.all(args);
        best = Math.min(best, Number(process.hrtime.bigint() - t0) / 5000 / 1000);
      }
      return best.toFixed(1);
    };
    const version = db.prepare('select sqlite_version() as v').get().v;
    console.log(`${name} (${require(`${name}/package.json`).version}, SQLite ${version}): alone ${time(ALONE, [7010, 15])} µs, joined to its category ${time(JOIN, [15, 7010, 15])} µs`);
    db.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
