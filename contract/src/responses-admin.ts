import { z } from 'zod';
import { ok, okBare } from './responses.js';
import { platformOrdersSchema } from './reports.js';
import { adminListBranchSchema } from './branch-views.js';

/**
 * Response bodies of the admin area and the accounts (see responses.ts). The admin lists are
 * described with their rows; their top level stays open (`looseObject`) for the paging fields
 * (`total`, `page`, `per_page`) the server-side lists add.
 */

const id = z.number().int().positive();
const count = z.number().int().min(0);
const text = z.string().nullable();
const timestamp = z.string().meta({ description: 'Tarih-saat (ISO 8601 veya veritabanı biçimi)' });

export const adminUserRowSchema = z
  .object({
    id,
    user_id: id,
    email: z.string(),
    email_verified: z.boolean(),
    name: z.string(),
    companyname: z.string(),
    address: z.string(),
    city: z.number().int(),
    tel: z.string(),
    deskcount: z.number().int().nullable(),
    qrlink: text,
    companyengname: text,
    count,
    qr_status: z.number().int(),
    status: z.number().int(),
    userlevel: z.string(),
    created_at: timestamp,
    product_count: count,
    category_count: count,
    /** The account's extra branches (the row itself is its main branch): how many, and each of them. */
    branch_count: count.meta({ description: 'Hesabın ek şube sayısı (ana şube satırın kendisidir)' }),
    branches: z.array(adminListBranchSchema).meta({ description: 'Hesabın ek şubeleri: ad, menü adresi, il, görüntülenme' }),
  })
  .meta({ title: 'AdminUserRow' });

export const adminCategoryRowSchema = z
  .object({
    id,
    user_id: id,
    name: z.string(),
    description: text,
    image: text,
    count,
    status: z.string(),
    created_at: timestamp,
    companyname: z.string(),
    owner_name: z.string(),
    product_count: count,
  })
  .meta({ title: 'AdminCategoryRow' });

export const adminProductRowSchema = z
  .object({
    id,
    user_id: id,
    category_id: id,
    category: z.object({ name: z.string() }),
    name: z.string(),
    description: text,
    selling_price: z.number().nullable(),
    original_price: z.number().nullable(),
    variants: z.array(z.object({ name: z.string(), price: z.number() })).describe('Portions, prices in TL; [] = none'),
    allergen: text,
    image: text,
    status: z.string(),
    created_at: timestamp,
    companyname: z.string(),
    owner_name: z.string(),
  })
  .meta({ title: 'AdminProductRow' });

export const adminMessageRowSchema = z
  .object({
    id,
    name: z.string(),
    surname: text,
    companyname: text,
    mail: z.string(),
    tel: z.string(),
    message: z.string(),
    read: z.boolean(),
    read_at: timestamp.nullable(),
    answered_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ title: 'AdminMessageRow' });

const daily = z.array(z.object({ day: z.string(), count }));
export const adminDashboardSchema = z.object({
  businesses: z.object({ total: count, active: count, passive: count, byPlan: z.object({ 0: count, 1: count, 2: count }) }),
  categories: z.object({ total: count }),
  products: z.object({ total: count, active: count }),
  views: z.object({ total: count, thisMonth: count, monthStart: z.string(), daily }),
  overQuota: z.array(z.object({ user_id: id, companyname: z.string(), name: z.string(), userlevel: z.string(), views: count, limit: count })),
  unreadMessages: count,
  feedback: count.optional(),
  /** The platform's orders at the table (issue 42). */
  orders: platformOrdersSchema.optional(),
  newest: z.array(z.object({ user_id: id, name: z.string(), companyname: z.string(), email: z.string(), userlevel: z.string(), status: z.number().int(), created_at: timestamp })),
});

/** A list answer: its rows plus the paging fields (`AdminPage` in admin-lists.ts). */
const listBase = {
  status: z.literal(200),
  message: z.string().optional(),
  total: z.number().int().min(0).meta({ description: 'Eşleşen kayıt sayısı (ADMIN_TOTAL_CAP ile sınırlı olabilir: `total_capped`)' }),
  page: z.number().int().positive().meta({ description: 'Bu sayfa (1’den)' }),
  per_page: z.number().int().positive().meta({ description: 'Sayfa başına kayıt' }),
  next: z.string().optional().meta({ description: 'Sonraki sayfa için `after` imleci (son sayfada yok)' }),
  prev: z.string().optional().meta({ description: 'Önceki sayfa için `before` imleci (ilk sayfada yok)' }),
};

export const adminUsersResponseSchema = z.looseObject({ ...listBase, users: z.array(adminUserRowSchema) });
/** The account's extra branches (issue 43) under the business: id, name, menu address, city. */
const adminBranchSchema = z.object({ id, name: z.string(), slug: z.string(), qrlink: z.string(), address: z.string(), city: z.number().int(), created_at: z.string() }).meta({ title: 'AdminBranch' });
export const adminUserResponseSchema = okBare({ user: adminUserRowSchema, branches: z.array(adminBranchSchema).optional().meta({ description: 'Hesabın ek şubeleri (ana şube işletmenin kendisidir)' }) });
export const adminUserUpdatedResponseSchema = ok({ user: adminUserRowSchema });
/** Present when a search matches more than ADMIN_TOTAL_CAP rows: `total` is then the cap. */
const totalCapped = z.literal(true).optional().meta({ description: 'Yalnızca `true`: aramaya ADMIN_TOTAL_CAP’ten fazla kayıt uyuyor, `total` bu sınırdır' });
export const adminCategoriesResponseSchema = z.looseObject({ ...listBase, total_capped: totalCapped, categories: z.array(adminCategoryRowSchema) });
export const adminProductsResponseSchema = z.looseObject({ ...listBase, total_capped: totalCapped, products: z.array(adminProductRowSchema) });
export const adminMessagesResponseSchema = z.looseObject({ ...listBase, messages: z.array(adminMessageRowSchema), unread: count });
export const unreadResponseSchema = ok({ unread: count });
export const adminDashboardResponseSchema = okBare({ dashboard: adminDashboardSchema });

const adminAccount = z.object({ id, name: z.string(), email: z.string() });
export const adminAccountResponseSchema = okBare({ account: adminAccount });
export const adminAccountUpdatedResponseSchema = ok({ account: adminAccount });

// ---------- the owner's account ----------
export const ownerAccountSchema = z
  .object({ id, name: z.string(), email: z.string(), email_verified: z.boolean(), created_at: timestamp })
  .meta({ title: 'OwnerAccount' });
export const ownerAccountResponseSchema = ok({ account: ownerAccountSchema });
export const verificationResponseSchema = ok({ email_verified: z.boolean() });
