/** Owner texts of menu content: order, sold out, allergens and labels, portions, list filters. */
export const SORT_TEXT = {
  handle: (name: string) => `Sırala: ${name}`,
  hint: 'Sırayı ⠿ tutamağını sürükleyerek ya da klavyeyle (Boşluk, oklar, Boşluk) değiştirin; menü bu sırayla görünür.',
  saved: 'Sıralama kaydedildi.',
  failed: 'Sıralama kaydedilemedi; önceki sıra geri yüklendi.',
  instructions:
    'Taşımak için Boşluk veya Enter tuşuna basın. Taşırken ok tuşlarıyla yeri seçin, bırakmak için yeniden Boşluk veya Enter, vazgeçmek için Escape tuşuna basın.',
  picked: (name: string) => `${name} taşınmak üzere alındı.`,
  over: (name: string, over: string) => `${name}, ${over} sırasına taşınıyor.`,
  dropped: (name: string, over: string) => `${name}, ${over} sırasına bırakıldı.`,
  cancelled: (name: string) => `${name} taşınmadı; sıra değişmedi.`,
  col: 'Sıra',
  roleDescription: 'sıralanabilir öğe',
} as const;

export const SOLD_OUT_TEXT = {
  label: 'Tükendi',
  col: 'Tükendi',
  switchLabel: (name: string) => `Tükendi: ${name}`,
  failed: 'Tükendi durumu değiştirilemedi.',
  form: 'Tükendi',
  formHint: 'Ürün menüde kalır; gri görünür ve "Tükendi" rozeti taşır. Pasif ürünler ise menüde hiç görünmez.',
} as const;

export const PRODUCT_CONTENT_TEXT = {
  otherAllergens: 'Diğer alerjenler (listede olmayan bir alerjen madde varsa belirtiniz)',
  otherAllergensHint: 'Yukarıdaki 14 alerjenden biri ise listeden işaretleyin. Buraya yazdıklarınız menüde aynı "İçerir" satırında görünür.',
  allergens: 'Alerjenler (içerdikleri)',
  allergensHint: 'İşaretledikleriniz menüde gösterilir; müşteriler "İçermesin" filtresiyle bu ürünleri gizleyebilir. Hiçbirini işaretlemezseniz ürün "Alerjen bilgisi girilmemiş" olarak görünür.',
  labels: 'Etiketler',
  portions: 'Porsiyonlar',
  portionsHint: 'Örneğin Küçük / Büyük ya da Yarım / Tam porsiyon; en fazla 6. Porsiyon girerseniz Satış Fiyatı isteğe bağlıdır.',
  portionName: (n: number) => `${n}. porsiyon adı`,
  portionPrice: (n: number) => `${n}. porsiyon fiyatı`,
  portionNamePlaceholder: 'Örn. Küçük',
  portionPricePlaceholder: 'Örn. 60',
  addPortion: 'Porsiyon ekle',
  removePortion: (n: number) => `${n}. porsiyonu kaldır`,
  remove: 'Kaldır',
  portionNameMissing: 'Her porsiyonun bir adı olmalı (en fazla 40 karakter).',
  portionPriceInvalid: 'Her porsiyonun fiyatı 0 veya daha büyük bir sayı olmalı (örneğin 60 ya da 12,50).',
  maxPortions: (n: number) => `En fazla ${n} porsiyon eklenebilir.`,
  priceOptional: 'Türk lirası (₺); kuruş için virgül kullanabilirsiniz. Porsiyon girdiyseniz boş bırakabilirsiniz.',
  originalPrice: 'İndirimden önceki fiyat',
  originalPriceHint: 'Kampanya için: satış fiyatından yüksekse menüde üstü çizili gösterilir, yanında "İndirim" rozeti olur. Boş bırakırsanız ya da satış fiyatından yüksek değilse müşteriler görmez.',
  discount: 'İndirim',
  portionsCount: (n: number) => `${n} porsiyon`,
} as const;

export const LIST_FILTER_TEXT = {
  category: 'Kategoriye göre',
  allCategories: 'Tüm kategoriler',
  search: 'Ürün adında ara',
  searchPlaceholder: 'Örn. çay',
  shown: (n: number, total: number) => (n === total ? `${total} ürün` : `${total} üründen ${n} tanesi gösteriliyor`),
  noMatchTitle: 'Bu filtreye uyan ürün yok',
  noMatchText: 'Arama sözcüğünü kısaltın ya da "Tüm kategoriler"i seçin. Türkçe harfler fark etmez: "cay" yazarak "Çay"ı bulabilirsiniz.',
  clear: 'Filtreyi temizle',
  emptyCategory: 'Bu kategoride ürün yok.',
} as const;

/** The one-click list that turns a free-text allergen note naming one of the 14 into codes. */
export const ALLERGEN_SUGGESTION_TEXT = {
  title: 'Alerjen notlarınız listeden işaretlenebilir',
  intro: (n: number) =>
    `${n} ürünün "Diğer alerjenler" notu, listedeki 14 alerjenden birini adlandırıyor. Listeden işaretlenen alerjenler menüde müşterinin dilinde görünür ve "İçermesin" filtresi onları tanır. Dönüştürmek istediklerinizi seçin; seçmedikleriniz olduğu gibi kalır.`,
  choose: (name: string) => `Dönüştür: ${name}`,
  note: 'Not',
  becomes: 'İşaretlenecek',
  rest: 'Notta kalacak',
  nothingLeft: 'Not boşalır',
  apply: (n: number) => (n === 1 ? 'Seçilen 1 ürünü dönüştür' : `Seçilen ${n} ürünü dönüştür`),
  applying: 'Dönüştürülüyor...',
  noneChosen: 'Dönüştürülecek ürünleri seçin.',
} as const;
