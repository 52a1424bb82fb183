export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Category / product status: '1' Aktif, '0' Pasif. */
export const STATUS_LABELS: Record<'1' | '0', string> = { '1': 'Aktif', '0': 'Pasif' };
/** qr_status: 1 the address may change, 0 it is locked. */
export const QR_STATUS_LABELS: Record<'1' | '0', string> = { '1': 'Değiştirilebilir', '0': 'Değiştirilemez' };
