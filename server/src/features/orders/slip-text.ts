import { BILL_MSG, formatDateTime, formatPrice, type BillLine, type Payment } from '@qrmenu/contract';
import type { Slip } from './bill.js';

/**
 * The slip's words and rows, shared by its HTML page (slip-html.ts) and its PDF (slip-pdf.ts) so
 * both print the same thing: the business, the table, the times (tr-TR, Europe/Istanbul), the
 * served items, the total "KDV dahil", the payment once closed, and the notice that it is not a
 * fiscal receipt. Turkish: the staff's slip.
 */
export const SLIP_TEXT = {
  title: 'HESAP FİŞİ',
  notFiscal: BILL_MSG.notFiscal,
  table: (n: number) => `Masa ${n}`,
  number: (id: number) => `Fiş no: ${id}`,
  opened: 'Açılış',
  closed: 'Kapanış',
  printed: 'Tarih',
  total: 'TOPLAM',
  vat: BILL_MSG.vatIncluded,
  payment: 'Ödeme',
  paymentName: { nakit: 'Nakit', kart: 'Kart' } as Record<Payment, string>,
  open: 'Hesap açık (ödenmedi)',
  empty: 'Henüz servis edilen ürün yok.',
  preparing: (n: number) => `Hazırlanan ${n} ürün bu fişe dahil değildir.`,
  fileName: (masa: number, id: number) => `hesap-fisi-masa-${masa}-${id}`,
} as const;

export const price = (tl: number) => formatPrice(tl);

/** "2 × Pide (Tam)" */
export const lineLabel = (l: BillLine) => `${l.quantity} × ${l.name}${l.portion ? ` (${l.portion})` : ''}`;
/** "₺100,00 × 2" under the label; the line total on the right */
export const lineDetail = (l: BillLine) => `${price(l.unit_price)} × ${l.quantity}`;

/** The header's facts, label and value: table and slip number, the times. */
export function slipFacts(s: Slip): Array<[string, string]> {
  const b = s.bill;
  return [
    [SLIP_TEXT.table(b.masa), SLIP_TEXT.number(b.session_id)],
    [SLIP_TEXT.opened, formatDateTime(b.opened_at)],
    ...(b.closed_at ? [[SLIP_TEXT.closed, formatDateTime(b.closed_at)] as [string, string]] : []),
    [SLIP_TEXT.printed, formatDateTime(s.printedAt)],
  ];
}

/** The footer's lines: the payment (or that the bill is open), what is still being prepared. */
export function slipFooter(s: Slip): string[] {
  const b = s.bill;
  const out = [b.payment ? `${SLIP_TEXT.payment}: ${SLIP_TEXT.paymentName[b.payment]}` : SLIP_TEXT.open];
  const preparing = b.preparing.reduce((n, l) => n + l.quantity, 0);
  if (preparing > 0) out.push(SLIP_TEXT.preparing(preparing));
  return out;
}
