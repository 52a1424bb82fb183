import type { FastifyInstance } from 'fastify';
import { STAFF_MSG } from '@qrmenu/contract';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/auth/password.js';
import { consumeAccountToken, peekAccountToken } from '../auth/index.js';
import { invitationOf, markAccepted, recordActivity } from './staff.repository.js';

const invalid = () => new AppError(200, 400, STAFF_MSG.inviteInvalid);

/** Who an invitation link is for (the link stays unused): name, e-mail, business, role. */
export async function readInvitation(app: FastifyInstance, token: string) {
  const userId = await peekAccountToken(app.db, token, 'invite', app.clock.now());
  const inv = userId == null ? undefined : await invitationOf(app.db, userId);
  if (!inv || inv.accepted_at || inv.revoked_at) throw invalid();
  return { name: inv.name, email: inv.email, business: inv.companyname || inv.business_name || '', role: inv.staff_role };
}

/**
 * Accepts an invitation: the link is used once (within 7 days, on the app's clock), the password
 * set, the address counts as confirmed. Recorded in the business's activity log.
 */
export async function acceptInvitation(app: FastifyInstance, token: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const now = app.clock.now();
  const accepted = await app.db.transaction().execute(async (trx) => {
    const userId = await consumeAccountToken(trx, token, 'invite', now);
    if (userId == null) return undefined;
    const inv = await invitationOf(trx, userId);
    if (!inv || inv.accepted_at || inv.revoked_at) return undefined;
    await markAccepted(trx, userId, hash, now.toISOString());
    await recordActivity(trx, { businessId: inv.business_id, actorId: userId, actorName: inv.name, actorRole: inv.staff_role, action: 'Personel daveti kabul etti', detail: inv.email }, now);
    return userId;
  });
  if (accepted == null) throw invalid();
}
