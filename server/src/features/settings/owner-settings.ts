import { BRANCH_VIEWS_MSG, BRANDING_FIELDS, brandingSchema, fieldErrors, istanbulDay, istanbulMonthStart, LANG_MSG, MSG, OWNER_MSG, planOf, PROFILE_FIELDS, updateSettingSchema } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { parseBody } from '../../platform/validate.js';
import { brandingValues, saveBranding } from '../branding/index.js';
import { countProducts, listCategoryNames } from '../catalog/index.js';
import { branchViews } from '../branches/index.js';
import { presentSettings } from './presenters.js';
import { DEMO_EMAIL, dailyViews, findSettings, saveProfile } from './settings.repository.js';
import { findChargeTexts } from './charge-texts.repository.js';

/** The last `n` Istanbul calendar days, oldest first (Türkiye has no DST: 24 h steps are exact). */
function lastDays(n: number, now: Date): string[] {
  const days: string[] = [];
  for (let i = n - 1; i >= 0; i--) days.push(istanbulDay(new Date(now.getTime() - i * 86_400_000)));
  return days;
}

const BRANDING_KEYS: ReadonlySet<string> = new Set(BRANDING_FIELDS);

/**
 * Validates update-setting. Errors in the profile fields answer with the spec's toast text; errors
 * only in the appearance fields with the usual "correct the marked fields".
 */
function parseSettings(body: unknown) {
  const result = updateSettingSchema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const onlyBranding = Object.keys(errors).every((k) => BRANDING_KEYS.has(k));
  throw new ValidationError(errors, { status: 422, message: onlyBranding ? MSG.validation : MSG.allFieldsMandatory });
}

/** The spec's profile fields (PROFILE_FIELDS): a body with none of them but appearance fields changes only those. */
const appearanceOnly = (body: unknown): body is Record<string, unknown> =>
  Boolean(body) && typeof body === 'object' && !PROFILE_FIELDS.some((k) => k in (body as object)) && BRANDING_FIELDS.some((k) => k in (body as object));

/**
 * Saves the owner's settings (POST /api/update-setting): the profile fields (and with them the
 * languages, within the plan, and any appearance fields), or only the appearance fields when no
 * profile field is sent. Returns the settings as saved.
 */
export async function updateSettings(db: DB, userId: number, email: string, body: unknown, publicUrl: string, now: string) {
  if (appearanceOnly(body)) {
    // only appearance fields (about, theme_color, hours …): those change, the profile stays
    const input = parseBody(brandingSchema, body, { status: 422 });
    if (!(await saveBranding(db, userId, brandingValues(input), {}, { logo: null, cover: null }, now))) throw new NotFoundError(OWNER_MSG.settingsNotFound);
    const s = await findSettings(db, userId);
    return presentSettings(s!);
  }
  // Only the profile fields are read: qrlink, companyengname, count, status, userlevel,
  // qr_status and user_id in the body are ignored (the admin area changes those).
  const input = parseSettings(body);
  if (input.languages) {
    const current = await findSettings(db, userId);
    const allowed = planOf(current?.userlevel).languages;
    if (input.languages.length > allowed) throw new ValidationError({ languages: [LANG_MSG.planLimit(allowed)] }, { status: 422, message: LANG_MSG.planLimit(allowed) });
  }
  const ok = await saveProfile(
    db,
    userId,
    { name: input.name, companyname: input.companyname, address: input.address ?? '', city: input.city, tel: input.tel, deskcount: input.deskcount, languages: input.languages?.join(','), ...brandingValues(input) },
    publicUrl,
    now,
    email === DEMO_EMAIL,
  );
  if (!ok) throw new NotFoundError(OWNER_MSG.settingsNotFound);
  const s = await findSettings(db, userId);
  return presentSettings(s!);
}

const sumFrom = (rows: Array<{ day: string; count: number }>, from: string) => rows.filter((r) => r.day >= from).reduce((sum, r) => sum + r.count, 0);

/**
 * The welcome page: views this month against the plan quota, products against the limit, 30 days.
 * With `branch` (0: the main branch, or an extra branch's id) the views — month, total, days — are
 * that branch's (`branch` names it, with the account's month for the quota); another owner's or
 * an unknown branch → 404.
 */
export async function ownerDashboard(db: DB, userId: number, now: Date, branch?: number) {
  const s = await findSettings(db, userId);
  if (!s) throw new NotFoundError(OWNER_MSG.settingsNotFound);
  const plan = planOf(s.userlevel);
  const days = lastDays(30, now);
  const monthStart = istanbulMonthStart(now);
  const since = days[0] < monthStart ? days[0] : monthStart;
  const account = { id: 0, name: s.companyname || 'Ana şube', total: Number(s.count), days: (await dailyViews(db, userId, since)).map((r) => ({ day: r.day, count: Number(r.count) })) };
  const views = branch === undefined ? account : await branchViews(db, userId, branch, since, account);
  if (!views) throw new NotFoundError(BRANCH_VIEWS_MSG.branchNotFound);
  const byDay = new Map(views.days.map((r) => [r.day, r.count]));
  const monthViews = sumFrom(views.days, monthStart);
  return {
    name: s.name,
    companyname: s.companyname,
    qrlink: s.qrlink,
    plan: { level: plan.level, name: plan.name, productLimit: plan.productLimit, monthlyViews: plan.monthlyViews },
    products: await countProducts(db, userId),
    categories: (await listCategoryNames(db, userId)).length,
    monthViews,
    totalViews: views.total,
    days: days.map((day) => ({ day, count: byDay.get(day) ?? 0 })),
    ...(branch === undefined ? {} : { branch: { id: views.id, name: views.name, account_month_views: sumFrom(account.days, monthStart) } }),
    // the texts that announce a service or cover charge (hidden from the menu until edited)
    charge_texts: await findChargeTexts(db, userId),
  };
}
