import {
  CAMPAIGN_REFERENCE_DAYS, kurusToTl, MSG, PRICE_LIST_MSG, PRICE_LIST_SIZES, PRICE_LIST_FORMATS, priceListQuerySchema,
  type PriceListCheckResponse, type ReferencePriceResponse, type PriceListVersionsResponse,
} from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { parseBody } from '../../platform/validate.js';
import { listPriceHistories } from '../menu-io/index.js';
import { campaignStart, lowestBefore } from './campaign.js';
import { checkPriceList } from './compliance.js';
import type { ListContent } from './price-list-content.js';
import { renderPriceListOffThread } from './price-list-pdf.js';
import { branchParam, findBranchBySlug } from '../branches/index.js';
import { findOwnProduct } from './price-list.repository.js';
import { findVersion, listPrints, listVersions, recordPrint } from './versions.repository.js';
import { syncVersion, type CurrentList, type ListAt } from './versions.js';

/**
 * The price list's actions (issue 41): what the routes call, each scoped by the owner id. Each list
 * is the main branch's or, with `?branch=N`, an extra branch's (issue 43: its prices, its products,
 * its name and address, its own versions and prints).
 */

/** The owner's list named by `?branch=` (absent or 0: the main branch; another owner's: 404). */
export async function listAt(db: DB, userId: number, branch: unknown): Promise<ListAt> {
  return { userId, branch: await branchParam(db, userId, branch) };
}

/** The list of the diners' page `/qr/{slug}/fiyat-listesi`: the extra branch behind the address, if it is one. */
export async function dinerListAt(db: DB, business: { userId: number; branchId?: number; company: { slug: string } }): Promise<ListAt> {
  if (business.branchId === undefined) return { userId: business.userId };
  const branch = await findBranchBySlug(db, business.company.slug);
  if (!branch || branch.user_id !== business.userId) throw new NotFoundError(PRICE_LIST_MSG.noAddress);
  return { userId: business.userId, branch };
}

const scope = (at: ListAt) => ({ userId: at.userId, branchId: at.branch?.id });

async function current(db: DB, at: ListAt, now: Date): Promise<CurrentList> {
  const list = await syncVersion(db, at, now);
  if (!list) throw new NotFoundError(PRICE_LIST_MSG.noAddress);
  return list;
}

/** `GET /api/price-list.pdf`: the current list (recorded as printed) or a past version exactly as it printed. */
export async function printPriceList(db: DB, userId: number, query: unknown, now: Date, publicUrl: string) {
  const { branch, ...rest } = (query ?? {}) as Record<string, unknown>;
  const at = await listAt(db, userId, branch);
  const q = parseBody(priceListQuerySchema, rest, { status: 422 });
  if (q.lang === 'ar') throw new ValidationError({ lang: [PRICE_LIST_MSG.arabicPdf] }, { status: 422, message: PRICE_LIST_MSG.arabicPdf });
  const size = (q.size ?? PRICE_LIST_SIZES[q.format][0]).toLowerCase();
  if (!PRICE_LIST_SIZES[q.format].includes(size)) throw new ValidationError({ size: [PRICE_LIST_MSG.size(q.format)] }, { status: 422 });
  const list = await current(db, at, now);
  let version = list.version;
  let content = list.content;
  if (q.version !== undefined && q.version !== list.version.version) {
    const past = await findVersion(db, scope(at), q.version);
    if (!past) throw new NotFoundError(PRICE_LIST_MSG.versionNotFound);
    version = past;
    content = JSON.parse(past.content) as ListContent;
  } else {
    await recordPrint(db, scope(at), q.format, version.version, now.toISOString());
  }
  const pdf = await renderPriceListOffThread(content, {
    format: q.format, size, lang: q.lang, updatedAt: version.created_at, version: version.version, menuUrl: `${publicUrl}/qr/${content.business.slug}`,
  });
  const name = `fiyat-listesi-${at.branch ? `${at.branch.slug}-` : ''}${q.format}-v${version.version}${q.lang ? `-${q.lang}` : ''}.pdf`;
  return { pdf, name };
}

export async function priceListVersions(db: DB, at: ListAt, now: Date, publicUrl: string): Promise<PriceListVersionsResponse> {
  const list = await current(db, at, now);
  const prints = await listPrints(db, scope(at));
  const versions = (await listVersions(db, scope(at))).map((v) => ({
    ...v,
    printed: PRICE_LIST_FORMATS.filter((f) => prints.some((p) => p.format === f && p.version === v.version)),
  }));
  return { status: 200, message: PRICE_LIST_MSG.versionsListed, versions, public_url: `${publicUrl}/qr/${list.content.business.slug}/fiyat-listesi` };
}

export async function priceListCheck(db: DB, at: ListAt, now: Date): Promise<PriceListCheckResponse> {
  const findings = await checkPriceList(db, at, await current(db, at, now));
  return { status: 200, message: PRICE_LIST_MSG.checked, findings, count: findings.length };
}

/**
 * The lowest selling price (TL) of the 30 days before the product's campaign began (now, when it
 * has none running): the highest "was" price the product form may offer.
 */
export async function referencePrice(db: DB, userId: number, productId: number, now: Date): Promise<ReferencePriceResponse> {
  const product = await findOwnProduct(db, userId, productId);
  if (!product) throw new NotFoundError(MSG.notFound);
  const rows = await listPriceHistories(db, userId, [productId]);
  const start = (product.original_price != null ? campaignStart(rows) : null) ?? now.toISOString();
  const lowest = lowestBefore(rows, start, product.selling_price);
  return { status: 200, message: PRICE_LIST_MSG.reference, lowest: kurusToTl(lowest), days: CAMPAIGN_REFERENCE_DAYS };
}
