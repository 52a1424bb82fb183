import {
  adminAccountResponseSchema, adminAccountSchema, adminAccountUpdatedResponseSchema, adminCategoriesResponseSchema, adminDashboardResponseSchema,
  adminMessagesResponseSchema, adminPasswordSchema, adminProductsResponseSchema, adminUserResponseSchema, adminUserUpdatedResponseSchema,
  adminUsersResponseSchema, auditResponseSchema, okSchema, replyMessageSchema, unreadResponseSchema, updateUserSchema,
  ADMIN_LISTS, PER_PAGE_OPTIONS, type AdminListName,
} from '@qrmenu/contract';
import type { OperationDocs } from './operation.js';

const ADMIN = 'Yönetici';
const notFound = 'Bulunamayan kayıt: gövde `status: 404`.';

/** The admin area. */
/** The query of a paged admin list, from its definition in the contract (ADMIN_LISTS). */
function listQuery(name: AdminListName): Record<string, string> {
  const def: { sort: readonly string[]; filters: Record<string, readonly string[]>; textFilters?: readonly string[] } = ADMIN_LISTS[name];
  return {
    page: 'Sayfa (1’den; varsayılan 1)',
    per_page: `Sayfa başına kayıt: ${PER_PAGE_OPTIONS.join(', ')}`,
    q: 'Arama (Türkçe büyük/küçük harf katlamalı)',
    sort: `Sıralama sütunu: ${def.sort.join(', ')}`,
    dir: 'asc veya desc',
    ...Object.fromEntries(Object.entries(def.filters).map(([k, v]) => [k, `Süzgeç: ${v.join(', ')}`])),
    ...Object.fromEntries((def.textFilters ?? []).map((k) => [k, 'Süzgeç: işletme adı (içinde geçen)'])),
  };
}

export const adminOperations: OperationDocs = {
  'GET /api/admin/dashboard': { tag: ADMIN, access: 'admin', response: adminDashboardResponseSchema, summary: 'Platform özeti' },
  'GET /api/view-user': { tag: ADMIN, access: 'admin', response: adminUsersResponseSchema, query: listQuery('users'), summary: 'İşletmeler (sayfalı; toplam `total`)' },
  'GET /api/edit-user/{id}': { tag: ADMIN, access: 'admin', response: adminUserResponseSchema, summary: 'Bir işletme', description: notFound },
  'POST /api/update-user/{id}': {
    tag: ADMIN, access: 'admin', body: { as: 'json', schema: updateUserSchema }, response: adminUserUpdatedResponseSchema,
    summary: 'İşletmeyi güncelle (plan, durum, menü adresi)',
    description: `Doğrulama hatası: gövde \`status: 422\` ve \`errors\`. ${notFound}`,
  },
  'DELETE /api/admin/users/{id}': { tag: ADMIN, access: 'admin', response: okSchema, summary: 'İşletme hesabını ve tüm verilerini sil', description: notFound },
  'GET /api/admin/categories': { tag: ADMIN, access: 'admin', response: adminCategoriesResponseSchema, query: listQuery('categories'), summary: 'Tüm işletmelerin kategorileri (salt okunur)' },
  'GET /api/admin/products': { tag: ADMIN, access: 'admin', response: adminProductsResponseSchema, query: listQuery('products'), summary: 'Tüm işletmelerin ürünleri (salt okunur)' },
  'GET /api/admin/messages': { tag: ADMIN, access: 'admin', response: adminMessagesResponseSchema, query: listQuery('messages'), summary: 'İletişim mesajları (yeniden eskiye)' },
  'POST /api/admin/messages/{id}/read': { tag: ADMIN, access: 'admin', response: unreadResponseSchema, summary: 'Mesajı okundu işaretle', description: notFound },
  'POST /api/admin/messages/{id}/unread': { tag: ADMIN, access: 'admin', response: unreadResponseSchema, summary: 'Mesajı okunmadı işaretle', description: notFound },
  'POST /api/admin/messages/{id}/reply': {
    tag: ADMIN, access: 'admin', body: { as: 'json', schema: replyMessageSchema }, response: unreadResponseSchema,
    summary: 'Mesajı e-postayla yanıtla', description: notFound,
  },
  'GET /api/admin/audit': { tag: ADMIN, access: 'admin', response: auditResponseSchema, query: listQuery('audit'), summary: 'Yönetici işlem kayıtları (yeniden eskiye)' },
  'GET /api/admin/account': { tag: ADMIN, access: 'admin', response: adminAccountResponseSchema, summary: 'Yöneticinin hesabı' },
  'POST /api/admin/account': {
    tag: ADMIN, access: 'admin', body: { as: 'json', schema: adminAccountSchema }, response: adminAccountUpdatedResponseSchema,
    summary: 'Yöneticinin adını ve e-postasını güncelle',
  },
  'POST /api/admin/password': { tag: ADMIN, access: 'admin', body: { as: 'json', schema: adminPasswordSchema }, response: okSchema, summary: 'Yöneticinin şifresini değiştir' },
};
