import type { AdminListQuery, AuditAction, AuditEntry } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { contains, inOrder, listWindow, ordered, searchTerms } from './admin-list.js';

const AUDIT_SORT: Record<AdminListQuery<'audit'>['sort'], string> = { id: 'id', at: 'at', admin_email: 'admin_email', action: 'action' };

/**
 * One page of the audit trail (newest first unless sorted otherwise). `q`: every word in the
 * administrator's e-mail or the action (search_key, folded). Filter `action`.
 */
export async function listAudit(db: DB, query: AdminListQuery<'audit'>): Promise<{ entries: AuditEntry[]; total: number }> {
  const words = searchTerms(query.q);
  const { action } = query.filters;
  const filtered = db
    .selectFrom('audit_log')
    .$if(action != null, (qb) => qb.where('action', '=', action!))
    .$if(words.length > 0, (qb) => qb.where((eb) => eb.and(words.map((w) => contains(eb, 'search_key', w)))));
  const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const w = listWindow(total, query.page, query.per_page);
  if (w.limit === 0) return { entries: [], total };
  const rows = inOrder(await ordered(filtered.select(['id', 'at', 'admin_id', 'admin_email', 'action', 'target_user_id', 'target_message_id', 'changes']), AUDIT_SORT[query.sort], 'id', query.dir, w).execute(), w);
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at,
      admin_id: r.admin_id,
      admin_email: r.admin_email,
      action: r.action as AuditAction,
      target_user_id: r.target_user_id,
      target_message_id: r.target_message_id,
      changes: JSON.parse(r.changes) as Record<string, [unknown, unknown]>,
    })),
  };
}
