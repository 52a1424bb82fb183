import type { LabelCode } from '@qrmenu/contract';

/** Turkish texts of the diner's menu pages. */
export const MENU_TEXT = {
  menu: 'Menü',
  survey: 'Anket',
  welcome: 'Hoş geldiniz',
  redirecting: 'Menüye yönlendiriliyorsunuz…',
  categoriesTitle: 'Menü',
  noCategories: 'Bu menüde henüz kategori bulunmuyor.',
  noProducts: 'Bu kategoride henüz ürün bulunmuyor.',
  back: 'Tüm kategoriler',
  allergen: 'Alerjen',
  /** The footer's link on ad-supported plans (contract MADE_WITH). */
  madeWith: 'QR Menü ile hazırlandı',
  home: 'Ana sayfaya dön',
  /** the menu footer's link to the printable price list (issue 41) */
  priceList: 'Fiyat listesi',
  landingDescription: (name: string) => `${name} dijital menüsü: QR kodu okutun, menüye hemen göz atın.`,
  categoriesDescription: (name: string) => `${name} menüsünün kategorileri.`,
  productsDescription: (name: string, category: string) => `${name} menüsü: ${category}.`,
  businessNotFoundTitle: 'Menü bulunamadı',
  businessNotFound: 'Aradığınız işletmenin menüsü bulunamadı. Lütfen QR kodu yeniden okutun veya adresi kontrol edin.',
  passiveTitle: 'Menü kullanılamıyor',
  passive: 'Bu menü şu anda kullanılamıyor',
  categoryNotFoundTitle: 'Kategori bulunamadı',
  categoryNotFound: 'Aradığınız kategori bu menüde bulunamadı veya şu anda yayında değil.',
  pageNotFoundTitle: 'Sayfa bulunamadı',
  pageNotFound: 'Aradığınız sayfa bulunamadı.',
  soldOut: 'Tükendi',
  discount: 'İndirim',
  oldPrice: 'Eski fiyat',
  allergens: 'İçerir',
  labels: 'Etiketler',
  portions: 'Porsiyonlar',
  undeclared: 'Alerjen bilgisi girilmemiş',
  filterSummary: 'Alerjen filtresi',
  filterLegend: 'İçermesin:',
  filterApply: 'Uygula',
  filterClear: 'Filtreyi kaldır',
  hidden: (n: number) => (n > 0 ? `${n} ürün seçtiğiniz alerjenleri içerdiği için gizlendi.` : 'Seçtiğiniz alerjenleri içeren ürün yok.'),
  undeclaredNote: 'Alerjen bilgisi girilmemiş ürünler gizlenmez; lütfen personele danışın.',
  searchLabel: 'Menüde ara',
  searchPlaceholder: 'Ürün adı, örneğin çay',
  searchButton: 'Ara',
  searchTitle: 'Arama',
  searchDescription: (name: string) => `${name} menüsünde arama.`,
  searchPrompt: 'Aramak istediğiniz ürünün adını yazın.',
  searchResults: (q: string, n: number) => `“${q}” için ${n} ürün bulundu.`,
  searchNone: (q: string) => `“${q}” ile eşleşen ürün bulunamadı.`,
} as const;

/** A short text mark beside each label's name (text, not colour alone; no emoji font needed). */
export const LABEL_MARK: Record<LabelCode, string> = { vejetaryen: 'V', vegan: 'VG', glutensiz: 'GF', aci: 'A', yeni: 'Y', sefin_onerisi: 'Ş' };
