import { z } from 'zod';
import type { WaiterEvent } from './responses.js';

/** Ordering at the table (issue 42): limits, statuses, Turkish messages and the API's schemas. */

export const ORDER_LIMITS = { note: 140, quantity: 20, lines: 50 } as const;
/** A table's device cookie holds for this long after the table's QR address was opened. */
export const SEAT_HOURS = 3;

export const ORDER_STATUSES = ['yeni', 'hazirlaniyor', 'hazir', 'servis', 'iptal'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  yeni: 'Yeni',
  hazirlaniyor: 'Hazırlanıyor',
  hazir: 'Hazır',
  servis: 'Servis edildi',
  iptal: 'İptal',
};
/** The one step forward from each status (İptal is allowed from any open status, with a reason). */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = { yeni: 'hazirlaniyor', hazirlaniyor: 'hazir', hazir: 'servis' };
export const PAYMENTS = ['nakit', 'kart'] as const;
export type Payment = (typeof PAYMENTS)[number];

export const ORDER_MSG = {
  disabled: 'Bu işletme masadan sipariş almıyor.',
  paused: 'Bu masada sipariş şu an kapalı. Lütfen garsonu çağırın.',
  noSeat: 'Sipariş vermek için masanızdaki QR kodu yeniden okutun.',
  productInvalid: 'Ürün bulunamadı.',
  soldOut: (name: string) => `${name} tükendi; sepete eklenemez.`,
  passive: (name: string) => `${name} şu an menüde yok; sepete eklenemez.`,
  portionInvalid: 'Lütfen geçerli bir porsiyon seçin.',
  quantityInvalid: `Adet 1 ile ${ORDER_LIMITS.quantity} arasında bir tam sayı olmalıdır.`,
  noteTooLong: `Not en fazla ${ORDER_LIMITS.note} karakter olabilir.`,
  basketFull: `Sepette en fazla ${ORDER_LIMITS.lines} satır olabilir.`,
  basketEmpty: 'Sepetiniz boş. Önce menüden ürün ekleyin.',
  basketChanged: 'Sepet bu arada değişti (masadan biri siparişi göndermiş olabilir). Lütfen sepeti yenileyip kontrol edin.',
  itemsRequired: 'Siparişte en az bir ürün olmalıdır.',
  added: 'Ürün sepete eklendi.',
  removed: 'Ürün sepetten çıkarıldı.',
  sent: 'Siparişiniz mutfağa iletildi.',
  tooMany: 'Çok fazla sipariş denemesi yaptınız. Lütfen biraz sonra tekrar deneyin.',
  invalid: 'Lütfen işaretli alanları düzeltin.',
  settingsLoaded: 'Sipariş ayarları yüklendi.',
  settingsSaved: 'Sipariş ayarları kaydedildi.',
  tableInvalid: 'Masa numarası 1 ile masa sayınız arasında olmalıdır.',
  ordersListed: 'Siparişler listelendi.',
  statusChanged: 'Sipariş durumu güncellendi.',
  statusInvalid: 'Geçersiz sipariş durumu.',
  statusStep: 'Sipariş bu duruma geçemez.',
  reasonRequired: 'İptal için bir neden yazın.',
  paymentInvalid: 'Ödeme "nakit" veya "kart" olmalıdır.',
  tableClosed: 'Masa kapatıldı.',
  noSession: 'Bu masada açık hesap yok.',
  openOrders: 'Masada hazırlanan siparişler var; önce onları servis edin veya iptal edin.',
  branchInvalid: 'Şube numarası geçersiz: ana şube için 0, diğer şubeler için Şubeler ekranındaki numarayı verin.',
  branchesListed: 'Şubeler listelendi.',
  switchAllBranches: 'Masadan siparişi bütün şubeler için yalnızca işletme sahibi veya bütün şubelerde çalışan bir yönetici açıp kapatabilir.',
} as const;

const int = (msg: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v), z.number({ error: msg }).int(msg).min(min, msg).max(max, msg));
const note = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'string' ? v.replace(/\r\n/g, '\n').trim() : v),
  z.string({ error: ORDER_MSG.noteTooLong }).max(ORDER_LIMITS.note, ORDER_MSG.noteTooLong),
);

/** One line added to a basket or sent in an order: a product, its portion (name, '' = none), quantity, note. */
export const orderLineSchema = z.object({
  product_id: int(ORDER_MSG.productInvalid, 1, Number.MAX_SAFE_INTEGER),
  portion: z.preprocess((v) => (v == null ? '' : v), z.string({ error: ORDER_MSG.portionInvalid }).max(100, ORDER_MSG.portionInvalid)).optional(),
  quantity: int(ORDER_MSG.quantityInvalid, 1, ORDER_LIMITS.quantity),
  note: note.optional(),
});
export type OrderLineInput = z.infer<typeof orderLineSchema>;

/** `POST /api/orders/{company}`: a table and its items (sent at once, without the shared basket). */
export const placeOrderSchema = z.object({
  masa: z.unknown(),
  items: z.array(orderLineSchema, { error: ORDER_MSG.itemsRequired }).min(1, ORDER_MSG.itemsRequired).max(ORDER_LIMITS.lines, ORDER_MSG.basketFull),
});

/** `POST /api/order-settings` (`?branch=`: whose tables): the account's switch and the branch's paused tables. */
export const orderSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Masadan sipariş açık (true) veya kapalı (false) olmalıdır.' }),
  paused: z.array(z.number().int().min(1, ORDER_MSG.tableInvalid).max(100_000, ORDER_MSG.tableInvalid), { error: ORDER_MSG.tableInvalid }).max(1000).optional(),
});

export const orderStatusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_MSG.statusInvalid }),
  reason: z.string().max(200).optional(),
});
export const closeTableBodySchema = z.object({ payment: z.enum(PAYMENTS, { error: ORDER_MSG.paymentInvalid }) });

const okOf = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal(200), message: z.string(), ...shape });

export const orderItemSchema = z.object({
  name: z.string(),
  portion: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  note: z.string(),
});
export const orderSchema = z.object({
  id: z.number().int(),
  masa: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  cancel_reason: z.string().nullable(),
  /** TL */
  total: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The branch whose table sent it: 0 the main branch, else an extra branch's id (features/branches). */
  branch_id: z.number().int(),
  items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** The account's switch, and the paused tables and table count of one branch (`branch_id`: 0 the main branch). */
export const orderSettingsResponseSchema = okOf({ enabled: z.boolean(), paused: z.array(z.number().int()), deskcount: z.number().int().nullable(), branch_id: z.number().int() });
export const orderPlacedResponseSchema = okOf({ order: orderSchema });
export const ordersResponseSchema = okOf({ orders: z.array(orderSchema), now: z.string() });
export const orderResponseSchema = okOf({ order: orderSchema });
export const tableClosedResponseSchema = okOf({ masa: z.number().int(), branch_id: z.number().int(), payment: z.enum(PAYMENTS), total: z.number() });

/** `GET /api/orders/branches`: the branches the signed-in owner or staff member works at (the staff screens' picker). */
export const orderBranchSchema = z.object({ id: z.number().int(), name: z.string(), deskcount: z.number().int().nullable() });
export const orderBranchesResponseSchema = okOf({ branches: z.array(orderBranchSchema) });
export type OrderBranch = z.infer<typeof orderBranchSchema>;

/** Live events of the staff screens (with the waiter calls' on the same channel). */
export type OrderEvent = { type: 'order'; order: Order } | { type: 'table-closed'; masa: number; branch_id: number };

/** Every live event of a business's staff screens: waiter calls and orders, on one channel. */
export type LiveEvent = WaiterEvent | OrderEvent;
