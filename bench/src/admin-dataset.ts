import { sql } from 'kysely';
import { dialectOf, type DB } from '../../server/src/platform/db/database.js';

/**
 * A national platform for the admin bench, generated inside the database with set-based
 * INSERT … SELECT statements (a recursive counter, joined with small word lists): 25,000 businesses
 * and a million products take minutes, not hours, and no row crosses the wire. The names are
 * Turkish, with every folded letter, so searches find realistic shares of the rows.
 */
export interface AdminSize {
  businesses: number;
  categoriesPerBusiness: number;
  productsPerCategory: number;
  /** Days of daily_views per business (the dashboard's month and 30-day sums read them). */
  days: number;
  messages: number;
  audit: number;
}

const FIRST = ['Ayşe', 'Mehmet', 'Zeynep', 'Mustafa', 'Elif', 'Ömer', 'Şule', 'İbrahim', 'Gül', 'Çağlar', 'Ümit', 'Işıl', 'Hülya', 'Oğuz', 'Fatma', 'Burak', 'Derya', 'Kemal', 'Sevgi', 'Tuğçe'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Ünal'];
const PLACE = ['Çınar', 'Lezzet', 'Deniz', 'Güneş', 'Işık', 'Şirin', 'Köşe', 'Bahçe', 'Liman', 'Sultan', 'Yıldız', 'Ödül', 'Üsküdar', 'Boğaz', 'Saray', 'Pınar', 'Ege', 'Ilgın', 'Gurme', 'Anadolu'];
const KIND = ['Kafe', 'Lokanta', 'Restoran', 'Büfe', 'Pastanesi', 'Kebap Salonu', 'Meyhane', 'Dönercisi', 'Pidecisi', 'Kahvecisi'];
const CATEGORY = ['Kahvaltı', 'Çorbalar', 'Ana Yemekler', 'Izgaralar', 'Tatlılar', 'İçecekler', 'Salatalar', 'Pideler', 'Dürümler', 'Sıcak İçecekler'];
const DISH = ['Köfte', 'Mercimek Çorbası', 'Lahmacun', 'Kaşarlı Pide', 'Künefe', 'Baklava', 'Ayran', 'Türk Kahvesi', 'Menemen', 'Gözleme', 'Mantı', 'Sütlaç', 'Şakşuka', 'İskender', 'Çoban Salata', 'Adana Kebap', 'Ilık Süt', 'Çay', 'Ezogelin', 'Hünkâr Beğendi'];
const STYLE = ['Ev Usulü', 'Acılı', 'Özel', 'Tereyağlı', 'Fırından', 'Bol Peynirli', 'Çıtır', 'Sade', 'Büyük Boy', 'Günün'];

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** `WITH name(i, w) AS (VALUES (0,'…'), …)` for a word list. */
const words = (name: string, list: string[]) => `${name}(i, w) as (values ${list.map((w, i) => `(${i}, ${q(w)})`).join(', ')})`;
/** A counter 0..n-1 (both dialects: a recursive CTE). */
const counter = (name: string, n: number) => `${name}(g) as (select 0 union all select g + 1 from ${name} where g + 1 < ${n})`;

export async function generateAdminPlatform(db: DB, size: AdminSize, log: (s: string) => void): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  /** An ISO timestamp `minutes` minutes before 2026-11-25 12:00 UTC. */
  const isoBefore = (minutes: string) =>
    pg
      ? `to_char(timestamp '2026-11-25 12:00:00' - (${minutes}) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', '2026-11-25 12:00:00', '-' || (${minutes}) || ' minutes')`;
  const day = (daysBack: string) => (pg ? `to_char(date '2026-11-25' - (${daysBack})::int, 'YYYY-MM-DD')` : `date('2026-11-25', '-' || (${daysBack}) || ' days')`);
  const run = async (label: string, text: string) => {
    const t0 = Date.now();
    await sql.raw(text).execute(db);
    log(`  ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  const N = size.businesses;

  await run(
    `${N} accounts`,
    `with recursive ${counter('n', N)}, ${words('f', FIRST)}, ${words('l', LAST)}
     insert into users (name, email, password_hash, role, created_at, updated_at, email_verified_at)
     select f.w || ' ' || l.w, 'sahip' || (n.g + 1) || '@bench.test', 'x', 'user', ${isoBefore('n.g * 37')}, ${isoBefore('n.g * 37')}, case when n.g % 4 = 0 then null else ${isoBefore('n.g')} end
     from n join f on f.i = n.g % ${FIRST.length} join l on l.i = (n.g / ${FIRST.length}) % ${LAST.length}`,
  );
  // settings.id = user_id, as createAccount makes them
  await run(
    `${N} business profiles`,
    `with ${words('p', PLACE)}, ${words('k', KIND)}
     insert into settings (id, user_id, name, companyname, address, city, tel, deskcount, qrlink, companyengname, count, qr_status, status, userlevel, created_at, updated_at)
     select u.id, u.id, u.name, p.w || ' ' || k.w || case when u.id % 3 = 0 then ' ' || u.id else '' end, 'Atatürk Cad. No: ' || (u.id % 200) || ' Merkez', 1 + u.id % 81, '0555 ' || (1000000 + u.id),
            u.id % 40, 'https://qr.example/qr/isletme-' || u.id, 'isletme-' || u.id, (u.id * 7919) % 250000, case when u.id % 9 = 0 then 0 else 1 end,
            case when u.id % 13 = 0 then 0 else 1 end, cast(u.id % 3 as text), u.created_at, u.updated_at
     from users u join p on p.i = u.id % ${PLACE.length} join k on k.i = (u.id / ${PLACE.length}) % ${KIND.length} where u.role = 'user'`,
  );
  if (pg) await run('settings id sequence', `select setval(pg_get_serial_sequence('settings', 'id'), (select max(id) from settings))`);
  await run(
    `${N * size.categoriesPerBusiness} categories`,
    `with recursive ${counter('c', size.categoriesPerBusiness)}, ${words('w', CATEGORY)}
     insert into categories (user_id, name, description, image, count, status, sort_order, created_at, updated_at)
     select s.user_id, w.w, w.w || ' bölümümüzden günün taze lezzetleri.', case when c.g % 3 = 2 then null else 'uploads/bench-' || (c.g % 12) || '.webp' end,
            (s.user_id * 31 + c.g * 17) % 5000, case when (s.user_id + c.g) % 11 = 0 then '0' else '1' end, c.g, ${isoBefore('s.user_id * 37 - c.g')}, ${isoBefore('s.user_id * 37 - c.g')}
     from settings s cross join c join w on w.i = (s.user_id + c.g) % ${CATEGORY.length}`,
  );
  await run(
    `${N * size.categoriesPerBusiness * size.productsPerCategory} products`,
    `with recursive ${counter('k', size.productsPerCategory)}, ${words('d', DISH)}, ${words('st', STYLE)}
     insert into products (user_id, category_id, name, description, selling_price, original_price, allergen, image, status, sort_order, created_at, updated_at)
     select c.user_id, c.id, d.w || ' ' || st.w || ' ' || (c.id % 97 + k.g), 'Günlük hazırlanan, taze malzemelerle yapılmış ev yapımı lezzet; mevsim salatası ile.',
            1000 + ((c.id * 31 + k.g * 17) % 400) * 125, case when k.g % 7 = 0 then 1500 + ((c.id * 31 + k.g * 17) % 400) * 125 else null end,
            case when k.g % 3 = 0 then 'Gluten, süt ürünleri' else null end, case when k.g % 4 = 3 then null else 'uploads/bench-' || (k.g % 12) || '.webp' end,
            case when (c.id + k.g) % 10 = 9 then '0' else '1' end, k.g, ${isoBefore('c.user_id * 37 - k.g')}, ${isoBefore('c.user_id * 37 - k.g')}
     from categories c cross join k join d on d.i = (c.id * 7 + k.g) % ${DISH.length} join st on st.i = (c.id + k.g * 3) % ${STYLE.length}`,
  );
  // issue 43: every fourth account has one to three extra branches ("Ege Şubesi 2", /qr/isletme-4244-sube-2)
  await run(
    'branches',
    `with recursive ${counter('b', 3)}, ${words('p', PLACE)}
     insert into branches (user_id, slug, name, address, city, tel, count, created_at, updated_at)
     select s.user_id, s.companyengname || '-sube-' || (b.g + 1), p.w || ' Şubesi ' || (b.g + 1), 'Cumhuriyet Cad. No: ' || (b.g + 1), 1 + (s.user_id + b.g) % 81, '',
            (s.user_id * 13 + b.g * 7) % 5000, s.created_at, s.created_at
     from settings s cross join b join p on p.i = (s.user_id + b.g * 7) % ${PLACE.length} where s.user_id % 4 = 0 and b.g <= s.user_id % 3`,
  );
  await run(
    `${N * size.days} daily views`,
    `with recursive ${counter('dd', size.days)}
     insert into daily_views (user_id, day, count)
     select s.user_id, ${day('dd.g')}, case when s.user_id % 500 = 0 then 900 else (s.user_id * 13 + dd.g * 7) % 300 end from settings s cross join dd`,
  );
  await run(
    `${size.messages} messages`,
    `with recursive ${counter('m', size.messages)}, ${words('f', FIRST)}, ${words('l', LAST)}
     insert into messages (name, surname, companyname, mail, tel, message, read_at, created_at)
     select f.w, l.w, null, 'ziyaretci' || m.g || '@ornek.test', '0532 ' || (1000000 + m.g), 'Merhaba, menü ve fiyatlar hakkında bilgi almak istiyorum. (' || m.g || ')',
            case when m.g % 3 = 0 then null else ${isoBefore('m.g * 11 - 5')} end, ${isoBefore('m.g * 11')}
     from m join f on f.i = m.g % ${FIRST.length} join l on l.i = (m.g / 7) % ${LAST.length}`,
  );
  await run(
    `${size.audit} audit entries`,
    `with recursive ${counter('a', size.audit)}
     insert into audit_log (at, admin_id, admin_email, action, target_user_id, target_message_id, changes)
     select ${isoBefore('a.g * 3')}, 1, 'yonetici' || (a.g % 3) || '@qrmenu.test', case a.g % 3 when 0 then 'update-user' when 1 then 'message-read' else 'message-reply' end,
            case when a.g % 3 = 0 then 1 + a.g % ${N} else null end, case when a.g % 3 = 0 then null else 1 + a.g % ${Math.max(1, size.messages)} end, '{"status":[1,0]}'
     from a`,
  );
  if (pg) await run('vacuum analyze', 'vacuum analyze');
  else {
    await run('analyze', 'analyze');
    await run('fts optimize', `insert into products_search(products_search) values ('optimize')`);
  }
}
