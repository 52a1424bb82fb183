import path from 'node:path';
import type { Kysely } from 'kysely';
import { strToU8, zipSync, type Zippable } from 'fflate';
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
*.json           hesabınıza ait diğer kayıtlar (ör. günlük görüntülenme sayıları, eski menü adresleri)
photos/          yüklediğiniz fotoğraflar (sunucuda saklandığı biçimde, WebP)

Şifreniz ve oturum bilgileriniz yalnızca geri döndürülemez özetler olarak saklanır ve bu dosyaya eklenmez.
`;

/**
 * The owner's data as a ZIP: account, profile, menu, every other owner table (found from the
 * database), contact messages sent from the owner's address and the stored photos. Only rows
 * with this owner's `user_id`; never a password, token or hash.
 */
export async function exportOwnerData(db: DB, store: FileStore, userId: number, now: Date): Promise<Uint8Array | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).where('role', '=', 'user').executeTakeFirst();
  if (!user) return undefined;
  const json = (v: unknown) => strToU8(JSON.stringify(v, null, 2) + '\n');
  const files: Zippable = {
    'README.txt': strToU8(README),
    'account.json': json({
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified: user.email_verified_at != null,
      email_verified_at: user.email_verified_at,
      role: user.role,
      created_at: user.created_at,
      updated_at: user.updated_at,
      exported_at: now.toISOString(),
    }),
  };

  const any = db as unknown as Kysely<any>;
  const images = new Set<string>();
  for (const t of await ownerTables(db)) {
    if (SECRET_TABLES.has(t.name)) continue;
    const columns = t.columns.filter((c) => !SECRET_COLUMN.test(c) || PUBLIC_COLUMNS.has(c));
    const order = columns.includes('id') ? 'id' : columns[0]!;
    const rows = (await any.selectFrom(t.name).select(columns).where('user_id', '=', userId).orderBy(order).execute()) as Array<Record<string, unknown>>;
    for (const r of rows) {
      for (const k of Object.keys(r)) if (KURUS.has(k) && typeof r[k] === 'number') r[k] = (r[k] as number) / 100;
      // photos, and the menu's logo and cover
      for (const k of ['image', 'logo', 'cover']) if (typeof r[k] === 'string') images.add(r[k] as string);
    }
    const name = FILE_OF[t.name] ?? `${t.name}.json`;
    files[name] = json(t.name === 'settings' ? (rows[0] ?? null) : rows);
  }
  const messages = await db
    .selectFrom('messages')
    .select(['id', 'name', 'surname', 'companyname', 'mail', 'tel', 'message', 'created_at', 'answered_at'])
    .where((eb) => eb(eb.fn('lower', ['mail']), '=', user.email))
    .orderBy('id')
    .execute();
  files['messages.json'] = json(messages);

  const photos: Zippable = {};
  for (const image of images) {
    if (!STORED_IMAGE.test(image)) continue;
    const data = await readWhole(store, image).catch(() => undefined);
    // already compressed: stored as is
    if (data) photos[path.basename(image)] = [new Uint8Array(data), { level: 0 }];
  }
  if (Object.keys(photos).length) files.photos = photos;
  return zipSync(files, { level: 6, mtime: now });
}
