import type { FastifyInstance } from 'fastify';
import { bearer, registerOwner } from './helpers.js';
import { sendForm } from './owner-helpers.js';

/** An owner with a saved business profile, so the business has its public address (slug). */
export async function createBusiness(app: FastifyInstance, companyname: string) {
  const owner = await registerOwner(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/update-setting',
    headers: bearer(owner.token),
    payload: { name: 'Ayşe Yılmaz', companyname, address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8 },
  });
  const body = res.json();
  if (body.status !== 200) throw new Error(`update-setting failed: ${res.body}`);
  return { ...owner, slug: body.settings.companyengname as string };
}

export async function addCategory(app: FastifyInstance, token: string, fields: Record<string, string | number>, image?: Buffer) {
  const res = await sendForm(app, '/api/store-category', token, { status: '1', ...fields }, image ? { data: image } : undefined);
  const body = res.json();
  if (body.status !== 200) throw new Error(`store-category failed: ${res.body}`);
  return body.category as { id: number; name: string; image: string | null };
}

export async function addProduct(app: FastifyInstance, token: string, categoryId: number, fields: Record<string, string | number>, image?: Buffer) {
  const res = await sendForm(app, '/api/store-product', token, { category_id: categoryId, status: '1', ...fields }, image ? { data: image } : undefined);
  const body = res.json();
  if (body.status !== 200) throw new Error(`store-product failed: ${res.body}`);
  return body.product as { id: number; name: string };
}

/** The admin's edit-user form: the current values with `change` applied. */
export async function adminUpdateBusiness(app: FastifyInstance, adminToken: string, userId: number, change: Record<string, unknown>) {
  const current = (await app.inject({ url: `/api/edit-user/${userId}`, headers: bearer(adminToken) })).json().user;
  const payload = {
    name: current.name,
    companyname: current.companyname,
    address: current.address,
    tel: current.tel,
    deskcount: current.deskcount,
    city: current.city,
    qrlink: current.qrlink,
    companyengname: current.companyengname,
    count: current.count,
    qr_status: current.qr_status,
    status: current.status,
    userlevel: current.userlevel,
    ...change,
  };
  if ('companyengname' in change && !('qrlink' in change)) delete (payload as Record<string, unknown>).qrlink;
  const res = await app.inject({ method: 'POST', url: `/api/update-user/${userId}`, headers: bearer(adminToken), payload });
  const body = res.json();
  if (body.status !== 200) throw new Error(`update-user failed: ${res.body}`);
  return body.user;
}

/** A `<script>` that would run: any but the JSON-LD data block (`type="application/ld+json"`, which browsers never execute). */
export const RUNNABLE_SCRIPT = /<script(?![^>]*\btype="application\/ld\+json")/i;
