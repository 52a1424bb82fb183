import type { ContactInput } from '@qrmenu/contract';
import type { DB } from '../db/database.js';
import { nowIso } from '../db/schema.js';

/** Stores a contact message for the admin inbox (/api/admin/messages); unread until the admin opens it. */
export async function insertMessage(db: DB, m: ContactInput): Promise<number> {
  const row = await db
    .insertInto('messages')
    .values({
      name: m.name,
      surname: m.surname ?? null,
      companyname: m.companyname ?? null,
      mail: m.mail,
      tel: m.tel,
      message: m.message,
      read_at: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
