export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
/** A staff member's role within a business (issue 42; contract/staff.ts says what each may do). */
export const STAFF_ROLES = ['garson', 'mutfak', 'yonetici'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Who signs in: `staff` is a business's staff member (its `staff_role` tells which). */
export const SIGN_IN_ROLES = ['admin', 'user', 'staff'] as const;

/** Category / product status: '1' Aktif, '0' Pasif. */
export const STATUS_LABELS: Record<'1' | '0', string> = { '1': 'Aktif', '0': 'Pasif' };
/** qr_status: 1 the address may change, 0 it is locked. */
export const QR_STATUS_LABELS: Record<'1' | '0', string> = { '1': 'Değiştirilebilir', '0': 'Değiştirilemez' };
