import type { StaffMember, StaffRole, StaffState } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';

/** Every query takes the business id from the owner's token and puts it in the WHERE. */

function memberQuery(db: DB, businessId: number) {
  return db
    .selectFrom('staff_members as sm')
    .innerJoin('users as u', 'u.id', 'sm.user_id')
    .select(['sm.id', 'sm.user_id', 'u.name', 'u.email', 'sm.staff_role', 'sm.invited_at', 'sm.accepted_at', 'sm.revoked_at', 'sm.branch_ids'])
    .where('sm.business_id', '=', businessId);
}
type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['executeTakeFirstOrThrow']>>;

export function stateOf(row: Pick<MemberRow, 'accepted_at' | 'revoked_at' | 'invited_at'>, now: Date, ttlMs: number): StaffState {
  if (row.revoked_at) return 'revoked';
  if (row.accepted_at) return 'active';
  return new Date(row.invited_at).getTime() + ttlMs <= now.getTime() ? 'expired' : 'invited';
}

export function presentMember(row: MemberRow, now: Date, ttlMs: number): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.staff_role,
    state: stateOf(row, now, ttlMs),
    invited_at: row.invited_at,
    accepted_at: row.accepted_at,
    revoked_at: row.revoked_at,
    branches: branchesOf(row.branch_ids),
  };
}

/** `staff_members.branch_ids` (JSON ids, 0 the main branch; features/branches) → the list, null: every branch. */
function branchesOf(raw: string | null): number[] | null {
  if (!raw) return null;
  try {
    const ids = JSON.parse(raw) as unknown;
    return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : null;
  } catch {
    return null;
  }
}

export async function listMembers(db: DB, businessId: number) {
  return memberQuery(db, businessId).orderBy('sm.revoked_at', 'desc').orderBy('u.name').orderBy('sm.id').execute();
}

export async function findMember(db: DB, businessId: number, id: number) {
  return memberQuery(db, businessId).where('sm.id', '=', id).executeTakeFirst();
}

export async function findMemberByEmail(db: DB, businessId: number, email: string) {
  return memberQuery(db, businessId).where('u.email', '=', email).executeTakeFirst();
}

/** Members that count against the plan: every one not revoked (invited or active). */
export async function countHeldSeats(db: DB, businessId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function businessPlan(db: DB, businessId: number) {
  return db.selectFrom('settings').select(['userlevel', 'companyname', 'name']).where('user_id', '=', businessId).executeTakeFirst();
}

/** A new staff account: a `users` row that cannot sign in (no usable password) and its membership. */
export async function insertMember(trx: DB, m: { businessId: number; name: string; email: string; role: StaffRole; passwordHash: string; now: string }): Promise<number> {
  const user = await trx
    .insertInto('users')
    .values({ name: m.name, email: m.email, password_hash: m.passwordHash, role: 'user', created_at: m.now, updated_at: m.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('staff_members')
    .values({ business_id: m.businessId, user_id: user.id, staff_role: m.role, invited_at: m.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An invitation sent again: pending (and a revoked member invited back) starts over. */
export async function reinviteMember(trx: DB, m: { id: number; userId: number; name: string; role: StaffRole; passwordHash: string; now: string }) {
  await trx.updateTable('users').set({ name: m.name, password_hash: m.passwordHash, updated_at: m.now }).where('id', '=', m.userId).execute();
  await trx.updateTable('staff_members').set({ staff_role: m.role, invited_at: m.now, accepted_at: null, revoked_at: null }).where('id', '=', m.id).execute();
}

export async function setMemberRole(db: DB, businessId: number, id: number, role: StaffRole) {
  await db.updateTable('staff_members').set({ staff_role: role }).where('id', '=', id).where('business_id', '=', businessId).execute();
}

export async function markRevoked(trx: DB, businessId: number, id: number, now: string) {
  await trx.updateTable('staff_members').set({ revoked_at: now }).where('id', '=', id).where('business_id', '=', businessId).execute();
}

/** The invitation behind a user id: its business and whether it is still open. */
export async function invitationOf(db: DB, userId: number) {
  return db
    .selectFrom('staff_members as sm')
    .innerJoin('users as u', 'u.id', 'sm.user_id')
    .leftJoin('settings as s', 's.user_id', 'sm.business_id')
    .select(['sm.id', 'sm.business_id', 'sm.staff_role', 'sm.accepted_at', 'sm.revoked_at', 'u.name', 'u.email', 's.companyname', 's.name as business_name'])
    .where('sm.user_id', '=', userId)
    .executeTakeFirst();
}

export async function markAccepted(trx: DB, userId: number, passwordHash: string, now: string) {
  await trx.updateTable('users').set({ password_hash: passwordHash, email_verified_at: now, updated_at: now }).where('id', '=', userId).execute();
  await trx.updateTable('staff_members').set({ accepted_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export interface NewActivity {
  businessId: number;
  actorId: number;
  actorName: string;
  actorRole: string;
  action: string;
  detail?: string;
}

export async function recordActivity(db: DB, a: NewActivity, at: Date): Promise<void> {
  await db
    .insertInto('staff_activity')
    .values({ business_id: a.businessId, actor_id: a.actorId, actor_name: a.actorName, actor_role: a.actorRole, action: a.action, detail: a.detail ?? '', at: at.toISOString() })
    .execute();
}

/** The business's latest activity, newest first. */
export async function listActivity(db: DB, businessId: number, limit: number) {
  return db
    .selectFrom('staff_activity')
    .select(['id', 'at', 'actor_name', 'actor_role', 'action', 'detail'])
    .where('business_id', '=', businessId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
