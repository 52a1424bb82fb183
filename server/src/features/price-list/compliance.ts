import {
  announcedCharge, CHARGE_MESSAGE, formatPrice, gramRequiredTerm, kurusToTl, PRICE_LIST_RULES, PRICE_RULES,
  type PriceListFinding, type PriceListFormat,
} from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { branchOverrides } from '../branches/index.js';
import { listPriceHistories } from '../menu-io/index.js';
import { campaignStart, lowestBefore, type HistoryRow } from './campaign.js';
import { diffLists, itemsOf, type ListContent, type ListItem } from './price-list-content.js';
import { readChargeTexts } from './price-list.repository.js';
import type { CurrentList, ListAt } from './versions.js';
import { findVersion, listPrints, type ListScope } from './versions.repository.js';

/**
 * The compliance check of an owner's price list (issue 41): each finding names the product (when
 * there is one), its severity and a Turkish explanation citing the rule.
 */

const GRAM_UNITS = new Set(['g', 'kg']);
const PLACE: Record<PriceListFormat, string> = { kapi: 'Kapıdaki liste', masa: 'Masalardaki liste' };
const tl = (k: number) => formatPrice(kurusToTl(k));

const finding = (f: Omit<PriceListFinding, 'product_id' | 'product_name' | 'reference_price'> & Partial<PriceListFinding>): PriceListFinding => ({
  product_id: null, product_name: null, reference_price: null, ...f,
});

function hasGrams(i: ListItem): boolean {
  if (i.unit && GRAM_UNITS.has(i.unit)) return true;
  return i.portions.length > 0 && i.portions.every((p) => p.unit && GRAM_UNITS.has(p.unit));
}

export function productFindings(items: ListItem[]): PriceListFinding[] {
  const out: PriceListFinding[] = [];
  for (const i of items) {
    if (i.price == null && i.portions.length === 0) {
      out.push(finding({
        code: 'no_price', severity: 'error', rule: PRICE_LIST_RULES.listAll, product_id: i.id, product_name: i.name,
        message: `«${i.name}» ürününün fiyatı yok. ${PRICE_LIST_RULES.listAll} gereği sunulan her ürünün KDV dahil TL fiyatı listede yazmalıdır.`,
      }));
    }
    if (gramRequiredTerm(i.name) && !hasGrams(i)) {
      out.push(finding({
        code: 'gram_missing', severity: 'error', rule: PRICE_LIST_RULES.gram, product_id: i.id, product_name: i.name,
        message: `«${i.name}» için gramaj girilmemiş. ${PRICE_LIST_RULES.gram} gereği döner, iskender, hamburger ve köfte ekmekte etin gramı listede yazmalıdır (örneğin 120 g).`,
      }));
    }
  }
  return out;
}

async function chargeFindings(db: DB, userId: number): Promise<PriceListFinding[]> {
  const out: PriceListFinding[] = [];
  for (const t of await readChargeTexts(db, userId)) {
    const term = announcedCharge(t.text);
    if (!term) continue;
    out.push(finding({
      code: 'charge_announced', severity: 'error', rule: PRICE_RULES.noCharge, product_id: t.productId, product_name: t.productName,
      message: `${t.where} bir ücret duyuruyor («${term}»). ${CHARGE_MESSAGE}`,
    }));
  }
  return out;
}

/**
 * At an extra branch, the products with the branch's own price and the branch's price history of
 * them (its own rows in price_history: each change of its price, from or back to the shared one).
 */
async function branchHistory(db: DB, at: ListAt, ids: number[]): Promise<Map<number, HistoryRow[]>> {
  const out = new Map<number, HistoryRow[]>();
  if (!at.branch) return out;
  const overrides = await branchOverrides(db, at.branch.id, ids);
  for (const [id, o] of overrides) if (o.price != null) out.set(id, []);
  for (const h of await listPriceHistories(db, at.userId, [...out.keys()], at.branch.id)) out.get(h.product_id)?.push(h);
  return out;
}

async function campaignFindings(db: DB, at: ListAt, items: ListItem[]): Promise<PriceListFinding[]> {
  const onCampaign = items.filter((i) => i.was != null);
  const ids = onCampaign.map((i) => i.id);
  const history = await listPriceHistories(db, at.userId, ids);
  const ownPrices = await branchHistory(db, at, ids);
  const out: PriceListFinding[] = [];
  for (const i of onCampaign) {
    const rows: HistoryRow[] = history.filter((h) => h.product_id === i.id);
    const start = campaignStart(rows);
    if (!start) continue;
    // a branch's own price: the prices it had are its own changes and, while it followed the shared
    // price, the product's; both count (the lowest of either is the strictest reading). The
    // campaign's start stays the product's: the "was" price is the product's.
    const own = ownPrices.get(i.id);
    const priceRows = own ? [...rows, ...own].sort((x, y) => (x.created_at < y.created_at ? -1 : x.created_at > y.created_at ? 1 : 0)) : rows;
    const lowest = lowestBefore(priceRows, start, i.price);
    if (lowest == null || i.was! <= lowest) continue;
    out.push(finding({
      code: 'campaign_price', severity: 'error', rule: PRICE_LIST_RULES.campaign, product_id: i.id, product_name: i.name, reference_price: kurusToTl(lowest),
      message: `«${i.name}» için üstü çizili önceki fiyat ${tl(i.was!)}, kampanyadan önceki 30 günün en düşük fiyatı ise ${tl(lowest)}. ${PRICE_LIST_RULES.campaign} gereği önceki fiyat en fazla ${tl(lowest)} olabilir.`,
    }));
  }
  return out;
}

async function printFindings(db: DB, scope: ListScope, current: CurrentList): Promise<PriceListFinding[]> {
  const prints = await listPrints(db, scope);
  const out: PriceListFinding[] = [];
  if (itemsOf(current.content).length > 0 && !prints.some((p) => p.format === 'kapi')) {
    out.push(finding({
      code: 'list_not_printed', severity: 'warning', rule: PRICE_LIST_RULES.listAll,
      message: `Giriş kapısı için fiyat listesi henüz yazdırılmadı. ${PRICE_LIST_RULES.listAll} gereği her giriş kapısında fiyat listesi bulunmalıdır: Fiyat Listesi sayfasından kapı listesini indirip asın.`,
    }));
  }
  for (const p of prints) {
    if (p.version >= current.version.version) continue;
    const printed = await findVersion(db, scope, p.version);
    const { changes, priceChanges } = diffLists(printed ? (JSON.parse(printed.content) as ListContent) : null, current.content);
    const what = priceChanges > 0 ? `${priceChanges} fiyat değişti` : `${Math.max(changes, 1)} ürün değişti`;
    out.push(finding({
      code: 'list_outdated', severity: p.format === 'kapi' ? 'error' : 'warning', rule: PRICE_LIST_RULES.current,
      message: `${PLACE[p.format as PriceListFormat] ?? PLACE.kapi} güncel değil: ${what}. Yeni listeyi yazdırıp eskisinin yerine asın (${PRICE_LIST_RULES.current}).`,
    }));
  }
  return out;
}

/** The findings of the main branch's list or an extra branch's (its prices, its products, its prints). */
export async function checkPriceList(db: DB, at: ListAt, current: CurrentList): Promise<PriceListFinding[]> {
  const items = itemsOf(current.content);
  return [
    ...productFindings(items),
    ...(await chargeFindings(db, at.userId)),
    ...(await campaignFindings(db, at, items)),
    ...(await printFindings(db, { userId: at.userId, branchId: at.branch?.id }, current)),
  ];
}
