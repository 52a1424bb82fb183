import { slugify } from '@qrmenu/contract';
import { isUniqueViolation, type DB } from '../../platform/db/database.js';
import type { Settings } from '../../platform/db/schema.js';
import type { BrandingValues } from '../branding/index.js';
import { branchSlugTaken } from '../branches/index.js';

/** The business profile of one owner (one row per owner, created at registration). */

export async function findSettings(db: DB, userId: number): Promise<Settings | undefined> {
  return db.selectFrom('settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Slugs that never become a business address (the demo menu and words of our own routes). */
export const RESERVED_SLUGS = new Set(['demo', 'admin', 'api', 'user', 'qr', 'category', 'uploads', 'login', 'register']);

/** The demo business (seeded, spec §1 "Demo Menu") is the one owner allowed the slug `demo`. */
export const DEMO_EMAIL = 'demo@qrmenu.app';

async function slugTaken(db: DB, slug: string, isDemoOwner: boolean): Promise<boolean> {
  if (RESERVED_SLUGS.has(slug) && !(isDemoOwner && slug === 'demo')) return true;
  const s = await db.selectFrom('settings').select('id').where('companyengname', '=', slug).executeTakeFirst();
  if (s) return true;
  const r = await db.selectFrom('slug_redirects').select('old_slug').where('old_slug', '=', slug).executeTakeFirst();
  // a branch's address (features/branches) is taken too
  return Boolean(r) || branchSlugTaken(db, slug);
}

/** First free slug for a company name: `cinar-kafe`, then `cinar-kafe-2`, `cinar-kafe-3` … */
export async function freeSlug(db: DB, companyname: string, isDemoOwner = false): Promise<string> {
  const base = slugify(companyname) || 'isletme';
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? base : `${base.slice(0, 55)}-${i}`;
    if (!(await slugTaken(db, candidate, isDemoOwner))) return candidate;
  }
}

export interface ProfileValues {
  name: string;
  companyname: string;
  address: string;
  city: number;
  tel: string;
  deskcount: number | null;
  /** Comma-separated menu language codes; undefined = unchanged. */
  languages?: string;
}

/** The profile with the menu's appearance fields (absent: unchanged, null: cleared). */
export type ProfileWithBranding = ProfileValues & BrandingValues;

/**
 * Saves the owner-editable profile fields. The first save also gives the business its public
 * address (companyengname + qrlink); later saves never change it, so printed QR codes keep working.
 * A parallel save that takes the same slug hits the unique index: we retry with the next one.
 */
export async function saveProfile(db: DB, userId: number, v: ProfileWithBranding, publicUrl: string, now: string, isDemoOwner = false): Promise<boolean> {
  const current = await findSettings(db, userId);
  if (!current) return false;
  // fields left out stay as they are
  for (const [k, value] of Object.entries(v)) if (value === undefined) delete (v as unknown as Record<string, unknown>)[k];
  for (let attempt = 0; ; attempt++) {
    const address: { companyengname?: string; qrlink?: string } = {};
    if (!current.companyengname) {
      const slug = await freeSlug(db, v.companyname, isDemoOwner);
      address.companyengname = slug;
      address.qrlink = `${publicUrl}/qr/${slug}`;
    }
    try {
      const r = await db
        .updateTable('settings')
        .set({ ...v, ...address, updated_at: now })
        .where('user_id', '=', userId)
        // the address is only set while still empty (a parallel first save may have set it)
        .$if(Boolean(address.companyengname), (q) => q.where('companyengname', 'is', null))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) {
        await db.updateTable('settings').set({ ...v, updated_at: now }).where('user_id', '=', userId).execute();
      }
      return true;
    } catch (err) {
      if (isUniqueViolation(err) && attempt < 5) continue;
      throw err;
    }
  }
}

/** Menu views per day (Europe/Istanbul days, YYYY-MM-DD) from `since` on. */
export async function dailyViews(db: DB, userId: number, since: string) {
  return db.selectFrom('daily_views').select(['day', 'count']).where('user_id', '=', userId).where('day', '>=', since).orderBy('day').execute();
}
