import type { Kysely, Migration } from 'kysely';

/**
 * Menus that follow the clock (issue 43 item 2). Categories and products may have service hours
 * (`service_hours`: JSON WeekHours, Europe/Istanbul; null = always served) and what the diner sees
 * outside them (`service_outside`: 'show' greyed with the hours, else hidden); a product may have a
 * happy-hour price (`happy_hour`: JSON `{ hours: WeekHours, price: kuruş }`, null = none).
 */
export const serviceHours: Migration = {
  async up(db: Kysely<any>) {
    for (const table of ['categories', 'products']) {
      await db.schema.alterTable(table).addColumn('service_hours', 'text').execute();
      await db.schema.alterTable(table).addColumn('service_outside', 'text').execute();
    }
    await db.schema.alterTable('products').addColumn('happy_hour', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('products').dropColumn('happy_hour').execute();
    for (const table of ['products', 'categories']) {
      await db.schema.alterTable(table).dropColumn('service_outside').execute();
      await db.schema.alterTable(table).dropColumn('service_hours').execute();
    }
  },
};
