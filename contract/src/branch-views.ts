import { z } from 'zod';

/**
 * Branches in the admin's business list and a branch's daily views on the owner's welcome page
 * (issue 43 item 1). `GET /api/dashboard?branch=` takes '' / absent (the whole account, as before),
 * `0` (the main branch) or a branch's id.
 */
export const BRANCH_VIEWS_MSG = {
  branchQuery: 'Şube numarası geçersiz: ana şube için 0, diğer şubeler için şubenin numarasını gönderin.',
  branchNotFound: 'Şube bulunamadı. Şubeler ekranından şubelerinizi görebilirsiniz.',
} as const;

/** The `branch` query value: undefined (every branch), 0 (the main one) or an id; anything else is `'invalid'`. */
export function branchQueryValue(raw: unknown): number | undefined | 'invalid' {
  const v: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || !/^\d{1,9}$/.test(v.trim())) return 'invalid';
  return Number(v.trim());
}

const count = z.number().int().min(0);

/** One branch of an account in the admin's business list (the main branch is the row itself). */
export const adminListBranchSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    slug: z.string(),
    qrlink: z.string().meta({ description: 'Şubenin menü adresi (/qr/{slug})' }),
    city: z.number().int(),
    views: count.meta({ description: 'Şube menüsünün toplam görüntülenmesi' }),
  })
  .meta({ title: 'AdminListBranch' });
export type AdminListBranch = z.infer<typeof adminListBranchSchema>;

/** The branch the welcome page's views are of (`?branch=`), with the account's month for the plan's quota. */
export const dashboardBranchSchema = z
  .object({
    id: z.number().int().min(0).meta({ description: '0: ana şube' }),
    name: z.string(),
    /** The whole account's views this month (the plan's quota counts them); `monthViews` is then the branch's. */
    account_month_views: count,
  })
  .meta({ title: 'DashboardBranch' });
