import { MAX_CARDS, TABLE_MSG, qrInk } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import type { FileStore } from '../../platform/storage/index.js';
import { branchParam, branchTitle } from '../branches/index.js';
import { findSettings } from '../settings/index.js';
import { logoPng } from './qr-logo.js';
import { parseTableRange, renderTableCardsOffThread, type Card, type CardStyle } from './table-cards.js';

/** Owner without a public address yet (settings never saved): the QR screen sends them to settings. */
const NO_ADDRESS = 'Menü adresiniz henüz yok. Lütfen önce Ayarlar sayfasından işletme bilgilerinizi kaydedin.';

/** The query of the cards: `?tables=1-10&logo=1&renk=1&branch=3`. */
export interface CardsQuery {
  tables?: unknown;
  /** An extra branch's id (features/branches): its address, name, Wi-Fi and table count; absent or 0: the main branch. */
  branch?: unknown;
  logo?: unknown;
  renk?: unknown;
}

/** `?logo=` / `?renk=`: absent, `0` or `1`; anything else is a field error. */
function flag(value: unknown, field: string): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new ValidationError({ [field]: [TABLE_MSG.optionInvalid] });
}

/**
 * The owner's choices for the codes: the logo (its PNG; none uploaded → 422) and the theme colour
 * (darkened when too light to scan, `qrInk`).
 */
export async function ownerCardStyle(storage: FileStore, s: { logo: string | null; theme_color: string | null }, query: CardsQuery): Promise<CardStyle> {
  const style: CardStyle = {};
  if (flag(query.renk, 'renk')) style.ink = qrInk(s.theme_color).ink;
  if (flag(query.logo, 'logo')) {
    const png = await logoPng(storage, s.logo);
    if (!png) throw new ValidationError({ logo: [TABLE_MSG.noLogo] });
    style.logo = png;
  }
  return style;
}

/**
 * The owner's table cards as a PDF: the tables of `range` (`1-10`; empty: every table), each QR
 * code `PUBLIC_URL/qr/{slug}?masa=N`; no table count: one card without a table. `?logo=1` puts the
 * business's logo in the middle of each code, `?renk=1` prints codes and accents in its theme colour.
 * `?branch=N`: an extra branch's cards — its address and tables, its name ("Çınar Kafe – Kadıköy")
 * and Wi-Fi; the logo and colour stay the business's. Each card prints the Wi-Fi when it has one.
 */
export async function ownerTableCards(db: DB, storage: FileStore, userId: number, publicUrl: string, query: CardsQuery): Promise<Buffer> {
  const s = await findSettings(db, userId);
  if (!s?.companyengname) throw new NotFoundError(NO_ADDRESS);
  const branch = await branchParam(db, userId, query.branch);
  const at = branch
    ? { slug: branch.slug, name: branchTitle(s.companyname || 'QR Menü', branch), deskcount: branch.deskcount, wifi: branch.wifi_name, password: branch.wifi_password }
    : { slug: s.companyengname, name: s.companyname || 'QR Menü', deskcount: s.deskcount, wifi: s.wifi_name, password: s.wifi_password };
  const menu = `${publicUrl}/qr/${at.slug}`;
  const tables = cardTables(query.tables, Number(at.deskcount ?? 0));
  const cards: Card[] = tables.length ? tables.map((masa) => ({ masa, url: `${menu}?masa=${masa}` })) : [{ url: menu }];
  const style = await ownerCardStyle(storage, s, query);
  if (at.wifi) style.wifi = { name: at.wifi, password: at.password ?? null };
  return renderTableCardsOffThread(at.name, cards, style);
}

/** The tables of `?tables=` (empty: every table of `deskcount`), at most MAX_CARDS; out of range → 422. */
function cardTables(range: unknown, deskcount: number): number[] {
  const raw = typeof range === 'string' ? range.trim() : '';
  let tables: number[] = [];
  if (raw) {
    const parsed = deskcount > 0 ? parseTableRange(raw, deskcount) : undefined;
    if (!parsed) throw new ValidationError({ tables: [TABLE_MSG.rangeInvalid] });
    tables = parsed;
  } else if (deskcount > 0) {
    tables = Array.from({ length: deskcount }, (_, i) => i + 1);
  }
  if (tables.length > MAX_CARDS) throw new ValidationError({ tables: [TABLE_MSG.tooManyCards] });
  return tables;
}

/** The owner's logo as a PNG for the QR screen's canvas (`GET /api/qr-logo.png`); none → 404. */
export async function ownerQrLogo(db: DB, storage: FileStore, userId: number): Promise<Buffer> {
  const s = await findSettings(db, userId);
  const png = await logoPng(storage, s?.logo);
  if (!png) throw new NotFoundError(TABLE_MSG.logoNotFound);
  return png;
}
