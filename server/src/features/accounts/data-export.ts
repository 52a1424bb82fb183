import path from 'node:path';
import { finished } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { DB } from '../../platform/db/database.js';
import { STORED_IMAGE } from '../../platform/images/images.js';
import type { FileStore } from '../../platform/storage/store.js';
import { foundTables, ownerTables, PUBLIC_COLUMNS, SECRET_COLUMN, SECRET_TABLES } from './owner-tables.js';

/** File names of the well-known tables in the archive; any other owner table is `<table>.json`. */
const FILE_OF: Record<string, string> = { settings: 'settings.json', categories: 'categories.json', products: 'products.json' };
/** Integer kuruş columns, handed out as decimal TL as everywhere in the API. */
const KURUS = new Set(['selling_price', 'original_price', 'price']);

const README = `QR Menü — kişisel verilerinizin kopyası (KVKK md. 11)

account.json     hesap bilgileriniz (ad, e-posta, doğrulama durumu, tarihler)
settings.json    işletme bilgileriniz
categories.json  kategorileriniz
products.json    ürünleriniz (fiyatlar TL)
messages.json    bu e-posta adresinden gönderilen iletişim mesajları
staff.json       personeliniz (ad, e-posta, rol, davet ve kabul tarihleri)
activity.json    işletmenizin etkinlik kaydı (kim, ne zaman, ne yaptı)
*.json           hesabınıza ait diğer kayıtlar (ör. günlük görüntülenme sayıları, eski menü adresleri)
photos/          yüklediğiniz fotoğraflar (sunucuda saklandığı biçimde, WebP)

Şifreniz ve oturum bilgileriniz yalnızca geri döndürülemez özetler olarak saklanır ve bu dosyaya eklenmez.
`;

/** Rows read and serialised per slice: each slice is short, the event loop serves menus between them. */
const PAGE = 100;

/**
 * The owner's data as a ZIP: account, profile, menu, every other owner table (found from the
 * database), contact messages sent from the owner's address and the stored photos. Only rows
 * with this owner's `user_id`; never a password, token or hash. Undefined when there is no such
 * owner.
 *
 * The archive is streamed (yazl): each file is an entry read as the archive reaches it. Tables
 * are read by keyset pages of PAGE rows and serialised page by page; deflating runs in zlib's
 * thread pool (asynchronous zlib), never on the event loop; photos are stored as they are (already
 * compressed), streamed from the store one after the other; the reader's back-pressure holds the
 * reading. A business with 100,000 price-history rows or many photos never holds the menus up
 * for long, nor sits whole in memory.
 */
export async function exportOwnerData(db: DB, store: FileStore, userId: number, now: Date): Promise<Readable | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).where('role', '=', 'user').executeTakeFirst();
  if (!user) return undefined;
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only ReadableStream)
  const out = zip.outputStream as Readable;
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  const account = {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.email_verified_at != null,
    email_verified_at: user.email_verified_at,
    role: user.role,
    created_at: user.created_at,
    updated_at: user.updated_at,
    exported_at: now.toISOString(),
  };
  const deflated = { mtime: now, compress: true } as const;
  /** A file whose content an async generator makes when the archive reaches it. */
  const lazy = (name: string, make: () => AsyncGenerator<string | Buffer>) => {
    const stream = Readable.from(make(), { objectMode: false });
    stream.on('error', fail);
    zip.addReadStream(stream, name, deflated);
    return stream;
  };
  const images = new Set<string>();
  const any = foundTables(db);
  zip.addBuffer(Buffer.from(README), 'README.txt', deflated);
  zip.addBuffer(json(account), 'account.json', deflated);
  const run = async () => {
    const entries: Readable[] = [];
    for (const t of await ownerTables(db)) {
      if (SECRET_TABLES.has(t.name)) continue;
      const columns = t.columns.filter((c) => !SECRET_COLUMN.test(c) || PUBLIC_COLUMNS.has(c));
      const name = FILE_OF[t.name] ?? `${t.name}.json`;
      const order = columns.includes('id') ? 'id' : columns[0];
      const pages = async function* () {
        if (order !== 'id') {
          yield (await any.selectFrom(t.name).select(columns).where('user_id', '=', userId).orderBy(order).execute()) as Row[];
          return;
        }
        let after: number | undefined;
        for (;;) {
          let q = any.selectFrom(t.name).select(columns).where('user_id', '=', userId);
          if (after !== undefined) q = q.where('id', '>', after);
          const rows = (await q.orderBy('id').limit(PAGE).execute()) as Row[];
          if (rows.length) yield rows;
          if (rows.length < PAGE) return;
          after = Number(rows[rows.length - 1].id);
        }
      };
      const prepared = async function* () {
        for await (const rows of pages()) {
          for (const r of rows) {
            for (const k of Object.keys(r)) if (KURUS.has(k) && typeof r[k] === 'number') r[k] = r[k] / 100;
            // photos, and the menu's logo and cover
            for (const k of ['image', 'logo', 'cover']) if (typeof r[k] === 'string') images.add(r[k]);
          }
          yield rows;
        }
      };
      if (t.name === 'settings') {
        entries.push(lazy(name, async function* () {
          let first: Row | null = null;
          for await (const rows of prepared()) first ??= rows[0] ?? null;
          yield json(first);
        }));
      } else entries.push(lazy(name, () => jsonArray(prepared())));
    }
    lazy('messages.json', async function* () {
      yield json(await db
        .selectFrom('messages')
        .select(['id', 'name', 'surname', 'companyname', 'mail', 'tel', 'message', 'created_at', 'answered_at'])
        .where((eb) => eb(eb.fn('lower', ['mail']), '=', user.email))
        .orderBy('id')
        .execute());
    });
    // the business's staff (their names and addresses) and its activity log; never a password or link
    lazy('staff.json', async function* () {
      yield json(await db
        .selectFrom('staff_members as sm')
        .innerJoin('users as u', 'u.id', 'sm.user_id')
        .select(['sm.id', 'u.name', 'u.email', 'sm.staff_role', 'sm.invited_at', 'sm.accepted_at', 'sm.revoked_at'])
        .where('sm.business_id', '=', userId)
        .orderBy('sm.id')
        .execute());
    });
    const activity = lazy('activity.json', async function* () {
      yield json(await db
        .selectFrom('staff_activity')
        .select(['id', 'at', 'actor_name', 'actor_role', 'action', 'detail'])
        .where('business_id', '=', userId)
        .orderBy('id')
        .execute());
    });
    // the tables are read (and their photos known) once the archive has taken them
    await Promise.all(entries.map((e) => finished(e)));
    await finished(activity);
    const seen = new Set<string>();
    for (const image of images) {
      if (!STORED_IMAGE.test(image) || seen.has(path.basename(image))) continue;
      const obj = await store.get(image).catch(() => undefined);
      if (!obj) continue;
      seen.add(path.basename(image));
      obj.body.on('error', fail);
      zip.addReadStream(obj.body, `photos/${path.basename(image)}`, { mtime: now, compress: false });
      // one photo open at a time: the next is fetched when the archive has taken this one
      await finished(obj.body);
    }
    zip.end();
  };
  run().catch(fail);
  return out;
}

type Row = Record<string, unknown>;

const json = (v: unknown) => Buffer.from(JSON.stringify(v, null, 2) + '\n');

/** A JSON array made page by page, byte for byte what JSON.stringify(rows, null, 2) gives. */
async function* jsonArray(pages: AsyncIterable<Row[]>): AsyncGenerator<string> {
  let written = 0;
  for await (const rows of pages) {
    let text = '';
    for (const r of rows) text += `${written++ === 0 ? '[\n  ' : ',\n  '}${JSON.stringify(r, null, 2).replace(/\n/g, '\n  ')}`;
    yield text;
  }
  yield written === 0 ? '[]\n' : '\n]\n';
}
