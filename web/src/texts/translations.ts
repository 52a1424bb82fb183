/** Owner area texts of menu languages (Çeviriler page, languages in Ayarlar). */
export const TRANSLATIONS_NAV = 'Çeviriler';

export const TRANSLATIONS_TEXT = {
  title: 'Çeviriler',
  subtitle: 'Menünüzü yabancı misafirleriniz için çevirin. Çevirisi olmayan ürünler menüde Türkçe görünür.',
  loading: 'Çeviriler yükleniyor…',
  noLanguages: 'Henüz ek bir menü dili seçmediniz.',
  noLanguagesHint: 'Ayarlar sayfasından İngilizce, Almanca, Rusça, Arapça veya Fransızca dillerini seçebilirsiniz.',
  toSettings: 'Ayarlara git',
  empty: 'Çevrilecek kategori, ürün veya işletme yazısı yok. Önce menünüze kategori ve ürün ekleyin.',
  languageTabs: 'Menü dilleri',
  completeness: (n: number) => `%${n} tamamlandı`,
  turkish: 'Türkçe',
  name: 'Ad',
  description: 'Açıklama',
  portion: (turkish: string) => `Porsiyon: ${turkish}`,
  allergen: 'Alerjen bilgisi',
  business: 'İşletme yazıları',
  businessHint: 'Menünüzün başında ve fiyatların yanında görünen yazılar.',
  about: 'Hakkında',
  serviceNote: 'Menü notu',
  wifiName: 'Wi-Fi adı',
  category: 'Kategori',
  product: 'Ürün',
  save: 'Çevirileri kaydet',
  saving: 'Kaydediliyor...',
} as const;

export const LANGUAGES_SETTING_TEXT = {
  legend: 'Menü dilleri',
  hint: (n: number) => `Türkçe her zaman menünüzün ana dilidir. Paketiniz Türkçeye ek ${n} dile izin verir. Çevirileri Çeviriler sayfasından girersiniz.`,
} as const;
