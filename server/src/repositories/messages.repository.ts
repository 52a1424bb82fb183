import type { AdminMessageRow, ContactInput } from '@qrmenu/contract';
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

/** Contact messages, newest first. */
export async function listMessages(db: DB): Promise<AdminMessageRow[]> {
  const rows = await db.selectFrom('messages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    surname: m.surname,
    companyname: m.companyname,
    mail: m.mail,
    tel: m.tel,
    message: m.message,
    read: m.read_at != null,
    read_at: m.read_at,
    answered_at: m.answered_at,
    created_at: m.created_at,
  }));
}

export async function unreadMessageCount(db: DB): Promise<number> {
  const row = await db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** Marks a message read (keeps the first read time) or unread; false when it does not exist. */
export async function setMessageRead(db: DB, id: number, read: boolean): Promise<boolean> {
  const exists = await db.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) return false;
  if (read) await db.updateTable('messages').set({ read_at: nowIso() }).where('id', '=', id).where('read_at', 'is', null).execute();
  else await db.updateTable('messages').set({ read_at: null }).where('id', '=', id).execute();
  return true;
}
