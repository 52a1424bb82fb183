import { z } from 'zod';
import { optionalText } from './validation.js';

/** Tables of a business: the survey (Anket), waiter calls and table cards. Turkish texts in one place. */

/** The four survey criteria, in the order shown. */
export const CRITERIA = [
  { key: 'lezzet', label: 'Lezzet' },
  { key: 'servis', label: 'Servis' },
  { key: 'temizlik', label: 'Temizlik' },
  { key: 'fiyat', label: 'Fiyat/Performans' },
] as const;
export type CriterionKey = (typeof CRITERIA)[number]['key'];
export const CRITERION_KEYS = CRITERIA.map<CriterionKey>((c) => c.key);

export const FEEDBACK_LIMITS = { comment: 1000, name: 100, tel: 30 } as const;
/** Feedback entries per page of `GET /api/view-feedback`. */
export const FEEDBACK_PAGE_SIZE = 20;
/** Open waiter calls close themselves after this long. */
export const CALL_TTL_MINUTES = 30;
/** Most table cards in one PDF. */
export const MAX_CARDS = 300;

export const CALL_TYPES = ['garson', 'hesap'] as const;
export type CallType = (typeof CALL_TYPES)[number];

export const TABLE_MSG = {
  feedbackSaved: 'Geri bildiriminiz alındı. Teşekkür ederiz!',
  feedbackInvalid: 'Lütfen işaretli alanları düzeltin.',
  ratingsRequired: 'Lütfen en az bir konuyu 1 ile 5 arasında puanlayın.',
  ratingInvalid: (label: string) => `${label} puanı 1 ile 5 arasında bir tam sayı olmalıdır.`,
  commentTooLong: `Yorumunuz en fazla ${FEEDBACK_LIMITS.comment.toLocaleString('tr-TR')} karakter olabilir.`,
  nameTooLong: `Adınız en fazla ${FEEDBACK_LIMITS.name} karakter olabilir.`,
  telInvalid: 'Geçerli bir telefon numarası yazın (yalnızca rakam, boşluk, +, -, parantez).',
  kvkkRequired: 'Adınızı veya telefonunuzu paylaşıyorsanız KVKK onay kutusunu işaretleyin.',
  businessNotFound: 'İşletme bulunamadı.',
  tooMany: 'Çok fazla gönderim yaptınız. Lütfen 10 dakika sonra tekrar deneyin.',
  callSent: 'Garsonunuz haberdar edildi',
  tableInvalid: 'Geçerli bir masa numarası bulunamadı. Lütfen masanızdaki QR kodu yeniden okutun.',
  callTypeInvalid: 'Çağrı türü "garson" veya "hesap" olmalıdır.',
  callsListed: 'Açık çağrılar listelendi.',
  callDone: 'Çağrı tamamlandı.',
  feedbackListed: 'Geri bildirimler listelendi.',
  feedbackRead: 'Geri bildirim okundu olarak işaretlendi.',
  rangeInvalid: 'Masa aralığı "1-10" biçiminde, 1 ile masa sayınız arasında olmalıdır.',
  tooManyCards: `Tek seferde en fazla ${MAX_CARDS} masa kartı indirilebilir; lütfen bir aralık seçin (örneğin 1-50).`,
  cardScan: 'Menüyü görmek için okutun',
  table: (n: number) => `Masa ${n}`,
  /** The table card's Wi-Fi line (the branch's guest network). */
  cardWifi: (name: string, password: string | null) => (password ? `Wi-Fi: ${name} · Şifre: ${password}` : `Wi-Fi: ${name}`),
  noLogo: 'Henüz bir logonuz yok. Logoyu ortaya koymak için önce Ayarlar sayfasındaki Menü Görünümü bölümünden bir logo yükleyin.',
  logoNotFound: 'Logo bulunamadı.',
  optionInvalid: 'Bu seçenek yalnızca 1 (açık) veya 0 (kapalı) olabilir.',
} as const;

/** A rating: empty → not given; else an integer 1..5 (numbers or numeric strings from a form). */
const rating = (label: string) =>
  z.preprocess(
    (v) => (v == null || v === '' ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: TABLE_MSG.ratingInvalid(label) }).int(TABLE_MSG.ratingInvalid(label)).min(1, TABLE_MSG.ratingInvalid(label)).max(5, TABLE_MSG.ratingInvalid(label)).optional(),
  );

const checked = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'on' || v === 'true', z.boolean());

/**
 * `POST /api/store-feedback/{company}` and the survey form. `ratings` holds the four criteria (at
 * least one); name and phone only with the KVKK consent. `masa` is checked against the business
 * (an unknown table is dropped, not an error).
 */
export const feedbackSchema = z
  .object({
    ratings: z.preprocess(
      (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}),
      z.object({
        lezzet: rating('Lezzet'),
        servis: rating('Servis'),
        temizlik: rating('Temizlik'),
        fiyat: rating('Fiyat/Performans'),
      }),
    ),
    comment: z.preprocess(
      (v) => (v == null ? '' : typeof v === 'string' ? v.replace(/\r\n/g, '\n').trim() : v),
      z.string().max(FEEDBACK_LIMITS.comment, TABLE_MSG.commentTooLong),
    ),
    masa: z.unknown().optional(),
    name: optionalText(FEEDBACK_LIMITS.name).refine((v) => v === undefined || v.length <= FEEDBACK_LIMITS.name, TABLE_MSG.nameTooLong),
    tel: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
      z.string().max(FEEDBACK_LIMITS.tel, TABLE_MSG.telInvalid).regex(/^[0-9+()\s.-]*[0-9][0-9+()\s.-]*$/, TABLE_MSG.telInvalid).optional(),
    ),
    kvkk: checked,
  })
  .superRefine((v, ctx) => {
    if (!CRITERION_KEYS.some((k) => v.ratings[k] !== undefined)) ctx.addIssue({ code: 'custom', path: ['ratings'], message: TABLE_MSG.ratingsRequired });
    if ((v.name || v.tel) && !v.kvkk) ctx.addIssue({ code: 'custom', path: ['kvkk'], message: TABLE_MSG.kvkkRequired });
  });
export type FeedbackInput = z.infer<typeof feedbackSchema>;

/** `POST /api/call-waiter/{company}`: `masa` is checked against the business's table count. */
export const callSchema = z.object({
  masa: z.unknown(),
  type: z.enum(CALL_TYPES, { error: TABLE_MSG.callTypeInvalid }),
});

/** Table number from a query or a body: an integer 1..deskcount, else undefined (ignored). */
export function tableNumber(raw: unknown, deskcount: number | null | undefined): number | undefined {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9][0-9]{0,5}$/.test(s)) return undefined;
  const n = Number(s);
  return deskcount && n <= deskcount ? n : undefined;
}

export type Ratings = Record<CriterionKey, number | null>;

// The answers' types (FeedbackItem, ViewFeedbackResponse, WaiterCall, WaiterCallsResponse, WaiterEvent)
// are z.infer of their schemas in responses.ts and responses-menu.ts.
