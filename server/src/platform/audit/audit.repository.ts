import type { AuditAction } from '@qrmenu/contract';
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

/** `{field: [before, after]}` for the fields of `after` whose value differs from `before`. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of fields) if (JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null)) out[f] = [before[f] ?? null, after[f] ?? null];
  return out;
}
