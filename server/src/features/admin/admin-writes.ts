import { ADMIN_MSG } from '@qrmenu/contract';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import type { TokenOwner } from '../../platform/auth/tokens.repository.js';
import type { DB } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/errors.js';
import type { FileStore } from '../../platform/storage/store.js';
import { eraseOwner } from '../accounts/index.js';
import { findMessage, markAnswered } from '../messages/index.js';

/**
 * An administrator erases a business like its owner's own deletion (never an admin: 404), its
 * `delete-user` audit entry in the erasure's transaction (counts only: the personal data is gone).
 */
export async function eraseBusinessAsAdmin(db: DB, storage: FileStore, admin: TokenOwner, id: number | undefined, now: Date) {
  const erased = id
    ? await eraseOwner(db, storage, id, (trx, e) =>
        recordAudit(
          trx,
          {
            adminId: admin.userId,
            adminEmail: admin.email,
            action: 'delete-user',
            targetUserId: id,
            // counts only: the business's personal data is gone with it
            changes: { account: [true, null], categories: [e.categories, 0], products: [e.products, 0] },
          },
          now,
        ),
      )
    : undefined;
  if (!erased) throw new NotFoundError(ADMIN_MSG.userNotFound);
  return erased;
}

/** The contact message `id`, or body 404. */
export async function messageToAnswer(db: DB, id: number | undefined) {
  const msg = id ? await findMessage(db, id) : undefined;
  if (!id || !msg) throw new NotFoundError(ADMIN_MSG.messageNotFound);
  return msg;
}

/** Marks a message answered (and read) with its `message-reply` audit entry, in one transaction. */
export async function recordAnswer(db: DB, admin: TokenOwner, msg: { id: number; answered_at: string | null }, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await markAnswered(trx, msg.id, now);
    await recordAudit(
      trx,
      { adminId: admin.userId, adminEmail: admin.email, action: 'message-reply', targetMessageId: msg.id, changes: { answered_at: [msg.answered_at, now.toISOString()] } },
      now,
    );
  });
}
