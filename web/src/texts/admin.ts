/** Admin area texts (spec §2 "Admin area"). */
export const ADMIN_NAV = {
  home: 'Anasayfa',
  users: 'Kullanıcılar',
  categories: 'Kategoriler',
  products: 'Ürünler',
  settings: 'Ayarlar',
  messages: 'İletişim',
} as const;

export const LEVEL_LABELS: Record<string, string> = { '0': 'Başlangıç', '1': 'Standart', '2': 'Profesyonel' };

export const TOAST = {
  success: 'Başarılı',
  notFound: 'Bulunamadı',
  invalid: 'All fields are mandetory',
} as const;

export const USERS_TEXT = {
  title: 'Kullanıcılar',
  subtitle: 'Kayıtlı işletme hesapları. Seviye, durum ve QR ayarlarını düzenlemek için Düzenle bağlantısını kullanın.',
  loading: 'Loading Category',
  empty: 'Henüz kayıtlı işletme yok',
  emptyText: 'İşletmeler kayıt oldukça burada listelenir.',
  search: 'Ad, firma, e-posta veya şehir ara…',
  count: (n: number) => `${n} işletme`,
  cols: {
    id: 'ID',
    name: 'Ad',
    companyname: 'Firma Adı',
    address: 'Adres',
    city: 'Şehir',
    tel: 'Tel',
    deskcount: 'Masa Sayısı',
    qr: 'QR',
    count: 'Görüntülenme Sayısı',
    qrStatus: 'QR Durum',
    status: 'Kullanıcı Durum',
    level: 'Seviye',
    createdAt: 'Hesap Açılış Tarihi',
    edit: 'Düzenle',
  },
  noQr: 'Henüz yok',
  noCity: '—',
  /** The business-name link of an account that has not named its business yet. */
  noCompany: 'İşletme adı yok',
} as const;

export const EDIT_USER_TEXT = {
  title: 'Kullanıcı Düzenle',
  back: 'Kullanıcılara dön',
  loading: 'Loading Edit User',
  notFound: 'Kullanıcı bulunamadı',
  notFoundText: 'Bu numarayla kayıtlı bir işletme yok. Listeden bir işletme seçin.',
  account: 'Hesap',
  sections: { profile: 'İşletme bilgileri', menu: 'Menü adresi ve QR', plan: 'Plan ve durum' },
  name: 'Adı Soyadı',
  companyname: 'Firma Adı',
  address: 'Adres',
  city: 'Şehir',
  tel: 'Telefon',
  deskcount: 'Masa Sayısı',
  qrlink: 'QR Linki',
  companyengname: 'Firma İngilizce Adı',
  companyengnameHint: 'Menü adresindeki ad (küçük harf, rakam, tire). QR linki ile aynı olmalıdır: …/qr/firma-adi',
  qrlinkHint: 'Boş bırakılırsa İngilizce ada göre otomatik oluşturulur.',
  slugChangeWarning: 'Menü adresi değişiyor. Eski adres (basılı QR kodları) yeni adrese yönlenmeye devam eder.',
  count: 'Görüntülenme Sayısı (QR)',
  qrStatus: 'QR Durum',
  qrStatusHint: 'Değiştirilemez: menü adresi kilitlidir; yalnızca yöneticinin bu formdaki açık değişikliği onu değiştirir.',
  qrStatusOptions: { '1': 'Değiştirilebilir', '0': 'Değiştirilemez' },
  status: 'Durum',
  statusHint: 'Pasif hesap giriş yapamaz, açık oturumları kapatılır ve menüsü ziyaretçilere kapalı görünür.',
  statusOptions: { '1': 'Aktif', '0': 'Pasif' },
  userlevel: 'Seviye',
  levelHint: (limit: number, views: string) => `Ürün sınırı: ${limit} · Aylık görüntülenme: ${views}`,
  unlimited: 'sınırsız',
  submit: 'Ayarla',
  submitting: 'Kaydediliyor…',
  openMenu: 'Menüyü aç',
} as const;

export const TABLE_TEXT = {
  search: (n: number) => `${n.toLocaleString('tr-TR')} kayıt içinde ara…`,
  searchLabel: 'Tabloda ara',
  filter: (col: string) => `${col} filtrele`,
  filterPlaceholder: 'Filtrele…',
  all: 'Tümü',
  pageSize: 'Sayfa başına',
  show: (n: number) => `${n} göster`,
  first: 'İlk sayfa',
  prev: 'Önceki sayfa',
  next: 'Sonraki sayfa',
  last: 'Son sayfa',
  page: 'Sayfa',
  goTo: 'Sayfaya git',
  go: 'Git',
  goToHint: (pages: number) => `1 ile ${pages.toLocaleString('tr-TR')} arasında bir sayfa numarası yazın`,
  /** capped: the search matched more than the server counts (its cap), so the last page is "at least". */
  of: (x: number, y: number, capped = false) => `Sayfa ${x} / ${y}${capped ? '+' : ''}`,
  shown: (from: number, to: number, total: number, capped = false) =>
    total === 0 ? '0 kayıt' : `${from}–${to} / ${capped ? `${total.toLocaleString('tr-TR')}+` : total} kayıt`,
  noResults: 'Aramanızla eşleşen kayıt yok.',
  clear: 'Filtreleri temizle',
  sortHint: 'Sıralamak için tıklayın',
  loading: 'Yükleniyor…',
} as const;

export const CATEGORIES_TEXT = {
  title: 'Kategoriler',
  subtitle: 'Tüm işletmelerin menü kategorileri.',
  loading: 'Kategoriler yükleniyor…',
  empty: 'Henüz kategori yok',
  emptyText: 'İşletmeler menülerine kategori ekledikçe burada görünür.',
  cols: { id: 'ID', name: 'Kategori Adı', business: 'İşletme', products: 'Ürün Sayısı', count: 'Görüntülenme', status: 'Durum', createdAt: 'Oluşturulma' },
} as const;

export const PRODUCTS_TEXT = {
  title: 'Ürünler',
  subtitle: 'Tüm işletmelerin menü ürünleri.',
  loading: 'Ürünler yükleniyor…',
  empty: 'Henüz ürün yok',
  emptyText: 'İşletmeler menülerine ürün ekledikçe burada görünür.',
  cols: { id: 'ID', image: 'Görsel', name: 'Ürün Adı', category: 'Kategori Adı', business: 'İşletme', price: 'Satış Fiyatı', status: 'Durum', createdAt: 'Oluşturulma' },
} as const;

export const MESSAGES_TEXT = {
  title: 'İletişim',
  subtitle: 'İletişim formundan gelen mesajlar, en yenisi üstte.',
  loading: 'Mesajlar yükleniyor…',
  empty: 'Henüz mesaj yok',
  emptyText: 'Ziyaretçiler iletişim formunu doldurduğunda mesajlar burada görünür.',
  unreadCount: (n: number) => (n === 0 ? 'Okunmamış mesaj yok' : `${n} okunmamış mesaj`),
  unread: 'Okunmadı',
  read: 'Okundu',
  markRead: 'Okundu olarak işaretle',
  markUnread: 'Okunmadı olarak işaretle',
  filters: { all: 'Tümü', unread: 'Okunmamış' },
  noUnread: 'Okunmamış mesaj yok.',
  noResults: 'Aramanızla eşleşen mesaj yok.',
  company: 'Firma',
  reply: 'E-posta ile yanıtla',
  call: 'Ara',
} as const;

export const SETTINGS_TEXT = {
  title: 'Ayarlar',
  subtitle: 'Yönetici hesabınızın bilgileri ve şifresi.',
  loading: 'Hesap bilgileri yükleniyor…',
  account: 'Hesap bilgileri',
  name: 'Adınız Soyadınız',
  email: 'E-posta adresi',
  saveAccount: 'Bilgileri Kaydet',
  password: 'Şifre değiştir',
  passwordText: 'Şifrenizi değiştirdiğinizde bu cihaz dışındaki tüm oturumlarınız kapatılır.',
  currentPassword: 'Mevcut şifre',
  newPassword: 'Yeni şifre',
  newPasswordHint: 'En az 8 karakter.',
  confirmPassword: 'Yeni şifre (tekrar)',
  mismatch: 'Şifreler birbiriyle aynı değil.',
  savePassword: 'Şifreyi Değiştir',
  saving: 'Kaydediliyor…',
} as const;

export const DASHBOARD_TEXT = {
  title: 'Anasayfa',
  subtitle: 'Hizmetin genel durumu.',
  loading: 'Özet yükleniyor…',
  businesses: 'İşletmeler',
  activePassive: (a: number, p: number) => `${a} aktif · ${p} pasif`,
  products: 'Ürünler',
  productsSub: (a: number, c: number) => `${a} aktif · ${c} kategori`,
  views: 'Toplam görüntülenme',
  viewsMonth: (n: string) => `Bu ay ${n}`,
  unread: 'Okunmamış mesaj',
  feedback: 'Geri bildirim',
  feedbackSub: 'Müşterilerin Anket ile gönderdiği, tüm işletmeler',
  orders: 'Bugünkü siparişler',
  ordersSub: (week: string, month: string, on: string) => `Son 7 gün ${week} · son 30 gün ${month} · masadan sipariş açık ${on} işletme`,
  toMessages: 'Mesajlara git',
  plans: 'Planlara göre işletmeler',
  chart: 'Son 30 gün menü görüntülenmeleri',
  chartViews: 'Görüntülenme',
  overQuota: 'Aylık görüntülenme kotasını aşanlar',
  overQuotaNone: 'Bu ay kotasını aşan işletme yok.',
  overQuotaRow: (views: string, limit: string) => `${views} / ${limit}`,
  newest: 'En yeni işletmeler',
  newestNone: 'Henüz kayıtlı işletme yok.',
  allUsers: 'Tüm kullanıcılar',
  passive: 'Pasif',
  planLimits: (products: number, views: string | null) => `${products} ürün · ${views == null ? 'sınırsız görüntülenme' : `${views} görüntülenme/ay`}`,
  edit: 'Düzenle',
} as const;

/** The account's extra branches in the users table (issue 43: branches under their account). */
export const USERS_BRANCHES_TEXT = {
  col: 'Şubeler',
  filterPlaceholder: 'Şube adı…',
  count: (n: number) => `${n} ek şube`,
  views: (n: string) => `${n} görüntülenme`,
  menu: 'Menüsü',
} as const;
