import path from 'node:path';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { DB } from '../../platform/db/database.js';
import { STORED_IMAGE } from '../../platform/images/images.js';
import { readWhole, type FileStore } from '../../platform/storage/store.js';
import { ownerTables, PUBLIC_COLUMNS, SECRET_COLUMN, SECRET_TABLES } from './owner-tables.js';

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

/** Rows read and written per slice: the event loop serves menus between slices. */
const PAGE = 1000;

/**
 * The owner's data as a ZIP: account, profile, menu, every other owner table (found from the
 * database), contact messages sent from the owner's address and the stored photos. Only rows
 * with this owner's `user_id`; never a password, token or hash. Undefined when there is no such
 * owner. The archive is streamed (fflate's streaming Zip): tables are read by keyset pages of
 * PAGE rows, each page serialised and deflated on its own with a turn of the event loop between
 * pages, photos are stored as they are (already compressed) one at a time, and the stream's
 * back-pressure is honoured — a business with 100,000 price-history rows or many photos never
 * holds the menus up for long, nor sits whole in memory.
 */
export async function exportOwnerData(db: DB, store: FileStore, userId: number, now: Date): Promise<Readable | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).where('role', '=', 'user').executeTakeFirst();
  if (!user) return undefined;
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const write = new ZipWriter(zip, out, now);
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
  const run = async () => {
    await write.whole('README.txt', strToU8(README));
    await write.whole('account.json', json(account));
    const images = new Set<string>();
    const any = db as unknown as Kysely<any>;
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
            for (const k of Object.keys(r)) if (KURUS.has(k) && typeof r[k] === 'number') r[k] = (r[k]) / 100;
            // photos, and the menu's logo and cover
            for (const k of ['image', 'logo', 'cover']) if (typeof r[k] === 'string') images.add(r[k]);
          }
          yield rows;
        }
      };
      if (t.name === 'settings') {
        let first: Row | null = null;
        for await (const rows of prepared()) first ??= rows[0] ?? null;
        await write.whole(name, json(first));
      } else await write.jsonArray(name, prepared());
    }
    const messages = await db
      .selectFrom('messages')
      .select(['id', 'name', 'surname', 'companyname', 'mail', 'tel', 'message', 'created_at', 'answered_at'])
      .where((eb) => eb(eb.fn('lower', ['mail']), '=', user.email))
      .orderBy('id')
      .execute();
    await write.whole('messages.json', json(messages));
    // the business's staff (their names and addresses) and its activity log; never a password or link
    const staff = await db
      .selectFrom('staff_members as sm')
      .innerJoin('users as u', 'u.id', 'sm.user_id')
      .select(['sm.id', 'u.name', 'u.email', 'sm.staff_role', 'sm.invited_at', 'sm.accepted_at', 'sm.revoked_at'])
      .where('sm.business_id', '=', userId)
      .orderBy('sm.id')
      .execute();
    await write.whole('staff.json', json(staff));
    const activity = await db
      .selectFrom('staff_activity')
      .select(['id', 'at', 'actor_name', 'actor_role', 'action', 'detail'])
      .where('business_id', '=', userId)
      .orderBy('id')
      .execute();
    await write.whole('activity.json', json(activity));

    const seen = new Set<string>();
    for (const image of images) {
      if (!STORED_IMAGE.test(image) || seen.has(path.basename(image))) continue;
      const data = await readWhole(store, image).catch(() => undefined);
      if (!data) continue;
      seen.add(path.basename(image));
      await write.stored(`photos/${path.basename(image)}`, new Uint8Array(data));
    }
    zip.end();
  };
  run().catch((err) => out.destroy(err));
  return out;
}

type Row = Record<string, unknown>;

const json = (v: unknown) => strToU8(JSON.stringify(v, null, 2) + '\n');

/** Adds files to a streaming Zip, waiting for the reader (back-pressure) and yielding between slices. */
class ZipWriter {
  constructor(
    private readonly zip: Zip,
    private readonly out: PassThrough,
    private readonly now: Date,
  ) {}

  private async slice() {
    if (this.out.destroyed) throw new Error('export aborted');
    if (this.out.writableNeedDrain) await Promise.race([once(this.out, 'drain'), once(this.out, 'close')]);
    await new Promise((r) => setImmediate(r));
  }

  async whole(name: string, data: Uint8Array) {
    const f = this.deflated(name);
    f.push(data, true);
    await this.slice();
  }

  private deflated(name: string) {
    const f = new ZipDeflate(name, { level: 6 });
    f.mtime = this.now;
    this.zip.add(f);
    return f;
  }

  /** Already compressed (photos): stored as is. */
  async stored(name: string, data: Uint8Array) {
    const f = new ZipPassThrough(name);
    f.mtime = this.now;
    this.zip.add(f);
    f.push(data, true);
    await this.slice();
  }

  /** A JSON array written page by page, byte for byte what JSON.stringify(rows, null, 2) gives. */
  async jsonArray(name: string, pages: AsyncIterable<Row[]>) {
    const f = this.deflated(name);
    let written = 0;
    for await (const rows of pages) {
      let text = '';
      for (const r of rows) text += `${written++ === 0 ? '[\n  ' : ',\n  '}${JSON.stringify(r, null, 2).replace(/\n/g, '\n  ')}`;
      f.push(strToU8(text));
      await this.slice();
    }
    f.push(strToU8(written === 0 ? '[]\n' : '\n]\n'), true);
    await this.slice();
  }
}
