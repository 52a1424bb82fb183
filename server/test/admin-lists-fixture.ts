import type { FastifyInstance } from 'fastify';
import { createAccount } from '../src/features/accounts/accounts.repository.js';
import { bearer } from './helpers.js';

/**
 * A small platform for the admin list tests, written straight into the database: businesses with
 * Turkish names (İ/ı/I, Ş, Ç, Ğ, Ö, Ü in every position), each with categories and products, whose
 * statuses, levels, prices and dates differ, so every filter and every sort has something to do.
 */
export const BUSINESSES = [
  { company: 'Çınar Kafe', owner: 'Ayşe Yılmaz', level: '0', status: 1, qr: 1, city: 34, count: 120 },
  { company: 'İstanbul Lokantası', owner: 'Mehmet Öztürk', level: '1', status: 1, qr: 0, city: 6, count: 5 },
  { company: 'Işık Büfe', owner: 'Zeynep Işıl', level: '2', status: 0, qr: 1, city: 35, count: 0 },
  { company: 'Şirin Pastanesi', owner: 'Ömer Şahin', level: '0', status: 1, qr: 1, city: 1, count: 77 },
  { company: 'Güneş Döner', owner: 'Gül Ünal', level: '1', status: 0, qr: 0, city: 7, count: 9000 },
  { company: 'Zeytin Meyhane', owner: 'Can Çelik', level: '2', status: 1, qr: 1, city: 48, count: 31 },
  { company: 'alfa bar', owner: 'İpek Ilgaz', level: '0', status: 1, qr: 0, city: 16, count: 2 },
] as const;

export const CATEGORIES = ['İçecekler', 'Çorbalar', 'Tatlılar'] as const;
export const PRODUCTS = ['İskender', 'Şakşuka', 'Çay', 'Ilık Süt', 'Köfte', 'Ayran', 'Gözleme'] as const;

export interface Platform {
  users: number[];
  categories: number[];
  products: number[];
}

export async function seedPlatform(app: FastifyInstance): Promise<Platform> {
  const db = app.db;
  const out: Platform = { users: [], categories: [], products: [] };
  for (const [i, b] of BUSINESSES.entries()) {
    const slug = `isletme-${i + 1}`;
    const userId = (await createAccount(db, { name: b.owner, email: `sahip${i + 1}@liste.test`, passwordHash: 'x', role: 'user' }, new Date().toISOString()))!;
    const day = `2026-0${1 + (i % 9)}-1${i % 10}T10:00:00.000Z`;
    await db
      .updateTable('settings')
      .set({ name: b.owner, companyname: b.company, companyengname: slug, qrlink: `http://qr.test/qr/${slug}`, userlevel: b.level, status: b.status, qr_status: b.qr, city: b.city, count: b.count, created_at: day })
      .where('user_id', '=', userId)
      .execute();
    out.users.push(userId);
    for (const [c, name] of CATEGORIES.entries()) {
      const at = `2026-02-${10 + ((i + c) % 18)}T0${c}:00:00.000Z`;
      const { id: categoryId } = await db
        .insertInto('categories')
        .values({ user_id: userId, name, description: null, image: null, status: (i + c) % 4 === 0 ? '0' : '1', count: (i * 7 + c * 3) % 11, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      out.categories.push(categoryId);
      for (let p = 0; p < 2; p++) {
        const name = PRODUCTS[(i + c * 2 + p) % PRODUCTS.length];
        const { id } = await db
          .insertInto('products')
          .values({
            user_id: userId, category_id: categoryId, name: `${name} ${i}${c}${p}`, description: null, selling_price: 1000 + ((i * 37 + c * 11 + p * 5) % 40) * 250,
            original_price: null, allergen: null, image: null, status: (i + p) % 3 === 0 ? '0' : '1', created_at: `2026-03-0${1 + ((i + c + p) % 9)}T12:00:00.000Z`, updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        out.products.push(id);
      }
    }
  }
  return out;
}

/** GET with the admin's token; the JSON body. */
export const getAs = async (app: FastifyInstance, token: string, url: string) => (await app.inject({ url, headers: bearer(token) })).json();

/** One business account written straight into the database (no password hashing): its user id. */
export async function insertBusinessAccount(app: FastifyInstance, name: string, email: string, now: string): Promise<number> {
  return (await createAccount(app.db, { name, email, passwordHash: 'x', role: 'user' }, now))!;
}
