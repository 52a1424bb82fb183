import { MAX_CARDS, TABLE_MSG } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { findSettings } from '../settings/index.js';
import { parseTableRange, renderTableCardsOffThread, type Card } from './table-cards.js';

/** Owner without a public address yet (settings never saved): the QR screen sends them to settings. */
const NO_ADDRESS = 'Menü adresiniz henüz yok. Lütfen önce Ayarlar sayfasından işletme bilgilerinizi kaydedin.';

/**
 * The owner's table cards as a PDF: the tables of `range` (`1-10`; empty: every table), each QR
 * code `PUBLIC_URL/qr/{slug}?masa=N`; no table count: one card without a table.
 */
export async function ownerTableCards(db: DB, userId: number, publicUrl: string, range: unknown): Promise<Buffer> {
  const s = await findSettings(db, userId);
  if (!s?.companyengname) throw new NotFoundError(NO_ADDRESS);
  const menu = `${publicUrl}/qr/${s.companyengname}`;
  const deskcount = Number(s.deskcount ?? 0);
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
  const cards: Card[] = tables.length ? tables.map((masa) => ({ masa, url: `${menu}?masa=${masa}` })) : [{ url: menu }];
  return renderTableCardsOffThread(s.companyname || 'QR Menü', cards);
}
