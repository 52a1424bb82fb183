import sharp from 'sharp';
import { DEMO_ALLERGEN_TRANSLATIONS, DEMO_BUSINESS_TRANSLATIONS, DEMO_LANGUAGES, DEMO_TRANSLATIONS } from './seed-translations.js';
import type { Config } from '../../platform/config.js';
import type { DB } from '../../platform/db/database.js';
import type { AllergenCode, LabelCode, Variant } from '@qrmenu/contract';
import { storeVariants } from '../catalog/index.js';
import { hashPassword } from '../../platform/auth/password.js';
import { deleteImage, storeImage } from '../../platform/images/images.js';
import type { FileStore } from '../../platform/storage/store.js';
import { createAccount, findUserByEmail } from '../accounts/index.js';
import { DEMO_EMAIL } from '../settings/index.js';
import { DEMO_BRANDING, demoBrandingImages } from './seed-branding.js';

/**
 * The demo business (`/qr/demo`, the landing page's "Demo Menü" button): owner demo@qrmenu.app /
 * demo1234, a complete profile, 5 categories × 4 products of a Turkish café with prices,
 * allergens (text and codes), labels, photos, one product with portions (Türk Kahvesi), one
 * campaign price (Serpme Kahvaltı) and one sold-out item (Salep); Izgara Tavuklu Salata declares no
 * allergen codes (the filter marks it). The photos are drawn here (SVG → JPEG) and go through the same upload
 * pipeline as an owner's (platform/images/images.ts), so the WebP variants exist. It has a logo, a cover, a
 * colour, hours (past midnight on Friday and Saturday), Wi-Fi and a service note (seed-branding.ts).
 * Runs at start when SEED_DEMO is on; does nothing when the demo owner exists (or `demo` is taken).
 */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_SLUG = 'demo';

type Shape = 'cup' | 'glass' | 'plate' | 'slice' | 'bowl';

interface DemoProduct {
  name: string;
  description: string;
  price: number; // TL
  original?: number; // TL
  allergen?: string;
  /** Allergen and label codes (contract ALLERGENS / LABELS). */
  allergens?: AllergenCode[];
  labels?: LabelCode[];
  /** Portions, TL. */
  variants?: Variant[];
  soldOut?: boolean;
  colors: [string, string, string]; // background from, background to, food
}

interface DemoCategory {
  name: string;
  description: string;
  shape: Shape;
  colors: [string, string, string];
  products: DemoProduct[];
}

export const DEMO_MENU: DemoCategory[] = [
  {
    name: 'Kahvaltı',
    description: 'Her gün 08.00–14.00 arası, taze ve bol çeşitli.',
    shape: 'plate',
    colors: ['#fde68a', '#f59e0b', '#dc2626'],
    products: [
      { name: 'Serpme Kahvaltı (2 kişilik)', description: 'Beyaz peynir, kaşar, zeytin, bal-kaymak, reçeller, domates, salatalık, sıcak pişi ve sınırsız çay.', price: 640, original: 700, allergen: 'Süt, gluten, yumurta', allergens: ['gluten', 'yumurta', 'sut'], labels: ['sefin_onerisi'], colors: ['#fef3c7', '#f59e0b', '#e11d48'] },
      { name: 'Menemen', description: 'Köy yumurtası, domates ve yeşil biberle bakır sahanda.', price: 185, allergen: 'Yumurta', allergens: ['yumurta'], labels: ['vejetaryen'], colors: ['#fee2e2', '#f97316', '#dc2626'] },
      { name: 'Sucuklu Yumurta', description: 'Kasap sucuk ve iki köy yumurtası, yanında köy ekmeği.', price: 210, allergen: 'Yumurta, gluten', allergens: ['gluten', 'yumurta'], colors: ['#ffedd5', '#ea580c', '#991b1b'] },
      { name: 'Simit Tabağı', description: 'Çıtır simit, beyaz peynir, domates, salatalık ve zeytin.', price: 150, allergen: 'Gluten, susam, süt', allergens: ['gluten', 'sut', 'susam'], labels: ['vejetaryen'], colors: ['#fef9c3', '#d97706', '#b45309'] },
    ],
  },
  {
    name: 'Sıcak İçecekler',
    description: 'Taze kavrulmuş çekirdeklerle, özenle demlenir.',
    shape: 'cup',
    colors: ['#e7d5c0', '#7c4a2d', '#4a2c17'],
    products: [
      { name: 'Türk Kahvesi', description: 'Közde pişirilir; lokum ve bir bardak su ile servis edilir.', price: 85, variants: [{ name: 'Tek', price: 85 }, { name: 'Duble', price: 120 }], labels: ['vegan'], colors: ['#e7d5c0', '#78350f', '#3b2314'] },
      { name: 'Caffè Latte', description: 'Çift shot espresso ve kadifemsi süt köpüğü.', price: 110, allergen: 'Süt', allergens: ['sut'], labels: ['vejetaryen'], colors: ['#f5e6d3', '#a16207', '#c08a5b'] },
      { name: 'Demleme Çay', description: 'Rize çayı, ince belli bardakta.', price: 30, colors: ['#fde2d4', '#b91c1c', '#9a3412'] },
      { name: 'Salep', description: 'Tarçınlı, sıcacık; kış aylarının vazgeçilmezi.', price: 95, allergen: 'Süt', allergens: ['sut'], soldOut: true, colors: ['#faf5ef', '#d6b38a', '#f3e3c9'] },
    ],
  },
  {
    name: 'Soğuk İçecekler',
    description: 'Ev yapımı limonatalar ve buz gibi kahveler.',
    shape: 'glass',
    colors: ['#d9f99d', '#16a34a', '#facc15'],
    products: [
      { name: 'Ev Yapımı Limonata', description: 'Taze sıkılmış limon ve nane yaprakları.', price: 90, labels: ['vegan', 'glutensiz'], colors: ['#ecfccb', '#65a30d', '#fde047'] },
      { name: 'Ice Latte', description: 'Espresso, soğuk süt ve buz.', price: 120, allergen: 'Süt', allergens: ['sut'], labels: ['yeni'], colors: ['#e0f2fe', '#0369a1', '#c08a5b'] },
      { name: 'Taze Portakal Suyu', description: 'Sipariş üzerine sıkılır, 330 ml.', price: 100, labels: ['vegan'], colors: ['#ffedd5', '#f97316', '#fb923c'] },
      { name: 'Yayık Ayran', description: 'Köpüklü, bakır maşrapada.', price: 45, allergen: 'Süt', allergens: ['sut'], colors: ['#f0f9ff', '#38bdf8', '#ffffff'] },
    ],
  },
  {
    name: 'Tost & Sandviç',
    description: 'Ekşi mayalı ekmekle, sıcak servis.',
    shape: 'bowl',
    colors: ['#fef3c7', '#b45309', '#f59e0b'],
    products: [
      { name: 'Kaşarlı Tost', description: 'Bol eski kaşarlı, tereyağında kızartılmış.', price: 140, allergen: 'Gluten, süt', allergens: ['gluten', 'sut'], labels: ['vejetaryen'], colors: ['#fef3c7', '#ca8a04', '#fbbf24'] },
      { name: 'Karışık Tost', description: 'Sucuk ve kaşar; yanında turşu ve patates cipsi.', price: 165, allergen: 'Gluten, süt', allergens: ['gluten', 'sut'], colors: ['#ffedd5', '#c2410c', '#f59e0b'] },
      { name: 'Köfte Ekmek', description: 'Izgara köfte, közlenmiş biber, soğan ve domates.', price: 220, allergen: 'Gluten', allergens: ['gluten'], labels: ['aci'], colors: ['#fee2e2', '#b91c1c', '#7c2d12'] },
      { name: 'Izgara Tavuklu Salata', description: 'Mevsim yeşillikleri, ızgara tavuk, nar ekşisi sos.', price: 195, colors: ['#dcfce7', '#15803d', '#84cc16'] },
    ],
  },
  {
    name: 'Tatlılar',
    description: 'Günlük hazırlanan geleneksel ve modern tatlılar.',
    shape: 'slice',
    colors: ['#fce7f3', '#be185d', '#fbbf24'],
    products: [
      { name: 'Fıstıklı Baklava (4 dilim)', description: 'Antep fıstığı ve tereyağlı ince yufka.', price: 230, allergen: 'Antep fıstığı, gluten, süt', allergens: ['gluten', 'sut', 'sert_kabuklu'], labels: ['sefin_onerisi'], colors: ['#fef9c3', '#a16207', '#84cc16'] },
      { name: 'Künefe', description: 'Hatay peyniriyle, sıcak servis; üzeri fıstıklı.', price: 210, allergen: 'Gluten, süt, Antep fıstığı', allergens: ['gluten', 'sut', 'sert_kabuklu'], colors: ['#ffedd5', '#ea580c', '#f97316'] },
      { name: 'Fırın Sütlaç', description: 'Üzeri kızarmış, tarçın isteğe bağlı.', price: 120, allergen: 'Süt', allergens: ['sut'], labels: ['vejetaryen', 'glutensiz'], colors: ['#fefce8', '#d97706', '#fde68a'] },
      { name: 'San Sebastian Cheesecake', description: 'Akışkan kıvamlı, çikolata sos ile.', price: 190, allergen: 'Süt, yumurta, gluten', allergens: ['gluten', 'yumurta', 'sut'], labels: ['yeni'], colors: ['#fdf2f8', '#9d174d', '#fbbf24'] },
    ],
  },
];

/** A small appetising picture: a gradient, a shadowed plate or cup, the food in its colour. */
export function demoPhotoSvg(shape: Shape, [from, to, food]: [string, string, string], w: number, h: number): string {
  const cx = w / 2;
  const cy = h / 2 + h * 0.04;
  const r = Math.min(w, h) * 0.34;
  const plate = `<ellipse cx="${cx + r * 0.06}" cy="${cy + r * 0.12}" rx="${r * 1.08}" ry="${r * 1.02}" fill="#000" opacity=".18"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff"/><circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="#f4f1ec"/>`;
  const shapes: Record<Shape, string> = {
    plate: `${plate}<circle cx="${cx - r * 0.28}" cy="${cy - r * 0.12}" r="${r * 0.26}" fill="${food}"/><circle cx="${cx + r * 0.3}" cy="${cy - r * 0.18}" r="${r * 0.2}" fill="#facc15"/><circle cx="${cx + r * 0.08}" cy="${cy + r * 0.32}" r="${r * 0.22}" fill="#fff7ed" stroke="${food}" stroke-width="${r * 0.04}"/><circle cx="${cx - r * 0.42}" cy="${cy + r * 0.3}" r="${r * 0.1}" fill="#3f6212"/><circle cx="${cx + r * 0.46}" cy="${cy + r * 0.22}" r="${r * 0.09}" fill="#1c1917"/>`,
    bowl: `${plate}<rect x="${cx - r * 0.6}" y="${cy - r * 0.34}" width="${r * 1.2}" height="${r * 0.68}" rx="${r * 0.12}" fill="${food}" transform="rotate(-12 ${cx} ${cy})"/><rect x="${cx - r * 0.6}" y="${cy - r * 0.06}" width="${r * 1.2}" height="${r * 0.1}" fill="#fff7ed" opacity=".8" transform="rotate(-12 ${cx} ${cy})"/>`,
    slice: `${plate}<path d="M${cx - r * 0.55} ${cy + r * 0.35} L${cx + r * 0.55} ${cy + r * 0.35} L${cx + r * 0.1} ${cy - r * 0.55} Z" fill="${food}"/><path d="M${cx - r * 0.55} ${cy + r * 0.35} L${cx + r * 0.55} ${cy + r * 0.35} L${cx + r * 0.5} ${cy + r * 0.2} L${cx - r * 0.5} ${cy + r * 0.2} Z" fill="#000" opacity=".15"/><circle cx="${cx + r * 0.1}" cy="${cy - r * 0.5}" r="${r * 0.1}" fill="#be123c"/>`,
    cup: `<ellipse cx="${cx}" cy="${cy + r * 0.55}" rx="${r * 1.05}" ry="${r * 0.32}" fill="#000" opacity=".16"/><ellipse cx="${cx}" cy="${cy + r * 0.45}" rx="${r}" ry="${r * 0.3}" fill="#fff"/><path d="M${cx - r * 0.62} ${cy - r * 0.45} L${cx + r * 0.62} ${cy - r * 0.45} L${cx + r * 0.48} ${cy + r * 0.45} Q${cx} ${cy + r * 0.62} ${cx - r * 0.48} ${cy + r * 0.45} Z" fill="#fff"/><path d="M${cx + r * 0.6} ${cy - r * 0.25} q${r * 0.45} ${r * 0.05} ${r * 0.05} ${r * 0.45}" stroke="#fff" stroke-width="${r * 0.12}" fill="none"/><ellipse cx="${cx}" cy="${cy - r * 0.45}" rx="${r * 0.62}" ry="${r * 0.16}" fill="${food}"/><ellipse cx="${cx - r * 0.1}" cy="${cy - r * 0.47}" rx="${r * 0.2}" ry="${r * 0.05}" fill="#fff" opacity=".35"/>`,
    glass: `<ellipse cx="${cx}" cy="${cy + r * 0.9}" rx="${r * 0.55}" ry="${r * 0.14}" fill="#000" opacity=".16"/><path d="M${cx - r * 0.5} ${cy - r * 0.9} L${cx + r * 0.5} ${cy - r * 0.9} L${cx + r * 0.4} ${cy + r * 0.88} L${cx - r * 0.4} ${cy + r * 0.88} Z" fill="#fff" opacity=".55"/><path d="M${cx - r * 0.46} ${cy - r * 0.5} L${cx + r * 0.46} ${cy - r * 0.5} L${cx + r * 0.39} ${cy + r * 0.84} L${cx - r * 0.39} ${cy + r * 0.84} Z" fill="${food}"/><rect x="${cx - r * 0.25}" y="${cy - r * 0.4}" width="${r * 0.26}" height="${r * 0.26}" rx="${r * 0.04}" fill="#fff" opacity=".6"/><rect x="${cx + r * 0.02}" y="${cy - r * 0.15}" width="${r * 0.24}" height="${r * 0.24}" rx="${r * 0.04}" fill="#fff" opacity=".5"/><path d="M${cx + r * 0.12} ${cy - r * 1.25} L${cx + r * 0.2} ${cy + r * 0.3}" stroke="#ef4444" stroke-width="${r * 0.07}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><radialGradient id="g" cx="35%" cy="30%" r="90%"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${shapes[shape]}</svg>`;
}

async function demoPhoto(store: FileStore, shape: Shape, colors: [string, string, string], w: number, h: number): Promise<string> {
  const jpeg = await sharp(Buffer.from(demoPhotoSvg(shape, colors, w, h))).jpeg({ quality: 82 }).toBuffer();
  return storeImage(store, jpeg);
}

export async function seedDemo(db: DB, config: Pick<Config, 'dataDir' | 'publicUrl'>, store: FileStore, at: Date): Promise<boolean> {
  const now = at.toISOString();
  if (await findUserByEmail(db, DEMO_EMAIL)) return false;
  const slugUsed =
    (await db.selectFrom('settings').select('id').where('companyengname', '=', DEMO_SLUG).executeTakeFirst()) ??
    (await db.selectFrom('slug_redirects').select('user_id').where('old_slug', '=', DEMO_SLUG).executeTakeFirst());
  if (slugUsed) return false;

  // photos and the password hash in parallel (sharp and argon2 run on the libuv pool)
  const [passwordHash, categoryPhotos, productPhotos, brandImages] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    Promise.all(DEMO_MENU.map((c) => demoPhoto(store, c.shape, c.colors, 768, 432))),
    Promise.all(DEMO_MENU.flatMap((c) => c.products.map((p) => demoPhoto(store, c.shape, p.colors, 400, 400)))),
    demoBrandingImages(store),
  ]);
  const photos = [...categoryPhotos, ...productPhotos, brandImages.logo, brandImages.cover];
  const removePhotos = () => Promise.all(photos.map((p) => deleteImage(store, p)));

  const userId = await createAccount(db, { name: 'Demo Kullanıcı', email: DEMO_EMAIL, passwordHash, role: 'user' }, now);
  if (!userId) {
    await removePhotos(); // another process seeded it at the same moment
    return false;
  }
  try {
    await db.transaction().execute(async (trx) => {
      // the demo menu in English and Arabic, complete
      const translate = async (q: typeof trx, type: 'category' | 'product', id: number, turkish: string, allergen?: string) => {
        for (const lang of ['en', 'ar'] as const) {
          const t = DEMO_TRANSLATIONS[turkish]?.[lang];
          if (!t) continue;
          if (type === 'category') await q.insertInto('category_translations').values({ category_id: id, lang, user_id: userId, name: t.name, description: t.description }).execute();
          else {
            const a = allergen ? (DEMO_ALLERGEN_TRANSLATIONS[allergen]?.[lang] ?? '') : '';
            await q.insertInto('product_translations').values({ product_id: id, lang, user_id: userId, name: t.name, description: t.description, variants: JSON.stringify(t.variants ?? []), allergen: a }).execute();
          }
        }
      };
      for (const lang of ['en', 'ar'] as const) await trx.insertInto('business_translations').values({ user_id: userId, lang, ...DEMO_BUSINESS_TRANSLATIONS[lang] }).execute();
      await trx
        .updateTable('settings')
        .set({
          name: 'Demo Kullanıcı',
          companyname: 'Demo Kafe',
          address: 'Caferağa Mah. Moda Cad. No: 12, Kadıköy',
          city: 34,
          tel: '0216 555 00 00',
          deskcount: 12,
          qrlink: `${config.publicUrl}/qr/${DEMO_SLUG}`,
          companyengname: DEMO_SLUG,
          languages: DEMO_LANGUAGES,
          // the menu's appearance: logo, cover, colour, hours, Wi-Fi, notes
          ...DEMO_BRANDING,
          logo: brandImages.logo,
          cover: brandImages.cover,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .execute();
      let productIndex = 0;
      for (const [ci, c] of DEMO_MENU.entries()) {
        const { id: categoryId } = await trx
          .insertInto('categories')
          .values({ user_id: userId, name: c.name, description: c.description, image: categoryPhotos[ci], status: '1', sort_order: ci + 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await translate(trx, 'category', categoryId, c.name);
        for (const [pi, p] of c.products.entries()) {
          const { id: productId } = await trx
            .insertInto('products')
            .values({
              user_id: userId,
              category_id: categoryId,
              name: p.name,
              description: p.description,
              selling_price: Math.round(p.price * 100),
              original_price: p.original != null ? Math.round(p.original * 100) : null,
              allergen: p.allergen ?? null,
              allergens: (p.allergens ?? []).join(','),
              labels: (p.labels ?? []).join(','),
              variants: storeVariants(p.variants ?? []),
              sold_out: p.soldOut ? '1' : '0',
              image: productPhotos[productIndex++],
              status: '1',
              sort_order: pi + 1,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await translate(trx, 'product', productId, p.name, p.allergen);
          // a campaign needs its history (Fiyat Etiketi Yönetmeliği: the "was" price is the lowest of the
          // 30 days before): the demo's discounted product was sold at its "was" price until today
          if (p.original != null) {
            const [was, price] = [Math.round(p.original * 100), Math.round(p.price * 100)];
            await trx
              .insertInto('price_history')
              .values({ user_id: userId, product_id: productId, old_selling: was, new_selling: price, old_original: null, new_original: was, source: 'form', created_at: now })
              .execute();
          }
        }
      }
    });
  } catch (err) {
    await db.deleteFrom('users').where('id', '=', userId).execute().catch(() => undefined);
    await removePhotos();
    throw err;
  }
  return true;
}
