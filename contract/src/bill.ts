import { z } from 'zod';
import { PAYMENTS } from './orders.js';

/** The bill of a table and its printed slip (issue 42, item 4): Turkish texts and the API's schemas. */

export const BILL_MSG = {
  loaded: 'Hesap yüklendi.',
  sessionNotFound: 'Hesap bulunamadı.',
  formatInvalid: 'Biçim "html" veya "pdf" olmalıdır.',
  /** The product is not a fiscal cash register, and every slip says so. */
  notFiscal: 'Bilgi fişidir, mali değeri yoktur.',
  vatIncluded: 'KDV dahil',
  noSeat: 'Masanın hesabını görmek için masanızdaki QR kodu okutun. Hesap yalnızca o masada oturanlara gösterilir.',
} as const;

export const SLIP_FORMATS = ['html', 'pdf'] as const;
export type SlipFormat = (typeof SLIP_FORMATS)[number];
export const slipQuerySchema = z.object({
  format: z.preprocess((v) => (v == null || v === '' ? 'html' : v), z.enum(SLIP_FORMATS, { error: BILL_MSG.formatInvalid })),
});

const tl = z.number().meta({ description: 'TL' });

/** One line of the bill: the same product, portion and unit price added up over the session's orders. */
export const billLineSchema = z.object({
  name: z.string(),
  portion: z.string().meta({ description: "Porsiyon ('' = ürünün kendi fiyatı)" }),
  quantity: z.number().int(),
  unit_price: tl,
  line_total: tl,
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billSchema = z.object({
  session_id: z.number().int(),
  masa: z.number().int(),
  opened_at: z.string().meta({ description: 'Hesabın açıldığı an (ilk sipariş, ISO 8601)' }),
  closed_at: z.string().nullable(),
  payment: z.enum(PAYMENTS).nullable(),
  /** served items: what the table pays */
  items: z.array(billLineSchema).meta({ description: 'Servis edilen ürünler (iptal edilenler yok)' }),
  total: tl.meta({ description: 'Servis edilenlerin toplamı, KDV dahil (TL)' }),
  /** sent but not yet served (Yeni, Hazırlanıyor, Hazır): listed apart, not in the total */
  preparing: z.array(billLineSchema).meta({ description: 'Henüz servis edilmemiş ürünler ("Hazırlanıyor"); toplama dahil değil' }),
  preparing_total: tl,
  branch_id: z.number().int().meta({ description: 'Masanın şubesi: 0 ana şube, diğerleri şube numarası' }),
});
export type Bill = z.infer<typeof billSchema>;

export const billResponseSchema = z.object({ status: z.literal(200), message: z.string(), bill: billSchema });
