import { z } from 'zod';
import { FIELD_MSG } from './messages.js';
import { optionalText, requiredText } from './validation.js';
import type { AllergenCode } from './menu-content.js';
import type { publicCategorySchema, publicCompanySchema, publicProductSchema } from './responses.js';

/** Turkish texts of the public area (contact form answers, diner's menu pages). */
export const PUBLIC_MSG = {
  // spec §8: exact texts of the contact form outcomes
  messageSent: 'Mesaj Başarıyla Gönderildi',
  missingFields: 'Eksik Alanları Doldurunuz',
  nameRequired: 'Adınızı yazın.',
  mailRequired: 'E-posta adresinizi yazın.',
  mailInvalid: 'Geçerli bir e-posta adresi yazın (örneğin ad@ornek.com).',
  telRequired: 'Telefon numaranızı yazın.',
  telInvalid: 'Geçerli bir telefon numarası yazın (yalnızca rakam, boşluk, +, -, parantez).',
  messageRequired: 'Mesajınızı yazın.',
  // public menu API
  menuListed: 'Menü listelendi.',
  businessNotFound: 'İşletme bulunamadı.',
  categoryNotFound: 'Kategori bulunamadı.',
} as const;

/** Limits of the contact form fields (characters). */
export const CONTACT_LIMITS = { name: 100, surname: 100, companyname: 150, mail: 191, tel: 30, message: 5000 } as const;

const mail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: PUBLIC_MSG.mailRequired })
    .min(1, PUBLIC_MSG.mailRequired)
    .max(CONTACT_LIMITS.mail, FIELD_MSG.tooLong(CONTACT_LIMITS.mail))
    .email(PUBLIC_MSG.mailInvalid),
);

const tel = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: PUBLIC_MSG.telRequired })
    .min(1, PUBLIC_MSG.telRequired)
    .max(CONTACT_LIMITS.tel, FIELD_MSG.tooLong(CONTACT_LIMITS.tel))
    .regex(/^[0-9+()\s.-]*[0-9][0-9+()\s.-]*$/, PUBLIC_MSG.telInvalid),
);

/** POST /api/store-message: landing (name, mail, tel, message) and /iletisim (+ surname, companyname). */
export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, PUBLIC_MSG.nameRequired),
  surname: optionalText(CONTACT_LIMITS.surname),
  companyname: optionalText(CONTACT_LIMITS.companyname),
  mail,
  tel,
  message: requiredText(CONTACT_LIMITS.message, PUBLIC_MSG.messageRequired),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** What a menu header, a category and a product card need: the response schemas' own types (responses.ts). */
export type PublicCompany = z.infer<typeof publicCompanySchema>;
export type PublicCategory = z.infer<typeof publicCategorySchema>;
export type PublicProduct = z.infer<typeof publicProductSchema>;

/** A search result: the product with its category. */
export interface PublicSearchProduct extends PublicProduct {
  category: { id: number; name: string };
}

/** GET /api/getCategory/{company} */
export interface GetCategoryResponse {
  status: 200;
  message: string;
  company: PublicCompany;
  category: PublicCategory[];
  /** The menu's languages, `tr` first; `lang`: the language of this answer. */
  languages?: string[];
  lang?: string;
}

/** GET /api/getProduct/{id} */
export interface GetProductResponse {
  status: 200;
  message: string;
  company: PublicCompany;
  product_data: {
    product: PublicProduct[];
    category: PublicCategory;
    /** With `?haric=`: the excluded allergen codes and how many products they hid. */
    haric?: AllergenCode[];
    hidden?: number;
  };
  languages?: string[];
  lang?: string;
}

/** Text of the small link on Başlangıç (ad-supported) menus. */
export const MADE_WITH = 'QR Menü ile hazırlandı';
