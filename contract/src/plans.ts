/** Plan levels (spec §9). `userlevel` is stored and exchanged as the string '0' | '1' | '2'. */
export const USER_LEVELS = ['0', '1', '2'] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

export interface Plan {
  level: UserLevel;
  name: string;
  /** Monthly price in TL; 0 = free. */
  priceTl: number;
  /** Products per menu. */
  productLimit: number;
  /** Menu views per month; null = unlimited. */
  monthlyViews: number | null;
  features: string[];
  /** Whether the menu carries the small "QR Menü ile hazırlandı" link. */
  adSupported: boolean;
  /** Menu languages besides Turkish. */
  languages: number;
  /** Registration button of the pricing table is available (false → "Yakında"). */
  available: boolean;
}

export const PLANS: Record<UserLevel, Plan> = {
  '0': {
    level: '0', name: 'Başlangıç', priceTl: 0, productLimit: 30, monthlyViews: null, adSupported: true, available: true, languages: 5,
    features: ['Menü başına 30 ürün', 'Sınırsız görüntülenme', 'Reklam destekli menü', 'Türkçeye ek 5 menü dili', 'Analiz'],
  },
  '1': {
    level: '1', name: 'Standart', priceTl: 40, productLimit: 150, monthlyViews: 10_000, adSupported: false, available: false, languages: 5,
    features: ['Aylık 10.000 menü görüntülenmesi', 'Menü başına 150 ürün', 'Türkçeye ek 5 menü dili', 'Analiz', 'Profesyonel destek'],
  },
  '2': {
    level: '2', name: 'Profesyonel', priceTl: 150, productLimit: 500, monthlyViews: 100_000, adSupported: false, available: false, languages: 5,
    features: ['Aylık 100.000 menü görüntülenmesi', 'Menü başına 500 ürün', 'Türkçeye ek 5 menü dili', 'Analiz', 'Profesyonel destek'],
  },
};

export function planOf(level: string | null | undefined): Plan {
  return PLANS[(USER_LEVELS as readonly string[]).includes(level ?? '') ? (level as UserLevel) : '0'];
}
