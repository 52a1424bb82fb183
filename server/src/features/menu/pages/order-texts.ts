import { ORDER_MSG, ORDER_STATUS_LABEL } from '@qrmenu/contract';
import type { OrderWords } from './locales.js';

/**
 * Turkish texts of ordering at the table on the diner's pages (the `Sepete ekle` forms, the
 * basket page, the statuses, the errors); the other languages: locales/ (`order`).
 */
export const ORDER_TEXT: OrderWords = {
  addToBasket: 'Sepete ekle',
  portion: 'Porsiyon',
  quantity: 'Adet',
  note: 'Not',
  myBasket: 'Sepetim',
  basketTitle: 'Sepet',
  basketEmptyHint: 'Sepetiniz boş. Menüden ürün ekleyebilirsiniz; masadaki herkes aynı sepete ekler.',
  remove: 'Çıkar',
  total: 'Toplam',
  send: 'Siparişi gönder',
  ordersTitle: 'Siparişleriniz',
  noOrders: 'Bu masadan henüz sipariş gönderilmedi.',
  orderNo: (n) => `Sipariş ${n}`,
  noteLine: (note) => `Not: ${note}`,
  cancelReason: (reason) => `İptal nedeni: ${reason}`,
  tableTotal: 'Masa toplamı',
  refresh: 'Durumu yenile',
  statuses: ORDER_STATUS_LABEL,
  notices: { added: ORDER_MSG.added, removed: ORDER_MSG.removed, sent: ORDER_MSG.sent },
  errors: {
    disabled: ORDER_MSG.disabled,
    paused: ORDER_MSG.paused,
    noSeat: ORDER_MSG.noSeat,
    productInvalid: ORDER_MSG.productInvalid,
    soldOut: ORDER_MSG.soldOut,
    passive: ORDER_MSG.passive,
    portionInvalid: ORDER_MSG.portionInvalid,
    quantityInvalid: ORDER_MSG.quantityInvalid,
    noteTooLong: ORDER_MSG.noteTooLong,
    basketFull: ORDER_MSG.basketFull,
    basketEmpty: ORDER_MSG.basketEmpty,
    tooMany: ORDER_MSG.tooMany,
    invalid: ORDER_MSG.invalid,
    tableInvalid: ORDER_MSG.tableInvalid,
    itemsRequired: ORDER_MSG.itemsRequired,
  },
};
