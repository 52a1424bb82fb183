import type { DB } from '../../platform/db/database.js';
import { DEMO_SLUG } from './seed.js';

/** A few survey answers for the demo business, so its Geri Bildirimler screen shows something. */
const DEMO_FEEDBACK = [
  { daysAgo: 0, masa: 4, r: [5, 5, 4, 4], comment: 'Menemen harikaydı, çay da tam kıvamında. Teşekkürler!' },
  { daysAgo: 1, masa: 2, r: [4, 3, 5, 4], comment: 'Lezzetli ama servis biraz yavaştı.' },
  { daysAgo: 3, masa: 7, r: [5, 4, 4, 3], comment: '' },
  { daysAgo: 6, masa: null, r: [3, 4, 4, 2], comment: 'Porsiyonlar fiyata göre küçük.' },
  { daysAgo: 11, masa: 9, r: [5, 5, 5, 5], comment: 'Kahvaltı tabağı çok güzeldi, tekrar geleceğiz.' },
  { daysAgo: 19, masa: 1, r: [4, 4, null, 4], comment: 'Güler yüzlü çalışanlar.' },
] as const;

/** Adds them once: only when the demo business exists and has no feedback yet. */
export async function seedDemoFeedback(db: DB, at: Date): Promise<boolean> {
  const demo = await db.selectFrom('settings').select('user_id').where('companyengname', '=', DEMO_SLUG).executeTakeFirst();
  if (!demo) return false;
  const any = await db.selectFrom('feedback').select('id').where('user_id', '=', demo.user_id).executeTakeFirst();
  if (any) return false;
  const now = at.getTime();
  await db
    .insertInto('feedback')
    .values(
      DEMO_FEEDBACK.map((f, i) => ({
        user_id: demo.user_id,
        masa: f.masa,
        lezzet: f.r[0],
        servis: f.r[1],
        temizlik: f.r[2],
        fiyat: f.r[3],
        comment: f.comment,
        name: null,
        tel: null,
        // the older ones already read
        read_at: i >= 2 ? new Date(now - f.daysAgo * 86_400_000 + 3_600_000).toISOString() : null,
        created_at: new Date(now - f.daysAgo * 86_400_000 - i * 60_000).toISOString(),
      })),
    )
    .execute();
  return true;
}
