import { HOURS_TEXT } from './branding';

/** The "Servis saatleri" and "Happy hour" sections of the category and product forms (issue 43). */
export const SERVICE_TEXT = {
  section: 'Servis saatleri',
  categoryHint: 'Kategori yalnızca bu saatlerde servis edilir (örneğin Kahvaltı 08:00–12:00). Saatler Türkiye saatidir; gece yarısını geçen bir aralık başladığı güne aittir (Cuma 22:00–02:00).',
  productHint: 'Ürün yalnızca bu saatlerde servis edilir. Kategorinin saatleri dışında ürün, kategorisine uyar.',
  always: 'Servis saati girilmedi: menüde her zaman görünür.',
  presets: 'Hızlı seçim',
  weekdays: 'Hafta içi',
  weekend: 'Hafta sonu',
  everyDay: 'Her gün',
  presetHint: 'Seçilen günlere ilk açık günün saatleri uygulanır.',
  outside: 'Saatleri dışında',
  outsideHide: 'Menüde gizle',
  outsideShow: 'Soluk göster: "Saat 08:00–12:00 arası servis edilir"',
  happy: 'Happy hour',
  happyHint: 'Bu saatlerde menüde happy hour fiyatı gösterilir, normal fiyat üstü çizili görünür. Porsiyonlu ürünlerde kullanılamaz.',
  happyNone: 'Happy hour yok.',
  happyAdd: 'Happy hour ekle',
  happyRemove: 'Happy hour’ı kaldır',
  happyPrice: 'Happy hour fiyatı (₺)',
  /** The week editor's words for service hours. */
  editor: {
    ...HOURS_TEXT,
    open: 'Var',
    closed: 'Yok',
    openToggle: (day: string) => `${day} servis var`,
    from: (day: string, n: number) => `${day} ${n}. aralık başlangıç`,
    to: (day: string, n: number) => `${day} ${n}. aralık bitiş`,
    allDay: 'Başlangıç ve bitiş aynı olamaz',
    copyMonday: 'Pazartesiyi tüm günlere kopyala',
    clear: 'Servis saatlerini kaldır',
    notSet: 'Servis saati girilmedi: menüde her zaman görünür.',
    notSetButton: 'Servis saati ekle',
  },
} as const;
