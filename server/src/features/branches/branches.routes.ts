import type { FastifyPluginCallback } from 'fastify';
import { BRANCH_MSG, branchListResponseSchema, branchPricesResponseSchema, branchPricesSchema, branchResponseSchema, branchSchema, staffBranchesResponseSchema, staffBranchesSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { parseBody, parseId } from '../../platform/validate.js';
import { OWNER_NOT_FOUND, TAG } from '../../platform/openapi/fragments.js';
import { isoNow } from '../../platform/clock.js';
import { branchList, createBranch, deleteBranch, ownBranch, presentBranch, presentOverride, saveOverrides, saveStaffBranches, updateBranch } from './branch-writes.js';
import { listOwnerOverrides } from './branches.repository.js';

const OWNER = 'Yalnızca işletme sahibi.';
const USER = 'İşletme sahibi veya Yönetici rolündeki personel.';
const MAIN = 'Ana şube (id 0) işletmenin kendisidir: bilgileri Ayarlar ekranından değişir, silinemez (gövde `status: 422`).';
/** `{id}` of a branch: 0 is the main branch, a positive id an extra one; anything else is not found. */
const branchId = (raw: string) => (raw === '0' ? 0 : parseId(raw));

/**
 * Branches (issue 43 item 1):
 *   GET    /api/branches            → the main branch (id 0) and the extra ones, the plan's limit
 *   POST   /api/branches            {name, address, city, tel, deskcount, wifi_*, hours, slug?} → a new branch
 *   POST   /api/branches/{id}       the same fields (the slug never changes)
 *   DELETE /api/branches/{id}       the main branch cannot be deleted
 *   GET    /api/branch-prices       ?branch_id= &product_id= → the overrides
 *   POST   /api/branch-prices       {branch_id, product_id, price?, unavailable?, sold_out?, clear?} or {branch_id, items: […]}
 * Every write changes the owner's menus (cache effect `owner`: the account's pages, every branch's, end).
 */
const branchesRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const invalid = { status: 422 } as const;
  const url = app.config.publicUrl;
  const answer = async (userId: number, id: number) => presentBranch(await ownBranch(app.db, userId, id, BRANCH_MSG.mainInSettings), url);

  app.get('/api/branches', {
    preHandler: requireAuth('user'),
    config: { doc: { tag: TAG.branches, access: 'user', response: branchListResponseSchema, summary: 'Şubeleri listele', description: `${USER} Önce ana şube (id 0).` } },
  }, async (request) => ({ status: 200, message: BRANCH_MSG.listed, ...(await branchList(app.db, authOf(request).userId, url)) }));

  app.post('/api/branches', {
    preHandler: requireAuth('owner'),
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.branches, access: 'owner', body: { as: 'json', schema: branchSchema }, response: branchResponseSchema, summary: 'Şube ekle',
        description: `${OWNER} Plan sınırı (ana şube dahil): Başlangıç 1, Standart 3, Profesyonel sınırsız; dolu ise gövde \`status: 422\`. Menü adresi verilmezse işletme ve şube adından yapılır.`,
      },
    },
  }, async (request) => {
    const input = parseBody(branchSchema, request.body, invalid);
    const { userId } = authOf(request);
    const id = await createBranch(app.db, userId, input, isoNow(app.clock));
    return { status: 200, message: BRANCH_MSG.created, branch: await answer(userId, id) };
  });

  app.post<{ Params: { id: string } }>('/api/branches/:id', {
    preHandler: requireAuth('owner'),
    config: {
      cache: 'owner',
      doc: { tag: TAG.branches, access: 'owner', body: { as: 'json', schema: branchSchema }, response: branchResponseSchema, summary: 'Şubeyi güncelle', description: `${OWNER} Menü adresi değişmez. ${MAIN} ${OWNER_NOT_FOUND}` },
    },
  }, async (request) => {
    const id = branchId(request.params.id);
    if (id === undefined) throw new NotFoundError();
    const input = parseBody(branchSchema, request.body, invalid);
    const { userId } = authOf(request);
    await updateBranch(app.db, userId, id, input, isoNow(app.clock));
    return { status: 200, message: BRANCH_MSG.updated, branch: await answer(userId, id) };
  });

  app.delete<{ Params: { id: string } }>('/api/branches/:id', {
    preHandler: requireAuth('owner'),
    config: { cache: 'owner', doc: { tag: TAG.branches, access: 'owner', response: branchResponseSchema, summary: 'Şubeyi sil', description: `${OWNER} Şubenin fiyatları da silinir; menü adresi artık açılmaz. ${MAIN} ${OWNER_NOT_FOUND}` } },
  }, async (request) => {
    const id = branchId(request.params.id);
    if (id === undefined) throw new NotFoundError();
    const gone = await deleteBranch(app.db, authOf(request).userId, id);
    return { status: 200, message: BRANCH_MSG.deleted, branch: presentBranch(gone, url) };
  });

  app.get<{ Querystring: { branch_id?: string; product_id?: string } }>('/api/branch-prices', {
    preHandler: requireAuth('user'),
    config: { doc: { tag: TAG.branches, access: 'user', query: { branch_id: 'Yalnızca bu şubenin', product_id: 'Yalnızca bu ürünün' }, response: branchPricesResponseSchema, summary: 'Şube fiyatlarını listele', description: USER } },
  }, async (request) => {
    const { userId } = authOf(request);
    const product = request.query.product_id ? parseId(request.query.product_id) : undefined;
    const branch = request.query.branch_id ? branchId(request.query.branch_id) : undefined;
    const rows = await listOwnerOverrides(app.db, userId, product ?? (request.query.product_id ? -1 : undefined));
    const overrides = rows.filter((o) => branch === undefined || o.branch_id === branch).map(presentOverride);
    return { status: 200, message: BRANCH_MSG.listed, overrides };
  });

  app.post('/api/branch-prices', {
    preHandler: requireAuth('user'),
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.branches, access: 'user', body: { as: 'json', schema: branchPricesSchema }, response: branchPricesResponseSchema, summary: 'Şube fiyatı ve durumu',
        description: `${USER} Bir ürünün bu şubedeki fiyatı (TL; boş = ortak fiyat), şubede yok (\`unavailable\`) ve tükendi (\`sold_out\`); gönderilmeyen alan değişmez, \`clear: true\` şubedeki ayarı kaldırır. Ana şube: gövde \`status: 422\`. ${OWNER_NOT_FOUND}`,
      },
    },
  }, async (request) => {
    const input = parseBody(branchPricesSchema, request.body, invalid);
    const overrides = await saveOverrides(app.db, authOf(request).userId, input, isoNow(app.clock));
    return { status: 200, message: overrides.length ? BRANCH_MSG.overrideSaved : BRANCH_MSG.overrideCleared, overrides };
  });
  app.post<{ Params: { id: string } }>('/api/branches/staff/:id', {
    preHandler: requireAuth('user'),
    config: {
      cache: 'none',
      doc: {
        tag: TAG.branches, access: 'user', body: { as: 'json', schema: staffBranchesSchema }, response: staffBranchesResponseSchema, summary: 'Personelin şubeleri',
        description: `${USER} Personelin çalıştığı şubeler (0 ana şube); boş liste bütün şubeler. Garson çağrıları listesi yalnızca bu şubelerinkini gösterir. ${OWNER_NOT_FOUND}`,
      },
    },
  }, async (request) => {
    const id = parseId(request.params.id);
    if (!id) throw new NotFoundError();
    const { branches } = parseBody(staffBranchesSchema, request.body, invalid);
    const saved = await saveStaffBranches(app.db, authOf(request).userId, id, branches);
    return { status: 200, message: BRANCH_MSG.staffBranchesSaved, staff_id: id, branches: saved };
  });
  done();
};

export default branchesRoutes;
