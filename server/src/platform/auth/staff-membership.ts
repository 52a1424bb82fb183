import type { DB } from '../db/database.js';

export interface StaffMembership {
  businessId: number;
  businessName: string;
  staffRole: 'garson' | 'mutfak' | 'yonetici';
  accepted: boolean;
  revoked: boolean;
}

/** A user's staff membership (sign-in reads it), or undefined for an owner or an admin. */
export async function findStaffMembership(db: DB, userId: number): Promise<StaffMembership | undefined> {
  const row = await db
    .selectFrom('staff_members as sm')
    .leftJoin('settings as s', 's.user_id', 'sm.business_id')
    .select(['sm.business_id', 'sm.staff_role', 'sm.accepted_at', 'sm.revoked_at', 's.companyname', 's.name'])
    .where('sm.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    businessId: row.business_id,
    businessName: row.companyname || row.name || '',
    staffRole: row.staff_role,
    accepted: row.accepted_at != null,
    revoked: row.revoked_at != null,
  };
}
