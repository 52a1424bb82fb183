import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/database.js';
import { deleteImage } from '../../platform/images/images.js';
import type { FileStore } from '../../platform/storage/store.js';
import { ownerTables } from './owner-tables.js';

/** Columns that hold an uploaded image path (`uploads/….webp`). */
const IMAGE_COLUMNS = new Set(['image', 'logo', 'cover']);

export interface Erased {
  email: string;
  name: string;
  categories: number;
  products: number;
}

/**
 * Erases an owner (KVKK): every row of every owner table, the business's staff accounts and its activity log, the contact messages sent from the
 * owner's address, the account itself — in one transaction — then the photo files. Audit entries
 * about the business keep who did what and when, but lose the values they recorded.
 * `within` runs inside the same transaction (the admin's audit entry). Undefined when no such owner.
 */
export async function eraseOwner(db: DB, store: FileStore, userId: number, within?: (trx: DB, erased: Erased) => Promise<void>): Promise<Erased | undefined> {
  const tables = await ownerTables(db);
  const result = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.role !== 'user') return undefined;
    const any = trx as unknown as Kysely<any>;
    const images: string[] = [];
    // photos (`image`) and the menu's logo and cover
    for (const t of tables) {
      for (const col of t.columns.filter((c) => IMAGE_COLUMNS.has(c))) {
        const rows = await any.selectFrom(t.name).select(`${col} as image`).where('user_id', '=', userId).where(col, 'is not', null).execute();
        images.push(...rows.map((r: { image: string }) => r.image));
      }
    }
    const count = async (table: string) =>
      Number((await any.selectFrom(table).select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirst())?.n ?? 0);
    const erased: Erased = { email: user.email, name: user.name, categories: await count('categories'), products: await count('products') };

    const entries = await trx.selectFrom('audit_log').select(['id', 'changes']).where('target_user_id', '=', userId).execute();
    for (const e of entries) {
      const redacted = Object.fromEntries(Object.keys(safeJson(e.changes)).map((k) => [k, [null, null]]));
      await trx.updateTable('audit_log').set({ changes: JSON.stringify(redacted) }).where('id', '=', e.id).execute();
    }
    await trx.deleteFrom('messages').where((eb) => eb(eb.fn('lower', ['mail']), '=', user.email)).execute();
    // the business's staff: their accounts (with their sessions and links), memberships and activity log
    await trx.deleteFrom('users').where('id', 'in', trx.selectFrom('staff_members').select('user_id').where('business_id', '=', userId)).execute();
    await trx.deleteFrom('staff_activity').where('business_id', '=', userId).execute();
    await trx.deleteFrom('staff_members').where('business_id', '=', userId).execute();
    for (const t of tables) await any.deleteFrom(t.name).where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await within?.(trx, erased);
    return { erased, images };
  });
  if (!result) return undefined;
  // after the commit: a file removed for a rolled-back deletion could not come back
  await Promise.all(result.images.map((p) => deleteImage(store, p)));
  return result.erased;
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}
