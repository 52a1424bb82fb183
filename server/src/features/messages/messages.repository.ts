import type { AdminListQuery, AdminMessageRow, ContactInput } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { contains, keysetPage, searchTerms, type SortKey } from '../admin/index.js';

/** Stores a contact message for the admin inbox (/api/admin/messages); unread until the admin opens it. */
export async function insertMessage(db: DB, m: ContactInput, now: Date): Promise<number> {
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
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const id = { column: 'id', type: 'int' } as const;
/** The sender's name in Turkish order (its sort key, `name_key`), then the id: keyset pages. */
const MESSAGE_SORT: Record<AdminListQuery<'messages'>['sort'], SortKey> = {
  id: [id],
  name: [{ column: 'name_key', type: 'text' }, id],
  mail: [{ column: 'mail', type: 'text' }, id],
  created_at: [{ column: 'created_at', type: 'text' }, id],
};

/**
 * One page of contact messages (newest first unless sorted otherwise). `q`: every word in the
 * sender's name, surname, business, e-mail or the message (search_key, folded).
 * Filter `unread`: '1' only unread, '0' only read.
 */
export async function listMessages(db: DB, query: AdminListQuery<'messages'>): Promise<{ messages: AdminMessageRow[]; total: number; next?: string; prev?: string }> {
  const words = searchTerms(query.q);
  const { unread } = query.filters;
  const filtered = db
    .selectFrom('messages')
    .$if(unread === '1', (qb) => qb.where('read_at', 'is', null))
    .$if(unread === '0', (qb) => qb.where('read_at', 'is not', null))
    .$if(words.length > 0, (qb) => qb.where((eb) => eb.and(words.map((w) => contains('search_key', w)))));
  const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const columns = ['id', 'name', 'surname', 'companyname', 'mail', 'tel', 'message', 'read_at', 'answered_at', 'created_at'] as const;
  const { rows, next, prev } = await keysetPage(filtered, filtered.select(columns), MESSAGE_SORT[query.sort], {
    page: query.page,
    perPage: query.per_page,
    dir: query.dir,
    sort: query.sort,
    total,
    after: query.after,
    before: query.before,
  });
  return {
    total,
    next,
    prev,
    messages: rows.map((m) => ({
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
    })),
  };
}

export async function unreadMessageCount(db: DB): Promise<number> {
  const row = await db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** Marks a message read (keeps the first read time) or unread; false when it does not exist. */
export async function setMessageRead(db: DB, id: number, read: boolean, now: Date): Promise<boolean> {
  const exists = await db.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) return false;
  if (read) await db.updateTable('messages').set({ read_at: now.toISOString() }).where('id', '=', id).where('read_at', 'is', null).execute();
  else await db.updateTable('messages').set({ read_at: null }).where('id', '=', id).execute();
  return true;
}
