import type { Kysely, Migration } from 'kysely';

/**
 * The menu's appearance on the business profile: about, theme colour, opening hours (JSON text of
 * the week, see contract/opening-hours.ts), Wi-Fi, Instagram, website, service note, and the logo
 * and cover images (`uploads/….webp`, as product photos). All optional (null = not given).
 */
const COLUMNS = ['about', 'theme_color', 'hours', 'wifi_name', 'wifi_password', 'instagram', 'website', 'service_note', 'logo', 'cover'] as const;

export const branding: Migration = {
  async up(db: Kysely<any>) {
    // one column per statement: SQLite adds a single column per ALTER TABLE
    for (const c of COLUMNS) await db.schema.alterTable('settings').addColumn(c, 'text').execute();
  },
  async down(db: Kysely<any>) {
    for (const c of [...COLUMNS].reverse()) await db.schema.alterTable('settings').dropColumn(c).execute();
  },
};
