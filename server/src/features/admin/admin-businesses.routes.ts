import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_FIELD_MSG, ADMIN_MSG, MSG, updateUserSchema, type FieldErrors } from '@qrmenu/contract';
import { requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { findBusiness, listBusinesses, slugOwners, updateBusiness, type BusinessUpdate } from './admin-businesses.repository.js';
import { parseBody, parseId, parseListQuery } from '../../platform/validate.js';

/**
 * Business accounts for the admin (spec §7: view-user, edit-user, update-user). `{id}` is the user id
 * (settings.user_id); admin accounts are not businesses and answer 404 like unknown ids.
 */
const adminBusinessesRoutes: FastifyPluginAsync = async (app) => {
  const admin = { preHandler: requireAuth('admin') };

  // ?page, per_page, q, sort, dir, status, userlevel, qr_status → { status, users, total, page, per_page }
  app.get('/api/view-user', admin, async (request) => {
    const query = parseListQuery('users', request.query);
    const { users, total } = await listBusinesses(app.db, query);
    return { status: 200, users, total, page: query.page, per_page: query.per_page };
  });

  app.get<{ Params: { id: string } }>('/api/edit-user/:id', admin, async (request) => {
    const id = parseId(request.params.id);
    const user = id ? await findBusiness(app.db, id) : undefined;
    if (!user) throw new NotFoundError(ADMIN_MSG.userNotFound);
    return { status: 200, user };
  });

  app.post<{ Params: { id: string } }>('/api/update-user/:id', admin, async (request) => {
    const id = parseId(request.params.id);
    const current = id ? await findBusiness(app.db, id) : undefined;
    if (!id || !current) throw new NotFoundError(ADMIN_MSG.userNotFound);

    const opts = { status: 422, message: MSG.allFieldsMandatory } as const;
    const input = parseBody(updateUserSchema, request.body, opts);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const has = (k: string) => Object.prototype.hasOwnProperty.call(raw, k);

    // Cross-field rules of the menu address: unique slug, qrlink ends with /qr/{slug}.
    const errors: FieldErrors = {};
    const slug = input.companyengname ?? null;
    let qrlink = input.qrlink?.replace(/\/+$/, '') ?? null;
    if (!slug) {
      if (current.companyengname) errors.companyengname = [ADMIN_FIELD_MSG.slugRequired];
      else if (qrlink) errors.qrlink = [ADMIN_FIELD_MSG.qrlinkWithoutSlug];
    } else {
      if (slug !== current.companyengname) {
        const owners = await slugOwners(app.db, slug);
        if (owners.currentUserId != null && owners.currentUserId !== id) errors.companyengname = [ADMIN_FIELD_MSG.slugTaken];
        else if (owners.redirectUserId != null && owners.redirectUserId !== id) errors.companyengname = [ADMIN_FIELD_MSG.slugReserved];
      }
      if (!qrlink) qrlink = `${app.config.publicUrl}/qr/${slug}`;
      else if (!qrlink.endsWith(`/qr/${slug}`)) errors.qrlink = [ADMIN_FIELD_MSG.qrlinkMismatch(slug)];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors, opts);

    const change: BusinessUpdate = {
      name: input.name,
      companyname: has('companyname') ? (input.companyname ?? '') : current.companyname,
      address: has('address') ? (input.address ?? '') : current.address,
      tel: has('tel') ? (input.tel ?? '') : current.tel,
      deskcount: input.deskcount === undefined ? current.deskcount : input.deskcount,
      city: input.city ?? current.city,
      qrlink,
      companyengname: slug,
      count: input.count,
      qr_status: input.qr_status,
      status: input.status,
      userlevel: input.userlevel,
    };
    const result = await updateBusiness(app.db, id, change);
    if (result === 'taken') throw new ValidationError({ companyengname: [ADMIN_FIELD_MSG.slugTaken] }, opts);
    return { status: 200, message: ADMIN_MSG.userUpdated, user: await findBusiness(app.db, id) };
  });
};

export default adminBusinessesRoutes;
