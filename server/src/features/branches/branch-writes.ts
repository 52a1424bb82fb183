import {
  BRANCH_LIMITS, BRANCH_MSG, kurusToTl, MAIN_BRANCH_ID, planOf, slugify, storedHours, tlToKurus,
  type BranchAnswer, type BranchInput, type BranchOverride, type BranchOverrideInput, type BranchPricesInput,
} from '@qrmenu/contract';
import { isUniqueViolation, type DB } from '../../platform/db/database.js';
import type { Branch, BranchProduct } from '../../platform/db/schema-branches.js';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors.js';
import {
  branchHasOpenTables, countBranches, deleteBranchRow, setStaffBranches, findBranch, findMainProfile, findOverrides, insertBranch, listBranches, menuSlugTaken, putOverride, recordBranchPrice, sharedPrices, updateBranchRow,
} from './branches.repository.js';

/**
 * The act of the branch routes (issue 43 item 1): list, create, update and delete an account's
 * branches, and a branch's product overrides. The main branch (id 0) is the business profile.
 */

/** Words of our own routes, never a menu address (as settings' RESERVED_SLUGS). */
const RESERVED = new Set(['demo', 'admin', 'api', 'user', 'qr', 'category', 'uploads', 'login', 'register']);

type Main = NonNullable<Awaited<ReturnType<typeof findMainProfile>>>;

const presentMain = (m: Main, branchViews: number): BranchAnswer => ({
  id: MAIN_BRANCH_ID, main: true, name: m.companyname || 'Ana şube', slug: m.companyengname, qrlink: m.qrlink, address: m.address ?? '', city: Number(m.city), tel: m.tel ?? '',
  deskcount: m.deskcount, wifi_name: m.wifi_name ?? null, wifi_password: m.wifi_password ?? null, hours: storedHours(m.hours), created_at: m.created_at, views: Math.max(0, Number(m.count) - branchViews),
});

export const presentBranch = (b: Branch, publicUrl: string): BranchAnswer => ({
  id: b.id, main: false, name: b.name, slug: b.slug, qrlink: `${publicUrl}/qr/${b.slug}`, address: b.address, city: Number(b.city), tel: b.tel,
  deskcount: b.deskcount, wifi_name: b.wifi_name, wifi_password: b.wifi_password, hours: storedHours(b.hours), created_at: b.created_at, views: Number(b.count),
});

export const presentOverride = (o: BranchProduct): BranchOverride => ({
  branch_id: o.branch_id, product_id: o.product_id, price: kurusToTl(o.price), unavailable: Boolean(Number(o.unavailable)), sold_out: Boolean(Number(o.sold_out)),
});

async function mainOf(db: DB, userId: number): Promise<Main> {
  const m = await findMainProfile(db, userId);
  if (!m) throw new NotFoundError();
  return m;
}

/** The account's branches, the main one first, with the plan's limit. */
export async function branchList(db: DB, userId: number, publicUrl: string) {
  const main = await mainOf(db, userId);
  const plan = planOf(main.userlevel);
  const extra = (await listBranches(db, userId)).map((b) => presentBranch(b, publicUrl));
  const branchViews = extra.reduce((sum, b) => sum + b.views, 0);
  return { branches: [presentMain(main, branchViews), ...extra], limit: BRANCH_LIMITS[plan.level], plan: plan.name };
}

/** An extra branch of this owner, or 404 (another owner's, unknown); the main branch → 422 `mainMessage`. */
export async function ownBranch(db: DB, userId: number, id: number, mainMessage: string): Promise<Branch> {
  if (id === MAIN_BRANCH_ID) throw new AppError(200, 422, mainMessage);
  const b = await findBranch(db, userId, id);
  if (!b) throw new NotFoundError();
  return b;
}

async function freeBranchSlug(db: DB, base: string): Promise<string> {
  const root = slugify(base) || 'sube';
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? root : `${root.slice(0, 55)}-${i}`;
    if (!RESERVED.has(candidate) && !(await menuSlugTaken(db, candidate))) return candidate;
  }
}

const settingsOf = (input: BranchInput, main: Main) => ({
  name: input.name,
  address: input.address ?? '',
  city: input.city ?? Number(main.city),
  tel: input.tel ?? '',
  deskcount: input.deskcount ?? null,
  ...(input.wifi_name !== undefined ? { wifi_name: input.wifi_name } : {}),
  ...(input.wifi_password !== undefined ? { wifi_password: input.wifi_password } : {}),
  ...(input.hours !== undefined ? { hours: input.hours === null ? null : JSON.stringify(input.hours) } : {}),
});

/** Adds a branch within the plan's limit; its slug (given, or made from the names) is free across every menu address. */
export async function createBranch(db: DB, userId: number, input: BranchInput, now: string): Promise<number> {
  const main = await mainOf(db, userId);
  if (!main.companyengname) throw new AppError(200, 422, BRANCH_MSG.profileFirst);
  const plan = planOf(main.userlevel);
  const limit = BRANCH_LIMITS[plan.level];
  if (limit != null && 1 + (await countBranches(db, userId)) >= limit) throw new AppError(200, 422, BRANCH_MSG.limit(plan.name, limit));
  if (input.slug && (RESERVED.has(input.slug) || (await menuSlugTaken(db, input.slug)))) throw new ValidationError({ slug: [BRANCH_MSG.slugTaken] });
  for (let attempt = 0; ; attempt++) {
    const slug = input.slug ?? (await freeBranchSlug(db, `${main.companyname} ${input.name}`));
    try {
      return await insertBranch(db, { user_id: userId, slug, ...settingsOf(input, main), created_at: now, updated_at: now });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (input.slug || attempt >= 5) throw new ValidationError({ slug: [BRANCH_MSG.slugTaken] });
    }
  }
}

/** Saves a branch's settings (its slug never changes: printed QR codes keep working). */
export async function updateBranch(db: DB, userId: number, id: number, input: BranchInput, now: string): Promise<void> {
  await ownBranch(db, userId, id, BRANCH_MSG.mainInSettings);
  const main = await mainOf(db, userId);
  await updateBranchRow(db, userId, id, { ...settingsOf(input, main), updated_at: now });
}

export async function deleteBranch(db: DB, userId: number, id: number): Promise<Branch> {
  const b = await ownBranch(db, userId, id, BRANCH_MSG.mainNotDeletable);
  // an unpaid bill must not lose its branch: the waiter closes its tables first
  if (await branchHasOpenTables(db, userId, id)) throw new ValidationError({ branch: [BRANCH_MSG.openTables] }, { status: 422, message: BRANCH_MSG.openTables });
  await deleteBranchRow(db, userId, id);
  return b;
}

/** The override after applying `input` to the current one (absent fields unchanged). */
function merged(current: BranchProduct | undefined, input: BranchOverrideInput) {
  if (input.clear) return { price: null, unavailable: 0, sold_out: 0 };
  const unavailable = input.unavailable ?? (input.available === undefined ? undefined : !input.available);
  return {
    price: input.price === undefined ? (current?.price ?? null) : tlToKurus(input.price),
    unavailable: unavailable === undefined ? Number(current?.unavailable ?? 0) : unavailable ? 1 : 0,
    sold_out: input.sold_out === undefined ? Number(current?.sold_out ?? 0) : input.sold_out ? 1 : 0,
  };
}

/**
 * Saves a branch's overrides of products of this owner: a price (null: the shared one), left off
 * (`unavailable`) and sold out there; `clear` (or nothing left overridden) removes the override.
 * An unknown product, or another owner's → 404 and nothing changed.
 */
export async function saveOverrides(db: DB, userId: number, input: BranchPricesInput, now: string): Promise<BranchOverride[]> {
  const branch = await ownBranch(db, userId, input.branch_id, BRANCH_MSG.mainHasNoOverrides);
  const items = 'items' in input ? input.items : [input];
  const ids = [...new Set(items.map((i) => i.product_id))];
  const shared = await sharedPrices(db, userId, ids);
  if (ids.some((id) => !shared.has(id))) throw new NotFoundError();
  const current = new Map((await findOverrides(db, branch.id, ids)).map((o) => [o.product_id, o]));
  for (const item of items) {
    const before = current.get(item.product_id);
    const next = merged(before, item);
    await putOverride(db, { branch_id: branch.id, product_id: item.product_id, ...next, updated_at: now });
    // the branch's price history: the price it showed before and shows now
    const [was, is] = [before?.price ?? shared.get(item.product_id) ?? null, next.price ?? shared.get(item.product_id) ?? null];
    if (was !== is) await recordBranchPrice(db, userId, { branchId: branch.id, productId: item.product_id, old: was, new: is }, now);
    current.set(item.product_id, { branch_id: branch.id, product_id: item.product_id, ...next, updated_at: now });
  }
  return (await findOverrides(db, branch.id, ids)).map(presentOverride);
}

/** An account's extra branches as the admin's business page lists them. */
export async function adminBranches(db: DB, userId: number, publicUrl: string) {
  return (await listBranches(db, userId)).map((b) => ({ id: b.id, name: b.name, slug: b.slug, qrlink: `${publicUrl}/qr/${b.slug}`, address: b.address, city: Number(b.city), created_at: b.created_at }));
}

/** The branches a staff member works at: each 0 or an extra branch of this business (else 422); [] → every branch. */
export async function saveStaffBranches(db: DB, businessId: number, memberId: number, ids: number[]): Promise<number[] | null> {
  const unique = [...new Set(ids)];
  const extra = unique.filter((id) => id !== MAIN_BRANCH_ID);
  const own = new Set((await listBranches(db, businessId)).map((b) => b.id));
  if (extra.some((id) => !own.has(id))) throw new ValidationError({ branches: [BRANCH_MSG.staffBranches] });
  const value = unique.length === 0 ? null : unique.sort((a, b) => a - b);
  if (!(await setStaffBranches(db, businessId, memberId, value))) throw new NotFoundError();
  return value;
}
