import type { AuditRule } from '../../platform/routes/declare.js';

/** The administrator's own name and e-mail, before and after (audited with the change). */
export const adminAccountAudit: AuditRule = {
  action: 'admin-account',
  snapshot: async (db, request) =>
    (await db.selectFrom('users').select(['name', 'email']).where('id', '=', request.auth?.userId ?? 0).executeTakeFirst()) ?? {},
  fields: ['name', 'email'],
  target: (request) => ({ user: request.auth?.userId }),
};

/** The administrator's password change: only that it happened, never a password or its hash. */
export const adminPasswordAudit: AuditRule = {
  action: 'admin-password',
  snapshot: async () => ({}),
  fields: [],
  target: (request) => ({ user: request.auth?.userId }),
};
