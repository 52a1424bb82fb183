import type { AdminListQuery, AuditAction, AuditEntry } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { all, contains, searchTerms } from './admin-list.js';
import { keysetPage, type SortKey } from './admin-list-keyset.js';

const id = { column: 'id', type: 'int' } as const;
const AUDIT_SORT: Record<AdminListQuery<'audit'>['sort'], SortKey> = {
  id: [id],
  at: [{ column: 'at', type: 'text' }, id],
  admin_email: [{ column: 'admin_email', type: 'text' }, id],
  action: [{ column: 'action', type: 'text' }, id],
};

/**
 * One page of the audit trail (newest first unless sorted otherwise). `q`: every word in the
 * administrator's e-mail or the action (search_key, folded). Filter `action`.
 */
export async function listAudit(db: DB, query: AdminListQuery<'audit'>): Promise<{ entries: AuditEntry[]; total: number; next?: string; prev?: string }> {
  const words = searchTerms(query.q);
  const { action } = query.filters;
  const filtered = db
    .selectFrom('audit_log')
    .$if(action != null, (qb) => qb.where('action', '=', action!))
    .$if(words.length > 0, (qb) => qb.where(all(words.map((w) => contains('search_key', w)))));
  const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const columns = ['id', 'at', 'admin_id', 'admin_email', 'action', 'target_user_id', 'target_message_id', 'changes'] as const;
  const { rows, next, prev } = await keysetPage(filtered, filtered.select(columns), AUDIT_SORT[query.sort], {
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
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at,
      admin_id: r.admin_id,
      admin_email: r.admin_email,
      action: r.action as AuditAction,
      target_user_id: r.target_user_id,
      target_message_id: r.target_message_id,
      changes: JSON.parse(r.changes) as AuditEntry['changes'],
    })),
  };
}
