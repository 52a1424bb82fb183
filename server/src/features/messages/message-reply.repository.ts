import type { DB } from '../../platform/db/database.js';

export async function findMessage(db: DB, id: number) {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a contact message answered (and read, if it was not); returns its state before and after. */
export async function markAnswered(db: DB, id: number, at: Date) {
  const now = at.toISOString();
  await db.updateTable('messages').set({ answered_at: now }).where('id', '=', id).execute();
  await db.updateTable('messages').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
}
