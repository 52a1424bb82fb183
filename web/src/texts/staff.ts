/** Turkish texts of the staff screens: the owner's Personel screen, the invitation page and /personel. */
export const STAFF_NAV = 'Personel';

export const STAFF_TEXT = {
  title: 'Personel',
  subtitle: 'Garson, mutfak ve yönetici hesaplarını e-postayla davet edin; rollerini değiştirin ya da erişimlerini kaldırın.',
  inviteTitle: 'Personel davet et',
  inviteHint: 'Davet e-postasındaki bağlantı 7 gün geçerlidir ve bir kez kullanılabilir. Personel şifresini belirleyip giriş sayfasından giriş yapar.',
  name: 'Ad soyad',
  email: 'E-posta',
  role: 'Rol',
  invite: 'Davet gönder',
  inviting: 'Gönderiliyor…',
  limit: (plan: string, limit: number | null, used: number) =>
    limit == null ? `${plan} planında personel sınırı yok.` : `${plan} planında ${limit} personel hakkınız var; ${used} tanesi kullanılıyor.`,
  listTitle: 'Personel listesi',
  empty: 'Henüz personel yok',
  emptyText: 'Yukarıdaki formdan ilk garsonunuzu, mutfak ekibinizi ya da bir yöneticiyi davet edin.',
  invitedAt: (d: string) => `Davet: ${d}`,
  acceptedAt: (d: string) => `Katıldı: ${d}`,
  revokedAt: (d: string) => `Erişim kaldırıldı: ${d}`,
  changeRole: 'Rolü değiştir',
  resend: 'Daveti yeniden gönder',
  inviteAgain: 'Yeniden davet et',
  revoke: 'Erişimi kaldır',
  revokeTitle: 'Erişim kaldırılsın mı?',
  revokeText: (name: string) => `${name} hemen oturumdan çıkarılır ve artık giriş yapamaz. Daha sonra yeniden davet edebilirsiniz.`,
  revokeYes: 'Evet, kaldır',
  revokeNo: 'Vazgeç',
  activityTitle: 'Etkinlik',
  activityHint: 'Personelin ve sizin personelle ilgili işlemleriniz: kim, ne zaman, ne yaptı.',
  activityEmpty: 'Henüz kayıt yok. Personelin yaptığı her değişiklik burada görünür.',
  owner: 'İşletme sahibi',
  loadError: 'Personel listesi yüklenemedi. Sayfayı yenileyip tekrar deneyin.',
} as const;

export const INVITATION_TEXT = {
  title: 'Personel davetini kabul et',
  subtitle: (business: string, role: string) => `${business} sizi "${role}" rolüyle davet etti. Giriş için bir şifre belirleyin.`,
  password: 'Şifre (en az 8 karakter)',
  confirmation: 'Şifre (tekrar)',
  submit: 'Şifremi belirle',
  submitting: 'Kaydediliyor…',
  doneTitle: 'Hazırsınız',
  toLogin: 'Giriş yap',
  missing: 'Bağlantıda davet kodu yok. E-postadaki bağlantıyı eksiksiz açın ya da işletme sahibinden yeni bir davet isteyin.',
  checking: 'Davet kontrol ediliyor…',
  backToLogin: 'Giriş sayfasına dön',
} as const;

export const STAFF_HOME_TEXT = {
  title: (name: string) => `Merhaba ${name}`,
  subtitle: (business: string, role: string) => `${business} · ${role}`,
  ownerSubtitle: 'İşletme sahibi olarak personel ekranlarını buradan açabilirsiniz.',
  kitchen: 'Mutfak ekranı',
  kitchenText: 'Yeni siparişler canlı ve sesli görünür; durumları tek dokunuşla ilerletin.',
  waiter: 'Garson ekranı',
  waiterText: 'Garson çağrıları, hazır siparişler, masalar ve hesaplar.',
  panel: 'Yönetim paneli',
  panelText: 'Menü, kategoriler, ürünler, ayarlar ve personel (plan ve hesap silme hariç).',
  open: 'Aç',
  logout: 'Çıkış yap',
  rights: 'Yetkileriniz',
} as const;

/** The branches a staff member works at (Personel, from the second branch on). */
export const STAFF_BRANCH_TEXT = {
  legend: (name: string) => `${name}: çalıştığı şubeler`,
  title: 'Şubeler',
  all: 'Bütün şubeler',
  hint: 'Hiçbiri seçili değilse bütün şubelerde çalışır. Şubeye atanan personel yalnızca o şubelerin siparişlerini, çağrılarını ve hesaplarını görür.',
  saving: 'Kaydediliyor…',
} as const;
