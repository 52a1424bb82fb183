import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry } from '@qrmenu/contract';
import type { DB } from '../db/database.js';

export interface NewAuditEntry {
  adminId: number;
  adminEmail: string;
  action: AuditAction;
  targetUserId?: number | null;
  targetMessageId?: number | null;
  changes: Record<string, [unknown, unknown]>;
}

/** Records one administrator write (in the caller's transaction when given one). */
export async function recordAudit(db: DB, e: NewAuditEntry, at: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: at.toISOString(),
      admin_id: e.adminId,
      admin_email: e.adminEmail,
      action: e.action,
      target_user_id: e.targetUserId ?? null,
      target_message_id: e.targetMessageId ?? null,
      changes: JSON.stringify(e.changes),
    })
    .execute();
}

/** One page of the audit trail, newest first (1-based `page`). */
export async function listAudit(db: DB, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const total = await db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    total: Number(total.n),
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at,
      admin_id: r.admin_id,
      admin_email: r.admin_email,
      action: r.action as AuditAction,
      target_user_id: r.target_user_id,
      target_message_id: r.target_message_id,
      changes: JSON.parse(r.changes),
    })),
  };
}

/** `{field: [before, after]}` for the fields of `after` whose value differs from `before`. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of fields) if (JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null)) out[f] = [before[f] ?? null, after[f] ?? null];
  return out;
}
