import sharp from 'sharp';
import { sql } from 'kysely';
import { createDb, type DB } from '../../server/src/platform/db/database.js';
import { migrateToLatest } from '../../server/src/platform/db/migrate.js';
import { hashPassword } from '../../server/src/platform/auth/password.js';
import { storeImage } from '../../server/src/platform/images/images.js';
import { LocalStore } from '../../server/src/platform/storage/local.js';

export interface DatasetSize {
  businesses: number;
  categoriesPerBusiness: number;
  productsPerBusiness: number;
}

export interface Dataset {
  /** A sample of businesses to load: slug and one active category id each. */
  sample: Array<{ slug: string; userId: number; categoryId: number }>;
}

const WORDS = ['Izgara', 'Köfte', 'Mercimek', 'Çorba', 'Lahmacun', 'Pide', 'Künefe', 'Baklava', 'Ayran', 'Türk Kahvesi', 'Menemen', 'Gözleme', 'Mantı', 'Sütlaç', 'Şakşuka'];
const CATS = ['Kahvaltı', 'Çorbalar', 'Ana Yemekler', 'Izgaralar', 'Tatlılar', 'İçecekler', 'Salatalar', 'Pizzalar'];

async function photos(dataDir: string, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const hue = Math.round((360 / n) * i);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${hue},70%,65%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,30%)"/></radialGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><circle cx="800" cy="600" r="420" fill="#fafaf9"/><circle cx="800" cy="600" r="330" fill="hsl(${hue},65%,50%)"/></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    out.push(await storeImage(new LocalStore(dataDir), jpeg));
  }
  return out;
}

/**
 * Writes a realistic data set straight into a fresh database (SQLite in dataDir, or the given
 * PostgreSQL URL): N businesses, each with categories and products with photos.
 */
export async function generateDataset(opts: { dataDir: string; databaseUrl?: string; size: DatasetSize; publicUrl: string; sampleSize: number }): Promise<Dataset> {
  const db: DB = createDb({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
  await migrateToLatest(db);
  const images = await photos(opts.dataDir, 12);
  const passwordHash = await hashPassword('bench-sifre-123');
  const now = new Date().toISOString();
  const { businesses, categoriesPerBusiness, productsPerBusiness } = opts.size;
  const sample: Dataset['sample'] = [];
  const sampleEvery = Math.max(1, Math.floor(businesses / opts.sampleSize));

  for (let start = 0; start < businesses; start += 100) {
    await db.transaction().execute(async (trx) => {
      for (let b = start; b < Math.min(businesses, start + 100); b++) {
        const slug = `isletme-${b + 1}`;
        const { id: userId } = await trx
          .insertInto('users')
          .values({ name: `İşletme Sahibi ${b + 1}`, email: `sahip${b + 1}@bench.test`, password_hash: passwordHash, role: 'user', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('settings')
          .values({ user_id: userId, name: `İşletme Sahibi ${b + 1}`, companyname: `Lezzet Durağı ${b + 1}`, address: 'Moda Cad. No: 12 Kadıköy', city: 34, tel: '0216 555 00 00', deskcount: 12, qrlink: `${opts.publicUrl}/qr/${slug}`, companyengname: slug, userlevel: String(b % 3), created_at: now, updated_at: now })
          .execute();
        const cats = await trx
          .insertInto('categories')
          .values(
            Array.from({ length: categoriesPerBusiness }, (_, c) => ({
              user_id: userId,
              name: CATS[c % CATS.length],
              description: `${CATS[c % CATS.length]} bölümümüzden günün taze lezzetleri.`,
              image: images[(b + c) % images.length],
              sort_order: c,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        const products = Array.from({ length: productsPerBusiness }, (_, p) => ({
          user_id: userId,
          category_id: cats[p % cats.length].id,
          name: `${WORDS[p % WORDS.length]} ${p + 1}`,
          description: 'Günlük hazırlanan, taze malzemelerle yapılmış ev yapımı lezzet. Yanında mevsim salatası ile servis edilir.',
          selling_price: 4500 + ((p * 731) % 30000),
          original_price: null,
          allergen: p % 3 === 0 ? 'Gluten, süt ürünleri' : null,
          image: p % 4 === 3 ? null : images[(b + p) % images.length],
          status: p % 10 === 9 ? '0' : '1',
          sort_order: p,
          created_at: now,
          updated_at: now,
        }));
        for (let i = 0; i < products.length; i += 200) await trx.insertInto('products').values(products.slice(i, i + 200)).execute();
        if (b % sampleEvery === 0 && sample.length < opts.sampleSize) sample.push({ slug, userId, categoryId: cats[0].id });
      }
    });
  }
  // fresh statistics now, so PostgreSQL's autovacuum does not start in the middle of a measurement
  if (opts.databaseUrl) await sql`vacuum analyze`.execute(db);
  await db.destroy();
  return { sample };
}
