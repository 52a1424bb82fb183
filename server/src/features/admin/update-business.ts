import { ADMIN_FIELD_MSG, ADMIN_MSG, MSG, updateUserSchema, type AdminUserRow, type FieldErrors, type UpdateUserInput } from '@qrmenu/contract';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import type { AuditRule } from '../../platform/routes/declare.js';
import { parseBody, parseId } from '../../platform/validate.js';
import { branchSlugTaken } from '../branches/index.js';
import { findBusiness, slugOwners, updateBusiness, type BusinessUpdate } from './admin-businesses.repository.js';

const invalid = { status: 422, message: MSG.allFieldsMandatory } as const;
const idOf = (request: FastifyRequest) => parseId((request.params as { id?: string }).id);

/** POST /api/update-user/{id} is audited: the business's fields before and after, in the write's transaction. */
export const updateUserAudit: AuditRule = {
  action: 'update-user',
  snapshot: async (db, request) => {
    const id = idOf(request);
    return (id && (await findBusiness(db, id, request.server.config.publicUrl))) || {};
  },
  fields: ['name', 'companyname', 'address', 'city', 'tel', 'deskcount', 'qrlink', 'companyengname', 'count', 'qr_status', 'status', 'userlevel'],
  target: (request) => ({ user: idOf(request) }),
};

/** Cross-field rules of the menu address: unique slug, qrlink ends with /qr/{slug}. Returns the qrlink to store. */
async function checkAddress(db: DB, id: number, current: AdminUserRow, input: UpdateUserInput, publicUrl: string): Promise<string | null> {
  const errors: FieldErrors = {};
  const slug = input.companyengname ?? null;
  let qrlink = input.qrlink?.replace(/\/+$/, '') ?? null;
  if (!slug) {
    if (current.companyengname) errors.companyengname = [ADMIN_FIELD_MSG.slugRequired];
    else if (qrlink) errors.qrlink = [ADMIN_FIELD_MSG.qrlinkWithoutSlug];
  } else {
    if (slug !== current.companyengname) {
      const owners = await slugOwners(db, slug);
      if (owners.currentUserId != null && owners.currentUserId !== id) errors.companyengname = [ADMIN_FIELD_MSG.slugTaken];
      else if (owners.redirectUserId != null && owners.redirectUserId !== id) errors.companyengname = [ADMIN_FIELD_MSG.slugReserved];
      // a branch's address (features/branches) is as taken as a business's
      else if (await branchSlugTaken(db, slug)) errors.companyengname = [ADMIN_FIELD_MSG.slugTaken];
    }
    if (!qrlink) qrlink = `${publicUrl}/qr/${slug}`;
    else if (!qrlink.endsWith(`/qr/${slug}`)) errors.qrlink = [ADMIN_FIELD_MSG.qrlinkMismatch(slug)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, invalid);
  return qrlink;
}

/**
 * An administrator's change of a business (plan, status, menu address, profile): the fields sent
 * replace the stored ones (optional profile fields absent → kept). Not found → 404; invalid → 422.
 */
export async function updateBusinessAsAdmin(db: DB, rawId: string | undefined, body: unknown, publicUrl: string, now: string): Promise<AdminUserRow> {
  const id = parseId(rawId);
  const current = id ? await findBusiness(db, id, publicUrl) : undefined;
  if (!id || !current) throw new NotFoundError(ADMIN_MSG.userNotFound);
  const input = parseBody(updateUserSchema, body, invalid);
  const raw = (body ?? {}) as Record<string, unknown>;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(raw, k);
  const qrlink = await checkAddress(db, id, current, input, publicUrl);
  const change: BusinessUpdate = {
    name: input.name,
    companyname: has('companyname') ? (input.companyname ?? '') : current.companyname,
    address: has('address') ? (input.address ?? '') : current.address,
    tel: has('tel') ? (input.tel ?? '') : current.tel,
    deskcount: input.deskcount === undefined ? current.deskcount : input.deskcount,
    city: input.city ?? current.city,
    qrlink,
    companyengname: input.companyengname ?? null,
    count: input.count,
    qr_status: input.qr_status,
    status: input.status,
    userlevel: input.userlevel,
  };
  if ((await updateBusiness(db, id, change, now)) === 'taken') throw new ValidationError({ companyengname: [ADMIN_FIELD_MSG.slugTaken] }, invalid);
  return (await findBusiness(db, id, publicUrl))!;
}
