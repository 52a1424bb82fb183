import { z } from 'zod';

/** The 14 allergens of the Turkish Food Codex labelling regulation (the EU 14): code → Turkish name. */
export const ALLERGENS = {
  gluten: 'Gluten içeren tahıllar',
  kabuklular: 'Kabuklular',
  yumurta: 'Yumurta',
  balik: 'Balık',
  yer_fistigi: 'Yer fıstığı',
  soya: 'Soya',
  sut: 'Süt',
  sert_kabuklu: 'Sert kabuklu meyveler',
  kereviz: 'Kereviz',
  hardal: 'Hardal',
  susam: 'Susam',
  sulfit: 'Kükürt dioksit ve sülfitler',
  acibakla: 'Acı bakla',
  yumusakcalar: 'Yumuşakçalar',
} as const;
export type AllergenCode = keyof typeof ALLERGENS;
export const ALLERGEN_CODES = Object.keys(ALLERGENS) as AllergenCode[];

/** Diet and menu labels: code → Turkish name. */
export const LABELS = {
  vejetaryen: 'Vejetaryen',
  vegan: 'Vegan',
  glutensiz: 'Glutensiz',
  aci: 'Acı',
  yeni: 'Yeni',
  sefin_onerisi: 'Şefin önerisi',
} as const;
export type LabelCode = keyof typeof LABELS;
export const LABEL_CODES = Object.keys(LABELS) as LabelCode[];

/** At most this many portions (name + price) per product. */
export const MAX_VARIANTS = 6;

export const MENU_CONTENT_MSG = {
  variantName: 'Porsiyon adı 1–40 karakter olmalıdır.',
  variantPrice: 'Porsiyon fiyatı 0 veya daha büyük bir sayı olmalıdır.',
  variantsMax: `En fazla ${MAX_VARIANTS} porsiyon ekleyebilirsiniz.`,
} as const;

export const variantSchema = z.object({
  name: z.string().trim().min(1, MENU_CONTENT_MSG.variantName).max(40, MENU_CONTENT_MSG.variantName),
  price: z.number({ error: MENU_CONTENT_MSG.variantPrice }).min(0, MENU_CONTENT_MSG.variantPrice),
});
export type Variant = z.infer<typeof variantSchema>;
