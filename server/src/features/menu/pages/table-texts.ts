import { CRITERIA, TABLE_MSG, type CriterionKey } from '@qrmenu/contract';
import type { TableWords } from './locales.js';

/**
 * Turkish texts of the diner's table pages (survey, waiter call); the other languages: locales/.
 * Here, beside the menu's words, because every menu page carries the table's words (`PageLang`).
 */
export const TABLE_TEXT: TableWords = {
  table: TABLE_MSG.table,
  callWaiter: 'Garson Çağır',
  askBill: 'Hesap İste',
  shareOpinion: 'Görüşünüzü paylaşın',
  surveyTitle: 'Görüşünüzü paylaşın',
  surveyIntro: 'Deneyiminizi 1 (çok kötü) ile 5 (çok iyi) arasında puanlayın. En az bir konuyu puanlamanız yeterli.',
  surveyDescription: (name: string) => `${name} için görüşlerinizi paylaşın.`,
  ratingOf: (n: number) => `${n} / 5`,
  criteria: Object.fromEntries(CRITERIA.map((c) => [c.key, c.label])) as Record<CriterionKey, string>,
  comment: 'Yorumunuz (isteğe bağlı)',
  contactTitle: 'Size dönüş yapılmasını isterseniz (isteğe bağlı)',
  name: 'Adınız',
  tel: 'Telefon numaranız',
  kvkk: 'Adımı ve telefonumu, işletmenin bana dönüş yapabilmesi için paylaşmayı ve KVKK kapsamında işlenmesini kabul ediyorum.',
  privacy: 'Aydınlatma metni',
  honeypot: 'Bu alanı boş bırakın',
  send: 'Gönder',
  errorsTitle: TABLE_MSG.feedbackInvalid,
  thanksTitle: 'Teşekkür ederiz!',
  thanks: TABLE_MSG.feedbackSaved,
  backToMenu: 'Menüye dön',
  callSent: TABLE_MSG.callSent,
  callHint: { garson: 'Garsonunuz birazdan masanıza gelecek.', hesap: 'Hesabınız hazırlanıyor; garsonunuz birazdan masanıza gelecek.' },
  callRepeated: 'Çağrınız zaten iletildi.',
  tooManyTitle: 'Çok fazla gönderim',
  tooMany: TABLE_MSG.tooMany,
  tableTitle: 'Masa bulunamadı',
  tableInvalid: TABLE_MSG.tableInvalid,
  errors: {
    ratingsRequired: TABLE_MSG.ratingsRequired,
    ratingInvalid: TABLE_MSG.ratingInvalid,
    commentTooLong: TABLE_MSG.commentTooLong,
    nameTooLong: TABLE_MSG.nameTooLong,
    telInvalid: TABLE_MSG.telInvalid,
    kvkkRequired: TABLE_MSG.kvkkRequired,
  },
};
