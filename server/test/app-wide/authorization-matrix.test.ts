/**
 * Authorisation matrix: every /api route is called with no token, owner A, owner B and an admin;
 * every id-bearing route also with A's ids from B's token. The table is checked against
 * the server's own route list, so a new route without a row makes this test fail.
 *
 * Expected outcomes:
 *   public     — any caller gets an answer other than 401/403;
 *   signed-in  — no token → HTTP 401; owner and admin → HTTP 200;
 *   owner      — no token → 401; admin → 403; A on A's ids → body 200; B on A's ids → body 404 and
 *                A's data unchanged;
 *   admin      — no token → 401; owners → 403 and nothing changed; admin → body 200 (unknown id → 404).
 * Staff (issue 42): every owner route is also called by A's garson, mutfak and yonetici and by B's
 * yonetici. A staff role the route admits (`staff`, by default yonetici; none on the owner's own
 * account) is answered as the owner; another is HTTP 403 with nothing changed; B's yonetici with
 * A's ids is answered as owner B.
 */
import { flushVersionSyncs } from '../../src/features/price-list/versions.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { bearer, buildTestApp, createAdmin, registerOwner, uniqueEmail, type TestApp } from '../helpers.js';
import { jpeg, multipart } from '../owner-helpers.js';
import { csv } from '../sheet-helpers.js';
import { columnNames, dbFingerprint, tableNames } from '../db-tables.js';
import { issueToken } from '../../src/platform/auth/tokens.repository.js';

type Access = 'public' | 'signed-in' | 'owner' | 'admin';
type Who = 'A' | 'B' | 'admin';
type StaffRole = 'garson' | 'mutfak' | 'yonetici';
/** Staff members: A's three roles and B's yonetici. */
type StaffWho = 'A:garson' | 'A:mutfak' | 'A:yonetici' | 'B:yonetici';
const STAFF_OF_A: StaffWho[] = ['A:garson', 'A:mutfak', 'A:yonetici'];

interface Ctx {
  /** A's resources (created fresh for routes that consume them, e.g. delete). */
  fresh(kind: 'category' | 'product' | 'message' | 'owner' | 'feedback' | 'call' | 'staff' | 'branch'): Promise<number>;
  A: Ids;
  B: Ids;
  adminUserId: number;
}
interface Ids {
  userId: number;
  categoryId: number;
  productId: number;
  slug: string;
}
interface Request {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface Row {
  method: 'GET' | 'POST' | 'DELETE';
  route: string;
  access: Access;
  /** Builds the request made by `who` (ids of A unless said otherwise). */
  req: (ctx: Ctx, who: Who) => Promise<Request> | Request;
  /** For owner routes with ids: B calling with A's ids must get body 404 (default) or this. */
  foreign?: number[];
  /** The answer is a file, not JSON: only the HTTP status is checked on success. */
  binary?: boolean;
  /** For owner routes that consume the account (deletion): the owners' calls use a throwaway owner's token. */
  throwawayOwner?: boolean;
  /** Owner routes: the staff roles it admits besides the owner (default: yonetici). */
  staff?: StaffRole[];
}

const json = (url: string, payload: unknown): Request => ({ url, payload });
const form = (url: string, fields: Record<string, string | number>, image?: Buffer): Request => {
  const m = multipart(fields, image ? { data: image } : undefined);
  return { url, payload: m.payload, headers: m.headers };
};

/** Owners A and B on Profesyonel: no staff limit stops an invitation the matrix makes. */
const unlimitedStaff = (c: Ctx) => app.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', 'in', [c.A.userId, c.B.userId]).execute();

/** Owners A and B both offer English (the translations routes need an enabled language). */
const offerEnglish = (c: Ctx) => app.db.updateTable('settings').set({ languages: 'en' }).where('user_id', 'in', [c.A.userId, c.B.userId]).execute();

const ROWS: Row[] = [
  // public
  { method: 'GET', route: '/sanctum/csrf-cookie', access: 'public', req: () => ({ url: '/sanctum/csrf-cookie' }) },
  { method: 'GET', route: '/api/health', access: 'public', req: () => ({ url: '/api/health' }) },
  { method: 'POST', route: '/api/register', access: 'public', req: () => json('/api/register', { name: 'x', email: 'bozuk', password: '1' }) },
  { method: 'POST', route: '/api/login', access: 'public', req: () => json('/api/login', { email: 'yok@example.com', password: 'yanlis-sifre' }) },
  { method: 'POST', route: '/api/store-message', access: 'public', req: () => json('/api/store-message', { name: 'Ali', mail: 'ali@example.com', tel: '05321234567', message: 'Merhaba' }) },
  { method: 'GET', route: '/api/getCategory/:company', access: 'public', req: (c) => ({ url: `/api/getCategory/${c.A.slug}` }) },
  { method: 'GET', route: '/api/getProduct/:id', access: 'public', req: (c) => ({ url: `/api/getProduct/${c.A.categoryId}` }) },
  { method: 'GET', route: '/api/openapi.json', access: 'public', req: () => ({ url: '/api/openapi.json' }) },
  { method: 'GET', route: '/api/docs', access: 'public', req: () => ({ url: '/api/docs' }) },
  { method: 'GET', route: '/api/docs/:file', access: 'public', req: () => ({ url: '/api/docs/init.js' }) },
  // any signed-in account
  { method: 'GET', route: '/api/checkingUserAuthenticated', access: 'signed-in', req: () => ({ url: '/api/checkingUserAuthenticated' }) },
  { method: 'POST', route: '/api/logout', access: 'signed-in', req: () => ({ url: '/api/logout' }) },
  // owner
  { method: 'GET', route: '/api/dashboard', access: 'owner', req: () => ({ url: '/api/dashboard' }) },
  { method: 'GET', route: '/api/edit-setting', access: 'owner', req: () => ({ url: '/api/edit-setting' }) },
  {
    method: 'POST', route: '/api/update-setting', access: 'owner',
    req: () => json('/api/update-setting', { name: 'Ayşe Yılmaz', companyname: 'Çınar Kafe', city: 34, tel: '02121234567', address: 'Kadıköy' }),
  },
  // the menu's logo and cover (and appearance fields): each owner changes only their own
  {
    method: 'POST', route: '/api/update-branding', access: 'owner',
    req: async () => {
      const m = multipart({ about: 'Matris', remove_cover: '1' }, { data: await jpeg(64, 64), field: 'logo', filename: 'logo.jpg' });
      return { url: '/api/update-branding', payload: m.payload, headers: m.headers };
    },
  },
  { method: 'GET', route: '/api/view-category', access: 'owner', req: () => ({ url: '/api/view-category' }) },
  { method: 'GET', route: '/api/all-category', access: 'owner', req: () => ({ url: '/api/all-category' }) },
  { method: 'POST', route: '/api/store-category', access: 'owner', req: () => form('/api/store-category', { name: 'Tatlılar', status: '1' }) },
  { method: 'GET', route: '/api/edit-category/:id', access: 'owner', req: (c) => ({ url: `/api/edit-category/${c.A.categoryId}` }) },
  {
    method: 'POST', route: '/api/update-category/:id', access: 'owner',
    req: (c) => form(`/api/update-category/${c.A.categoryId}`, { name: 'Yeni Ad', status: '1' }),
  },
  { method: 'DELETE', route: '/api/delete-category/:id', access: 'owner', req: async (c) => ({ url: `/api/delete-category/${await c.fresh('category')}` }) },
  { method: 'GET', route: '/api/view-product', access: 'owner', req: () => ({ url: '/api/view-product' }) },
  {
    method: 'POST', route: '/api/store-product', access: 'owner',
    // B posting into A's category: refused as a field error (the category is not B's)
    req: (c, who) => form('/api/store-product', { name: 'Lahmacun', category_id: who === 'B' ? c.A.categoryId : (who === 'A' ? c.A : c.B).categoryId, selling_price: '85.50', status: '1' }),
    foreign: [400, 422],
  },
  { method: 'GET', route: '/api/edit-product/:id', access: 'owner', req: (c) => ({ url: `/api/edit-product/${c.A.productId}` }) },
  {
    method: 'POST', route: '/api/update-product/:id', access: 'owner',
    req: (c, who) => form(`/api/update-product/${c.A.productId}`, { name: 'Ayran', category_id: (who === 'B' ? c.B : c.A).categoryId, selling_price: '20', status: '1' }),
  },
  { method: 'DELETE', route: '/api/delete-product/:id', access: 'owner', req: async (c) => ({ url: `/api/delete-product/${await c.fresh('product')}` }) },
  {
    method: 'POST', route: '/api/sort-categories', access: 'owner',
    // B sending A's category ids: refused (they are not B's), A's order unchanged
    req: async (c) => json('/api/sort-categories', { ids: (await categoryIdsOf(c.A.userId)).reverse() }),
    foreign: [422],
  },
  {
    method: 'POST', route: '/api/sort-products', access: 'owner',
    req: async (c) => json('/api/sort-products', { category_id: c.A.categoryId, ids: (await productIdsOf(c.A.userId, c.A.categoryId)).reverse() }),
    foreign: [422],
  },
  { method: 'POST', route: '/api/sold-out-product/:id', access: 'owner', req: (c) => json(`/api/sold-out-product/${c.A.productId}`, { sold_out: '1' }) },
  // menu languages: both owners offer English; B sending A's product id → body 404, nothing saved
  { method: 'GET', route: '/api/translations', access: 'owner', req: async (c) => (await offerEnglish(c), { url: '/api/translations?lang=en' }) },
  {
    method: 'POST', route: '/api/translations', access: 'owner',
    req: async (c) => (await offerEnglish(c), json('/api/translations', { lang: 'en', items: [{ type: 'product', id: c.A.productId, name: 'Tea', description: '' }] })),
    foreign: [404],
  },
  // accounts: forgotten password, verification, the owner's account page, KVKK, admin audit
  // (before the admin rows: /api/admin/password ends the admin's other sessions)
  { method: 'POST', route: '/api/forgot-password', access: 'public', req: () => json('/api/forgot-password', { email: 'yok@example.com' }) },
  { method: 'POST', route: '/api/reset-password', access: 'public', req: () => json('/api/reset-password', { token: 'x'.repeat(43), password: 'yeni-sifre-1', password_confirmation: 'yeni-sifre-1' }) },
  { method: 'POST', route: '/api/verify-email', access: 'public', req: () => json('/api/verify-email', { token: 'x'.repeat(43) }) },
  { method: 'POST', route: '/api/resend-verification', access: 'owner', staff: [], req: () => ({ url: '/api/resend-verification' }) },
  { method: 'GET', route: '/api/account', access: 'owner', staff: [], req: () => ({ url: '/api/account' }) },
  { method: 'POST', route: '/api/update-account', access: 'owner', staff: [], req: () => json('/api/update-account', { name: 'Ayşe Yılmaz' }) },
  { method: 'POST', route: '/api/change-email', access: 'owner', staff: [], req: () => json('/api/change-email', { email: uniqueEmail('matris'), current_password: 'gizli-sifre-1' }) },
  {
    method: 'POST', route: '/api/change-password', access: 'owner', staff: [],
    req: () => json('/api/change-password', { current_password: 'gizli-sifre-1', password: 'gizli-sifre-1', password_confirmation: 'gizli-sifre-1' }),
  },
  { method: 'GET', route: '/api/export-my-data', access: 'owner', staff: [], binary: true, req: () => ({ url: '/api/export-my-data' }) },
  { method: 'POST', route: '/api/delete-account', access: 'owner', staff: [], throwawayOwner: true, req: () => json('/api/delete-account', { password: 'gizli-sifre-1' }) },
  { method: 'DELETE', route: '/api/admin/users/:id', access: 'admin', req: async (c) => ({ url: `/api/admin/users/${await c.fresh('owner')}` }) },
  { method: 'GET', route: '/api/admin/audit', access: 'admin', req: () => ({ url: '/api/admin/audit?page=1' }) },
  {
    method: 'POST', route: '/api/admin/messages/:id/reply', access: 'admin',
    req: async (c) => json(`/api/admin/messages/${await c.fresh('message')}/reply`, { message: 'Merhaba, teşekkürler.' }),
  },
  // whole-menu work (export/import, bulk prices, price history)
  { method: 'GET', route: '/api/export-menu', access: 'owner', binary: true, req: () => ({ url: '/api/export-menu?format=csv' }) },
  {
    method: 'POST', route: '/api/import-menu', access: 'owner',
    // B importing A's names: B's own menu gets them, A's stays as it was
    req: (c) => {
      const m = multipart({}, { data: csv([[`${c.A.slug} Kahvaltı`, 'Matris Menemen', null, '95,00', null, null, 'Aktif']]), field: 'file', filename: 'menu.csv', type: 'text/csv' });
      return { url: '/api/import-menu', payload: m.payload, headers: m.headers };
    },
  },
  {
    method: 'POST', route: '/api/bulk-price', access: 'owner',
    // B naming A's category: a field error, A's prices untouched
    req: (c, who) => json('/api/bulk-price', { scope: who === 'B' || who === 'A' ? c.A.categoryId : c.B.categoryId, mode: 'percent', value: 10, round: 1, dry_run: true }),
    foreign: [422],
  },
  { method: 'POST', route: '/api/bulk-price/undo', access: 'owner', req: async () => json('/api/bulk-price/undo', { operation_id: await freshOperation() }), foreign: [404] },
  { method: 'GET', route: '/api/bulk-price/last', access: 'owner', req: () => ({ url: '/api/bulk-price/last' }) },
  { method: 'GET', route: '/api/price-history/:product_id', access: 'owner', req: (c) => ({ url: `/api/price-history/${c.A.productId}` }), foreign: [404] },
  // tables: survey, waiter calls, table cards
  { method: 'POST', route: '/api/store-feedback/:company', access: 'public', req: (c) => json(`/api/store-feedback/${c.A.slug}`, { ratings: { lezzet: 5 }, comment: 'Güzel' }) },
  { method: 'POST', route: '/api/call-waiter/:company', access: 'public', req: (c) => json(`/api/call-waiter/${c.A.slug}`, { masa: 1, type: 'garson' }) },
  { method: 'GET', route: '/api/view-feedback', access: 'owner', req: () => ({ url: '/api/view-feedback' }) },
  { method: 'POST', route: '/api/read-feedback/:id', access: 'owner', req: async (c) => ({ url: `/api/read-feedback/${await c.fresh('feedback')}` }) },
  { method: 'GET', route: '/api/waiter-calls', access: 'owner', staff: ['garson', 'yonetici'], req: () => ({ url: '/api/waiter-calls' }) },
  { method: 'POST', route: '/api/waiter-calls/:id/done', access: 'owner', staff: ['garson', 'yonetici'], req: async (c) => ({ url: `/api/waiter-calls/${await c.fresh('call')}/done` }) },
  // without Accept: text/event-stream the stream answers its first snapshot as JSON
  { method: 'GET', route: '/api/waiter-calls/stream', access: 'owner', staff: ['garson', 'yonetici'], req: () => ({ url: '/api/waiter-calls/stream' }) },
  // ordering at the table (features/orders): A has no tables, so A's JSON order is a 422, never 401/403
  { method: 'GET', route: '/api/order-settings', access: 'owner', req: () => ({ url: '/api/order-settings' }) },
  { method: 'POST', route: '/api/order-settings', access: 'owner', req: () => json('/api/order-settings', { enabled: true }) },
  {
    method: 'POST', route: '/api/orders/:company', access: 'public',
    req: async (c) => {
      await app.db.insertInto('order_settings').values({ user_id: c.A.userId, enabled: 1, paused: '', updated_at: new Date().toISOString() }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
      return json(`/api/orders/${c.A.slug}`, { masa: 1, items: [{ product_id: c.A.productId, quantity: 1 }] });
    },
  },
  { method: 'GET', route: '/api/orders', access: 'owner', staff: ['garson', 'mutfak', 'yonetici'], req: () => ({ url: '/api/orders' }) },
  { method: 'POST', route: '/api/orders/:id/status', access: 'owner', staff: ['garson', 'mutfak', 'yonetici'], req: async () => json(`/api/orders/${(await freshOrder()).order}/status`, { status: 'hazirlaniyor' }) },
  { method: 'POST', route: '/api/tables/:n/close', access: 'owner', staff: ['garson', 'yonetici'], req: async () => json(`/api/tables/${(await freshOrder({ served: true })).masa}/close`, { payment: 'nakit' }), foreign: [404] },
  // the bill and its slip (features/orders/bill.routes.ts): waiters, managers and the owner; B has no open bill at A's table
  { method: 'GET', route: '/api/tables/:n/bill', access: 'owner', staff: ['garson', 'yonetici'], req: async () => ({ url: `/api/tables/${(await freshOrder({ served: true })).masa}/bill` }), foreign: [404] },
  { method: 'GET', route: '/api/tables/:n/slip', access: 'owner', staff: ['garson', 'yonetici'], req: async () => ({ url: `/api/tables/${(await freshOrder({ served: true })).masa}/slip?format=pdf` }), foreign: [404], binary: true },
  {
    method: 'GET', route: '/api/table-sessions/:id/slip', access: 'owner', staff: ['garson', 'yonetici'], binary: true,
    req: async () => ({ url: `/api/table-sessions/${(await freshOrder({ served: true })).session}/slip?format=html` }),
  },
  { method: 'GET', route: '/api/orders/stream', access: 'owner', staff: ['garson', 'mutfak', 'yonetici'], req: () => ({ url: '/api/orders/stream' }) },
  // the staff screens' branch picker (features/branches' scope): the caller's own branches
  { method: 'GET', route: '/api/orders/branches', access: 'owner', staff: ['garson', 'mutfak', 'yonetici'], req: () => ({ url: '/api/orders/branches' }) },
  // the day's report (features/reports): the owner and yonetici; garson and mutfak 403
  { method: 'GET', route: '/api/reports/orders', access: 'owner', req: () => ({ url: '/api/reports/orders' }) },
  { method: 'GET', route: '/api/reports/orders/export', access: 'owner', binary: true, req: () => ({ url: '/api/reports/orders/export?format=csv' }) },
  { method: 'GET', route: '/api/qr-cards.pdf', access: 'owner', req: () => ({ url: '/api/qr-cards.pdf' }), binary: true },
  { method: 'GET', route: '/api/qr-logo.png', access: 'owner', req: () => ({ url: '/api/qr-logo.png' }), binary: true },
  { method: 'GET', route: '/api/price-list.pdf', access: 'owner', req: () => ({ url: '/api/price-list.pdf?format=kapi' }), binary: true },
  { method: 'GET', route: '/api/price-list/versions', access: 'owner', req: () => ({ url: '/api/price-list/versions' }) },
  { method: 'GET', route: '/api/price-list/check', access: 'owner', req: () => ({ url: '/api/price-list/check' }) },
  { method: 'GET', route: '/api/allergen-suggestions', access: 'owner', req: () => ({ url: '/api/allergen-suggestions' }) },
  // B naming A's product: body 404, A's product untouched
  { method: 'POST', route: '/api/apply-allergen-suggestions', access: 'owner', req: (c) => json('/api/apply-allergen-suggestions', { ids: [c.A.productId] }), foreign: [404] },
  { method: 'GET', route: '/api/price-list/reference-price/:id', access: 'owner', req: (c) => ({ url: `/api/price-list/reference-price/${c.A.productId}` }), foreign: [404] },
  // staff (issue 42): the business's owner or yonetici; the invitation links are public
  { method: 'GET', route: '/api/staff', access: 'owner', req: () => ({ url: '/api/staff' }) },
  { method: 'GET', route: '/api/staff/activity', access: 'owner', req: () => ({ url: '/api/staff/activity' }) },
  {
    method: 'POST', route: '/api/staff', access: 'owner',
    req: async (c) => (await unlimitedStaff(c), json('/api/staff', { email: uniqueEmail('matris-personel'), name: 'Matris Personel', role: 'garson' })),
  },
  { method: 'POST', route: '/api/staff/:id/role', access: 'owner', req: async (c) => json(`/api/staff/${await c.fresh('staff')}/role`, { role: 'mutfak' }) },
  { method: 'DELETE', route: '/api/staff/:id', access: 'owner', req: async (c) => ({ url: `/api/staff/${await c.fresh('staff')}` }) },
  // branches (issue 43): the list and the overrides for the owner or yonetici; adding, changing and deleting a branch for the owner only
  { method: 'GET', route: '/api/branches', access: 'owner', req: () => ({ url: '/api/branches' }) },
  { method: 'POST', route: '/api/branches', access: 'owner', staff: [], req: () => json('/api/branches', { name: `Matris ${++branchSeq}`, city: 6 }) },
  { method: 'POST', route: '/api/branches/:id', access: 'owner', staff: [], req: async (c) => json(`/api/branches/${await c.fresh('branch')}`, { name: 'Yeni Ad', city: 34 }) },
  { method: 'DELETE', route: '/api/branches/:id', access: 'owner', staff: [], req: async (c) => ({ url: `/api/branches/${await c.fresh('branch')}` }) },
  { method: 'POST', route: '/api/branches/staff/:id', access: 'owner', req: async (c) => json(`/api/branches/staff/${await c.fresh('staff')}`, { branches: [0] }) },
  { method: 'GET', route: '/api/branch-prices', access: 'owner', req: () => ({ url: '/api/branch-prices' }) },
  { method: 'POST', route: '/api/branch-prices', access: 'owner', req: async (c) => json('/api/branch-prices', { branch_id: await c.fresh('branch'), product_id: c.A.productId, price: '99,50', sold_out: true }), foreign: [404] },
  { method: 'POST', route: '/api/staff/invitation', access: 'public', req: () => json('/api/staff/invitation', { token: 'x'.repeat(43) }) },
  { method: 'POST', route: '/api/staff/accept', access: 'public', req: () => json('/api/staff/accept', { token: 'x'.repeat(43), password: 'yeni-sifre-1', password_confirmation: 'yeni-sifre-1' }) },
  // admin
  { method: 'GET', route: '/api/checkingAdminAuthenticated', access: 'admin', req: () => ({ url: '/api/checkingAdminAuthenticated' }) },
  { method: 'GET', route: '/api/view-user', access: 'admin', req: () => ({ url: '/api/view-user' }) },
  { method: 'GET', route: '/api/edit-user/:id', access: 'admin', req: (c) => ({ url: `/api/edit-user/${c.A.userId}` }) },
  {
    method: 'POST', route: '/api/update-user/:id', access: 'admin',
    req: (c) => json(`/api/update-user/${c.A.userId}`, {
      name: 'Ayşe Yılmaz', companyname: 'Çınar Kafe', address: 'Kadıköy', city: 34, tel: '02121234567', deskcount: 12,
      companyengname: c.A.slug, qrlink: `http://qr.test/qr/${c.A.slug}`, count: 0, qr_status: 1, status: 1, userlevel: '1',
    }),
  },
  { method: 'GET', route: '/api/admin/dashboard', access: 'admin', req: () => ({ url: '/api/admin/dashboard' }) },
  { method: 'GET', route: '/api/admin/categories', access: 'admin', req: () => ({ url: '/api/admin/categories' }) },
  { method: 'GET', route: '/api/admin/products', access: 'admin', req: () => ({ url: '/api/admin/products' }) },
  { method: 'GET', route: '/api/admin/messages', access: 'admin', req: () => ({ url: '/api/admin/messages' }) },
  { method: 'POST', route: '/api/admin/messages/:id/read', access: 'admin', req: async (c) => ({ url: `/api/admin/messages/${await c.fresh('message')}/read` }) },
  { method: 'POST', route: '/api/admin/messages/:id/unread', access: 'admin', req: async (c) => ({ url: `/api/admin/messages/${await c.fresh('message')}/unread` }) },
  { method: 'GET', route: '/api/admin/account', access: 'admin', req: () => ({ url: '/api/admin/account' }) },
  { method: 'POST', route: '/api/admin/account', access: 'admin', req: () => json('/api/admin/account', { name: 'Yönetici', email: ADMIN_EMAIL }) },
  {
    method: 'POST', route: '/api/admin/password', access: 'admin',
    req: () => json('/api/admin/password', { current_password: ADMIN_PASSWORD, password: ADMIN_PASSWORD }),
  },
];

const categoryIdsOf = async (userId: number) =>
  (await app.db.selectFrom('categories').select('id').where('user_id', '=', userId).orderBy('sort_order').orderBy('id').execute()).map((r) => r.id);
const productIdsOf = async (userId: number, categoryId: number) =>
  (await app.db.selectFrom('products').select('id').where('user_id', '=', userId).where('category_id', '=', categoryId).orderBy('sort_order').orderBy('id').execute()).map((r) => r.id);
/** A bulk price operation of A's (with no products), so each undo has one to undo. */
async function freshOperation(): Promise<number> {
  const r = await app.db
    .insertInto('price_operations')
    .values({ user_id: ctx.A.userId, scope: 'all', mode: 'percent', value: '10', round: '1', product_count: 0, created_at: new Date().toISOString(), undone_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** An order of A's at a table of its own (each call a new table), in an open session; `served`: already served. */
let orderTable = 100;
let branchSeq = 0;
async function freshOrder(opts: { served?: boolean } = {}): Promise<{ order: number; masa: number; session: number }> {
  const now = new Date().toISOString();
  const masa = ++orderTable;
  const s = await app.db.insertInto('table_sessions').values({ user_id: ctx.A.userId, masa, opened_at: now, closed_at: null, payment: null }).returning('id').executeTakeFirstOrThrow();
  const o = await app.db
    .insertInto('orders')
    .values({ user_id: ctx.A.userId, session_id: s.id, masa, status: opts.served ? 'servis' : 'yeni', cancel_reason: null, total: 12000, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('order_items').values({ user_id: ctx.A.userId, order_id: o.id, product_id: ctx.A.productId, name: 'Menemen', portion: '', quantity: 1, unit_price: 12000, note: '' }).execute();
  return { order: o.id, masa, session: s.id };
}

const ADMIN_EMAIL = 'matris-yonetici@example.com';
const ADMIN_PASSWORD = 'yonetici-sifre-1';
const SECOND_ADMIN_EMAIL = 'matris-yonetici-2@example.com';

let t: TestApp;
let app: FastifyInstance;
const tokens: Record<Who | StaffWho, string> = { A: '', B: '', admin: '', 'A:garson': '', 'A:mutfak': '', 'A:yonetici': '', 'B:yonetici': '' };

/** An accepted staff member of a business, with a session (straight in the database: the staff tests cover the invitation). */
async function addStaff(businessId: number, role: StaffRole, accepted = true): Promise<{ id: number; token: string }> {
  const now = new Date().toISOString();
  const u = await app.db
    .insertInto('users')
    .values({ name: `Matris ${role}`, email: uniqueEmail(`matris-${role}`), password_hash: '!', role: 'user', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const m = await app.db
    .insertInto('staff_members')
    .values({ business_id: businessId, user_id: u.id, staff_role: role, invited_at: now, accepted_at: accepted ? now : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: m.id, token: await issueToken(app.db, u.id, 30, app.clock.now()) };
}
const admits = (row: Row, role: StaffRole) => (row.staff ?? ['yonetici']).includes(role);
let ctx: Ctx;

async function setupOwner(label: string, slug: string): Promise<{ token: string; ids: Ids }> {
  const o = await registerOwner(app);
  const s = await app.inject({
    method: 'POST', url: '/api/update-setting', headers: bearer(o.token),
    payload: { name: `${label} Sahibi`, companyname: `${label} Kafe`, city: 6, tel: '03121234567', address: 'Çankaya' },
  });
  expect(s.json().status, s.body).toBe(200);
  // a known slug, set as the admin would
  await app.db.updateTable('settings').set({ companyengname: slug, qrlink: `http://qr.test/qr/${slug}` }).where('user_id', '=', o.userId).execute();
  const c = await postForm('/api/store-category', o.token, form('/api/store-category', { name: `${label} Kahvaltı`, status: '1' }, await jpeg(64, 48)));
  expect(c.json().status, c.body).toBe(200);
  const category = await app.db.selectFrom('categories').select('id').where('user_id', '=', o.userId).executeTakeFirstOrThrow();
  const p = await postForm('/api/store-product', o.token, form('/api/store-product', { name: `${label} Menemen`, category_id: category.id, selling_price: '120', status: '1' }));
  expect(p.json().status, p.body).toBe(200);
  const product = await app.db.selectFrom('products').select('id').where('user_id', '=', o.userId).executeTakeFirstOrThrow();
  return { token: o.token, ids: { userId: o.userId, categoryId: category.id, productId: product.id, slug } };
}

function postForm(url: string, token: string, r: Request) {
  return app.inject({ method: 'POST', url, payload: r.payload as Buffer, headers: { ...r.headers, ...bearer(token) } });
}

/**
 * Tables that belong to no owner: the admin's counters and inbox, the views' bookkeeping, and
 * SQLite's search indexes (derived from the owners' rows). Every other table must reach an owner
 * through one of A_SCOPE's columns, or the test that checks the scope fails and names it.
 */
const GLOBAL_TABLES = ['admin_counts', 'daily_totals', 'messages', 'view_flushes'];
/** How a table's rows are A's: by the first of these columns the table has. */
const A_SCOPE: Array<[column: string, where: (id: number) => ReturnType<typeof sql>]> = [
  ['user_id', (id) => sql`user_id = ${id}`],
  ['business_id', (id) => sql`business_id = ${id}`],
  ['target_user_id', (id) => sql`target_user_id = ${id}`],
  ['product_id', (id) => sql`product_id in (select id from products where user_id = ${id})`],
  ['category_id', (id) => sql`category_id in (select id from categories where user_id = ${id})`],
  ['operation_id', (id) => sql`operation_id in (select id from price_operations where user_id = ${id})`],
];
function scopeA(table: string, columns: string[]) {
  if (table === 'users') return sql`id = ${ctx.A.userId}`;
  const link = A_SCOPE.find(([column]) => columns.includes(column));
  return link ? link[1](ctx.A.userId) : 'skip';
}

/** Everything of A's that another caller could damage: A's rows in every table that has any. */
async function fingerprintA(): Promise<string> {
  await app.views.flush(); // views counted earlier are written now, not during the call
  await flushVersionSyncs(app.db); // the price lists' comparison after earlier writes too (price-list/versions.ts)
  return dbFingerprint(app.db, { scope: scopeA, searchIndexes: false });
}

/** Everything a route could change: every row of every table the database lists. */
async function fingerprintAll(): Promise<string> {
  await app.views.flush();
  await flushVersionSyncs(app.db);
  return dbFingerprint(app.db);
}

/** Builds the request (fresh resources are made here), takes the fingerprint, then sends it. */
async function call(row: Row, who: Who | StaffWho | 'none', opts: { token?: string; fingerprint?: () => Promise<string> } = {}) {
  // a staff member's request is the one their business's owner would make
  const r = await row.req(ctx, who === 'none' ? 'A' : who.startsWith('B') ? 'B' : who.startsWith('A') ? 'A' : 'admin');
  const before = opts.fingerprint ? await opts.fingerprint() : '';
  const own = row.throwawayOwner && (who === 'A' || who === 'B') ? (await registerOwner(app)).token : undefined;
  const auth = opts.token ?? own ?? (who === 'none' ? undefined : tokens[who]);
  const res = await app.inject({
    method: row.method,
    url: r.url,
    payload: r.payload as never,
    headers: { ...(r.headers ?? {}), ...(auth ? bearer(auth) : {}) },
  });
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
  return { http: res.statusCode, body: body as { status?: number } | undefined, raw: res.body, before };
}

/** A throwaway token of the same account, for a call that ends its session. */
async function throwaway(who: Who): Promise<string> {
  // read now: the owners' addresses change in the change-email row
  if (who !== 'admin') emails[who] = (await app.db.selectFrom('users').select('email').where('id', '=', ctx[who].userId).executeTakeFirstOrThrow()).email;
  const email = who === 'admin' ? ADMIN_EMAIL : who === 'A' ? emails.A : emails.B;
  return login(email, who === 'admin' ? ADMIN_PASSWORD : 'gizli-sifre-1');
}
async function login(email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  expect(res.json().status, res.body).toBe(200);
  return res.json().token;
}
const emails: Record<'A' | 'B', string> = { A: '', B: '' };
/**
 * The token a right-role call of `row` uses: its own for a route that ends sessions. A password
 * change ends the account's other sessions too, so it runs on a second admin account.
 */
async function sessionToken(row: Row, who: Who): Promise<string | undefined> {
  if (row.route === '/api/admin/password') return login(SECOND_ADMIN_EMAIL, ADMIN_PASSWORD);
  return row.route === '/api/logout' ? throwaway(who) : undefined;
}

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const a = await setupOwner('Anadolu', 'anadolu-kafe');
  const b = await setupOwner('Boğaziçi', 'bogazici-kafe');
  tokens.A = a.token;
  tokens.B = b.token;
  emails.A = (await app.db.selectFrom('users').select('email').where('id', '=', a.ids.userId).executeTakeFirstOrThrow()).email;
  emails.B = (await app.db.selectFrom('users').select('email').where('id', '=', b.ids.userId).executeTakeFirstOrThrow()).email;
  const admin = await createAdmin(app, ADMIN_EMAIL, ADMIN_PASSWORD);
  await createAdmin(app, SECOND_ADMIN_EMAIL, ADMIN_PASSWORD);
  tokens.admin = admin.token;
  for (const who of [...STAFF_OF_A, 'B:yonetici'] as const) {
    const [business, role] = who.split(':') as ['A' | 'B', StaffRole];
    tokens[who] = (await addStaff(business === 'A' ? a.ids.userId : b.ids.userId, role)).token;
  }
  ctx = {
    A: a.ids,
    B: b.ids,
    adminUserId: admin.userId,
    async fresh(kind) {
      const now = new Date().toISOString();
      if (kind === 'owner') {
        const o = await registerOwner(app);
        // its verification link is issued in the background: settled before any fingerprint is taken
        await app.mailer.idle();
        return o.userId;
      }
      if (kind === 'staff') return (await addStaff(a.ids.userId, 'garson', false)).id;
      if (kind === 'branch') {
        const r = await app.db.insertInto('branches').values({ user_id: a.ids.userId, slug: `anadolu-sube-${++branchSeq}`, name: 'Geçici Şube', address: '', city: 6, tel: '', deskcount: null, wifi_name: null, wifi_password: null, hours: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
        return r.id;
      }
      if (kind === 'message') {
        const r = await app.db.insertInto('messages').values({ name: 'Ali', surname: null, companyname: null, mail: 'ali@example.com', tel: '05321234567', message: 'Merhaba', read_at: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
        return r.id;
      }
      if (kind === 'feedback') {
        const r = await app.db.insertInto('feedback').values({ user_id: a.ids.userId, masa: 2, lezzet: 4, servis: null, temizlik: null, fiyat: null, comment: 'Güzel', name: null, tel: null, read_at: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
        return r.id;
      }
      if (kind === 'call') {
        const r = await app.db.insertInto('waiter_calls').values({ user_id: a.ids.userId, masa: 2, type: 'garson', created_at: now, done_at: null }).returning('id').executeTakeFirstOrThrow();
        return r.id;
      }
      if (kind === 'category') {
        const r = await app.db.insertInto('categories').values({ user_id: a.ids.userId, name: 'Geçici', description: null, image: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
        return r.id;
      }
      const r = await app.db.insertInto('products').values({ user_id: a.ids.userId, category_id: a.ids.categoryId, name: 'Geçici', description: null, selling_price: 1000, original_price: null, allergen: null, image: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
  };
});
afterAll(async () => t?.close());

describe('authorisation matrix', () => {
  it('has exactly one row for every /api route of the server (and no row for a route that does not exist)', () => {
    const served = app.routeList
      .filter((r) => r.url.startsWith('/api') || r.url.startsWith('/sanctum'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const table = ROWS.map((r) => `${r.method} ${r.route}`).sort();
    expect(table).toEqual(served);
  });

  it("the fingerprints see every table the database lists: each is A's by a column, or one of the global tables", async () => {
    const tables = await tableNames(app.db, { searchIndexes: false });
    const unscoped = [];
    for (const table of tables) if (scopeA(table, await columnNames(app.db, table)) === 'skip') unscoped.push(table);
    expect(unscoped, 'a new table: give it a user_id (or another A_SCOPE column), or list it in GLOBAL_TABLES').toEqual(GLOBAL_TABLES);
    for (const name of ['feedback', 'waiter_calls', 'category_translations', 'product_translations', 'price_history', 'account_tokens', 'audit_log']) {
      expect(tables).toContain(name);
    }
    // a change to any of A's rows shows, in a table the old fingerprint did not read
    const before = await fingerprintA();
    const probe = await app.db.insertInto('waiter_calls').values({ user_id: ctx.A.userId, masa: 9, type: 'hesap', created_at: new Date().toISOString(), done_at: null }).returning('id').executeTakeFirstOrThrow();
    expect(await fingerprintA()).not.toBe(before);
    await app.db.deleteFrom('waiter_calls').where('id', '=', probe.id).execute();
    expect(await fingerprintA()).toBe(before);
  });

  for (const row of ROWS) {
    describe(`${row.method} ${row.route} (${row.access})`, () => {
      it('without a token', async () => {
        const r = await call(row, 'none', { fingerprint: fingerprintAll });
        expect(r.raw).not.toMatch(/at .*\.(ts|js):\d+|SQLITE|syntax error|stack/i);
        if (row.access === 'public') {
          expect(r.http).not.toBe(401);
          expect(r.http).not.toBe(403);
          expect(r.http).toBeLessThan(500);
        } else {
          expect(r.http).toBe(401);
          expect(r.body?.status).toBe(401);
          expect(await fingerprintAll()).toBe(r.before);
        }
      });

      if (row.access === 'owner' || row.access === 'admin') {
        it('with the wrong role', async () => {
          const wrong: Who = row.access === 'owner' ? 'admin' : 'A';
          const both = async () => [await fingerprintAll(), await fingerprintA()].join();
          const r = await call(row, wrong, { fingerprint: both });
          expect(r.http).toBe(403);
          expect(r.body?.status).toBe(403);
          expect(await both()).toBe(r.before);
          if (row.access === 'admin') {
            const rb = await call(row, 'B');
            expect(rb.http).toBe(403);
          }
        });

        it('with the right role', async () => {
          const who: Who = row.access === 'admin' ? 'admin' : 'A';
          const r = await call(row, who, { token: await sessionToken(row, who) });
          expect(r.http, r.raw).toBe(200);
          if (!row.binary) expect(r.body?.status, r.raw).toBe(200);
        });
      }

      if (row.access === 'signed-in') {
        // no wrong role here: an owner and an admin are both answered
        it.each(['A', 'admin'] as const)('signed in as %s', async (who) => {
          const r = await call(row, who, { token: await sessionToken(row, who) });
          expect(r.http, r.raw).toBe(200);
          expect(r.body?.status, r.raw).toBe(200);
        });
      }

      if (row.access === 'owner') {
        it("owner B with owner A's ids: not found (or refused) and A's data unchanged", async () => {
          const usesIds = row.route.includes(':id') || row.foreign;
          const r = await call(row, 'B', { fingerprint: fingerprintA });
          expect(r.http).toBe(200);
          if (usesIds) expect(row.foreign ?? [404], r.raw).toContain(r.body?.status);
          else if (!row.binary) expect(r.body?.status, r.raw).toBe(200); // B's own data
          else expect(r.raw).not.toContain('Matris'); // B's own file, none of A's rows
          expect(await fingerprintA()).toBe(r.before);
        });
      }

      if (row.access === 'owner') {
        for (const who of STAFF_OF_A) {
          const role = who.slice(2) as StaffRole;
          it(`A's ${role}: ${admits(row, role) ? 'answered as the owner' : '403, nothing changed'}`, async () => {
            if (admits(row, role)) {
              const r = await call(row, who);
              expect(r.http, r.raw).toBe(200);
              if (!row.binary) expect(r.body?.status, r.raw).toBe(200);
              return;
            }
            const both = async () => [await fingerprintAll(), await fingerprintA()].join();
            const r = await call(row, who, { fingerprint: both });
            expect(r.http, r.raw).toBe(403);
            expect(r.body?.status).toBe(403);
            expect(await both()).toBe(r.before);
          });
        }
        if (admits(row, 'yonetici')) {
          it("B's yonetici with A's ids: answered as owner B, A's data unchanged", async () => {
            const usesIds = row.route.includes(':id') || row.foreign;
            const r = await call(row, 'B:yonetici', { fingerprint: fingerprintA });
            expect(r.http, r.raw).toBe(200);
            if (usesIds) expect(row.foreign ?? [404], r.raw).toContain(r.body?.status);
            else if (!row.binary) expect(r.body?.status, r.raw).toBe(200);
            expect(await fingerprintA()).toBe(r.before);
          });
        }
      }

      if (row.access === 'admin') {
        it("staff are refused (403), A's yonetici too", async () => {
          for (const who of ['A:yonetici', 'A:garson'] as const) expect((await call(row, who)).http).toBe(403);
        });
      }

      if (row.access === 'admin' && row.route.includes(':id')) {
        it('admin with an id that does not exist: body 404', async () => {
          const r0 = await row.req(ctx, 'admin');
          const url = r0.url.replace(/\/\d+(\/|$)/, '/987654$1');
          const res = await app.inject({ method: row.method, url, payload: r0.payload as never, headers: { ...(r0.headers ?? {}), ...bearer(tokens.admin) } });
          expect(res.statusCode).toBe(200);
          expect(res.json().status).toBe(404);
        });
      }
    });
  }

  it("the owner's token stops working after logout, everywhere", async () => {
    const tok = await throwaway('A');
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(tok) });
    expect(out.json().status).toBe(200);
    for (const row of ROWS.filter((r) => r.access !== 'public' && r.method === 'GET')) {
      const res = await call(row, 'A', { token: tok });
      expect(res.http, row.route).toBe(401);
    }
  });
});
