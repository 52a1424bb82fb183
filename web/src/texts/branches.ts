/** Turkish texts of the owner's branch screens (Şubeler, Şube fiyatları) and the branch switcher. */
export const BRANCHES_NAV = 'Şubeler';
export const BRANCH_PRICES_NAV = 'Şube fiyatları';

export const BRANCHES_TEXT = {
  title: 'Şubeler',
  subtitle: 'Şubeleriniz aynı menüyü paylaşır; her şubenin kendi menü adresi, adresi, telefonu, masaları ve Wi-Fi bilgisi olur.',
  limit: (plan: string, limit: number | null, used: number) =>
    limit == null ? `${plan} planında şube sınırı yok; ${used} şubeniz var.` : `${plan} planında ana şube dahil ${limit} şube hakkınız var; ${used} tanesi kullanılıyor.`,
  full: 'Plan sınırına ulaştınız. Daha fazla şube için planınızı yükseltin.',
  main: 'Ana şube',
  mainHint: 'Ana şube işletmenizin kendisidir; bilgilerini Ayarlar ekranından değiştirirsiniz ve silinemez.',
  toSettings: 'Ayarlara git',
  address: 'Menü adresi',
  views: (n: number) => `${n.toLocaleString('tr-TR')} görüntülenme`,
  openMenu: 'Menüyü aç',
  edit: 'Düzenle',
  remove: 'Sil',
  prices: 'Fiyatlar',
  newTitle: 'Yeni şube',
  editTitle: (name: string) => `${name} şubesini düzenle`,
  name: 'Şube adı',
  nameHint: 'Örneğin Kadıköy. Menüde işletme adınızın yanında görünür.',
  street: 'Adres',
  city: 'Şehir',
  cityMain: 'Ana şubenin şehri',
  tel: 'Telefon',
  deskcount: 'Masa sayısı',
  wifiName: 'Wi-Fi adı',
  wifiPassword: 'Wi-Fi şifresi',
  slug: 'Menü adresi (isteğe bağlı)',
  slugHint: 'Boş bırakırsanız işletme ve şube adından yapılır. Sonradan değiştirilemez: basılı QR kodlar çalışmaya devam eder.',
  save: 'Kaydet',
  create: 'Şube ekle',
  saving: 'Kaydediliyor…',
  cancel: 'Vazgeç',
  empty: 'Henüz ek şubeniz yok',
  emptyText: 'Yukarıdaki formdan ilk şubenizi ekleyin; menünüz o şubenin adresinde de açılır.',
  deleteTitle: 'Şube silinsin mi?',
  deleteText: (name: string) => `“${name}” şubesi, şubeye özel fiyatlarıyla birlikte silinir ve menü adresi artık açılmaz. Bu işlem geri alınamaz.`,
  deleteYes: 'Evet, sil',
  deleteNo: 'Vazgeç',
  loadError: 'Şubeler yüklenemedi. Sayfayı yenileyin.',
} as const;

export const BRANCH_PRICES_TEXT = {
  title: 'Şube fiyatları',
  subtitle: 'Bir şubede ürünün fiyatını değiştirin, ürünü o şubede menüden kaldırın ya da tükendi olarak işaretleyin. Boş fiyat ortak fiyattır.',
  branch: 'Şube',
  noBranches: 'Şube fiyatları için önce bir şube ekleyin',
  noBranchesText: 'Ana şubenin fiyatları ürünün kendisidir; ek şubeler Şubeler ekranından eklenir.',
  toBranches: 'Şubelere git',
  product: 'Ürün',
  shared: 'Ortak fiyat',
  price: 'Şube fiyatı (TL)',
  priceOf: (name: string) => `${name}: şube fiyatı (TL)`,
  unavailable: 'Bu şubede yok',
  soldOut: 'Tükendi',
  save: 'Kaydet',
  reset: 'Ortak ayara dön',
  overridden: 'Şubeye özel',
  noProducts: 'Henüz ürün yok',
  search: 'Ürün ara',
  loadError: 'Şube fiyatları yüklenemedi. Sayfayı yenileyin.',
} as const;

export const BRANCH_SWITCHER_TEXT = {
  label: 'Şube',
  hint: 'Şube fiyatları, QR Menü ve Fiyat Listesi ekranları seçili şubeyi gösterir.',
} as const;

/** The branch picker of the QR screen and the price list screen (from the second branch on). */
export const BRANCH_PICKER_TEXT = {
  label: 'Şube',
  qrHint: 'Menü adresi, QR kodları ve masa kartları seçtiğiniz şubenindir; masa kartlarında şubenin adı ve Wi-Fi bilgisi yazar.',
  priceListHint: 'Listeler, sürümler ve denetim seçtiğiniz şubenindir: şubenin fiyatları yazar, o şubede olmayan ürünler listede yer almaz.',
  noTablesBranch: 'Bu şube için masa sayısı girilmemiş.',
  toBranches: 'Şubeler ekranından masa sayısını girin.',
} as const;

/** The bulk price change's branch choice (Toplu İşlemler). */
export const BULK_BRANCHES_TEXT = {
  legend: 'Şubeler',
  hint: 'Seçtiğiniz şubelerin fiyatları değişir. Kendi fiyatı olmayan şube, ana şube seçiliyse ortak fiyatı izler; seçili değilse şubeye özel fiyat yazılır.',
} as const;

/** The admin's business page: the account's extra branches. */
export const ADMIN_BRANCHES_TEXT = {
  title: (n: number) => `Şubeler (${n} ek şube)`,
  hint: 'Ana şube bu işletmenin kendisidir; ek şubeler aynı menüyü kendi adreslerinde sunar.',
} as const;

/** The branch filter of the owner's lists (Geri Bildirimler). */
export const BRANCH_FILTER_TEXT = {
  label: 'Şube',
  all: 'Tüm şubeler',
} as const;
