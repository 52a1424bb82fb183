import { storedHours, type Branding, type BrandingImageField, type BrandingInput } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import type { Settings } from '../../platform/db/schema.js';

/** The menu's appearance on the business profile (settings row): its columns, as stored and as shown. */

export const BRANDING_COLUMNS = ['about', 'theme_color', 'hours', 'wifi_name', 'wifi_password', 'instagram', 'website', 'service_note', 'logo', 'cover'] as const;

type BrandingRow = Pick<Settings, (typeof BRANDING_COLUMNS)[number]>;
export type BrandingValues = Partial<Omit<BrandingRow, 'logo' | 'cover'>>;

/** A row's branding as the API and the pages show it (hours parsed). */
export function presentBranding(r: BrandingRow): Branding {
  return {
    about: r.about ?? null,
    theme_color: r.theme_color ?? null,
    hours: storedHours(r.hours),
    wifi_name: r.wifi_name ?? null,
    wifi_password: r.wifi_password ?? null,
    instagram: r.instagram ?? null,
    website: r.website ?? null,
    service_note: r.service_note ?? null,
    logo: r.logo ?? null,
    cover: r.cover ?? null,
  };
}

/** Validated input → column values: fields left out are absent (kept), cleared ones null. */
export function brandingValues(input: BrandingInput): BrandingValues {
  const out: BrandingValues = {};
  for (const key of ['about', 'theme_color', 'wifi_name', 'wifi_password', 'instagram', 'website', 'service_note'] as const) {
    if (input[key] !== undefined) out[key] = input[key];
  }
  if (input.hours !== undefined) out.hours = input.hours === null ? null : JSON.stringify(input.hours);
  return out;
}

/** The owner's current logo and cover paths (undefined: no such business). */
export async function findBrandingImages(db: DB, userId: number) {
  return db.selectFrom('settings').select(['logo', 'cover']).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Saves appearance fields and sets (a path) or clears (null) the logo and/or cover in one update,
 * only while the stored image paths are still those the caller read (`expected`): a parallel
 * replace cannot lose track of a file. False when they changed meanwhile (the caller reads again).
 */
export async function saveBranding(
  db: DB,
  userId: number,
  values: BrandingValues,
  images: Partial<Record<BrandingImageField, string | null>>,
  expected: Record<BrandingImageField, string | null>,
  now: string,
): Promise<boolean> {
  const keys = Object.keys(images) as BrandingImageField[];
  if (keys.length === 0 && Object.keys(values).length === 0) return true;
  const r = await db
    .updateTable('settings')
    .set({ ...values, ...images, updated_at: now })
    .where('user_id', '=', userId)
    .$if(keys.length > 0, (q) => q.where((eb) => eb.and(keys.map((k) => (expected[k] === null ? eb(k, 'is', null) : eb(k, '=', expected[k]))))))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
