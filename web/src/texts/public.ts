/** Texts of the public site: header, footer, landing page and contact form (spec §1, §2, §8, §9). */
import type { IconName } from '../components/icons';

export const BRAND = {
  name: 'QR Menü',
  tagline: 'Restoran ve kafeler için temassız QR dijital menü.',
  home: 'QR Menü ana sayfa',
} as const;

/** Sections of the landing page, in the order of the top navigation (ids fixed by the spec). */
export const SECTIONS = [
  { id: 'features', label: 'Özellikler' },
  { id: 'how', label: 'Nasıl Çalışır?' },
  { id: 'pricing', label: 'Fiyatlar' },
  { id: 'contact', label: 'İletişim' },
] as const;

export const HEADER_TEXT = {
  nav: 'Ana menü',
  login: 'Giriş Yap',
  register: 'Kayıt Ol',
  openMenu: 'Menüyü aç',
  closeMenu: 'Menüyü kapat',
  skip: 'İçeriğe geç',
} as const;

export const BANNER_TEXT = {
  /** localStorage key: the banner stays hidden once closed. */
  storageKey: 'landing_banner_closed',
  label: 'Duyuru',
  text: 'QR Menü yayında! Dijital menünüzü ücretsiz oluşturun, dakikalar içinde masalarınızda olsun.',
  cta: 'Hemen Kayıt Ol',
  close: 'Duyuruyu kapat',
} as const;

export const HERO_TEXT = {
  eyebrow: 'Restoran ve kafeler için dijital menü',
  title: 'Temassız QR Menü',
  titleAccent: 'Menünüz, misafirlerinizin telefonunda.',
  lead: 'Müşterileriniz masadaki QR kodu okutur, menünüz uygulama indirmeden anında açılır. Fiyatları ve ürünleri dilediğiniz an güncelleyin; baskı masrafına son verin.',
  register: 'Kayıt Ol',
  demo: 'Demo Menü',
  trust: ['Kredi kartı gerekmez', 'Uygulama indirmek yok', 'Dakikalar içinde hazır'],
  /** The sample menu drawn in the phone (pure HTML, no image). */
  mock: {
    business: 'Çınar Kafe',
    table: 'Masa 5',
    scan: 'QR kodu okutun',
    scanHint: 'menü telefonunuzda',
    categories: ['Kahvaltı', 'Çorbalar', 'Tatlılar'],
    items: [
      { name: 'Serpme Kahvaltı', text: 'Peynir çeşitleri, zeytin, bal, kaymak', price: 320 },
      { name: 'Mercimek Çorbası', text: 'Limon ve kıtır ekmekle', price: 85 },
      { name: 'Fırın Sütlaç', text: 'Fındık ile', price: 95 },
    ],
  },
} as const;

export const FEATURES_TEXT = {
  eyebrow: 'Neden QR Menü?',
  title: 'İşletmeniz için dijital menünün altı faydası',
  lead: 'Basılı menünün bütün derdini bırakın; menünüz her zaman güncel, temiz ve elinizin altında.',
  items: [
    { icon: 'zap', title: 'Hızlı Kurulum', text: 'Hesabınızı açın, ürünlerinizi ekleyin; dijital menünüz dakikalar içinde yayında.' },
    { icon: 'leaf', title: 'Kâğıt ve Plastikten Tasarruf', text: 'Basılı menü, laminasyon ve yeniden baskı masraflarına son verin; doğaya da katkı sağlayın.' },
    { icon: 'scan', title: 'Temassız Kullanım', text: 'Misafirleriniz QR kodu telefon kamerasıyla okutur; menüye elle dokunmadan, uygulama indirmeden ulaşır.' },
    { icon: 'globe', title: 'Her Yerden Yönetim', text: 'Menünüzü telefon, tablet veya bilgisayardan, internetin olduğu her yerden yönetin.' },
    { icon: 'refresh', title: 'Anında Menü Değişikliği', text: 'Fiyatları güncelleyin, tükenen ürünleri tek dokunuşla gizleyin; değişiklik hemen menüde görünür.' },
    { icon: 'sliders', title: 'Kişiselleştirme', text: 'Müşteri geri bildirimleri, anketler ve kampanyalarla menünüzü işletmenize göre şekillendirin.' },
  ] satisfies ReadonlyArray<{ icon: IconName; title: string; text: string }>,
} as const;

export const HOW_TEXT = {
  eyebrow: 'Nasıl Çalışır?',
  title: 'Dört adımda dijital menünüz hazır',
  steps: [
    { icon: 'userPlus', title: 'Hesabınızı Oluşturun', text: 'E-posta adresinizle birkaç saniyede ücretsiz kayıt olun. Kredi kartı gerekmez.' },
    { icon: 'store', title: 'İşletme Bilgilerinizi Girin', text: 'Yönetim panelinden işletme adınızı, adresinizi ve masa sayınızı kaydedin.' },
    { icon: 'box', title: 'Ürünlerinizi Ekleyin', text: 'Kategorilerinizi oluşturun; ürünlerinizi fotoğraf, açıklama, alerjen ve fiyatlarıyla ekleyin.' },
    { icon: 'qr', title: 'QR Kodu Masalara Yerleştirin', text: 'Sizin için hazırlanan QR kodu indirip yazdırın ve masalarınıza yerleştirin. Menünüz yayında!' },
  ] satisfies ReadonlyArray<{ icon: IconName; title: string; text: string }>,
  ctaTitle: 'Menünüzü bugün dijitale taşıyın',
  ctaText: 'Başlangıç paketi ücretsiz. Önce demo menüye göz atın, beğenirseniz hemen başlayın.',
} as const;

export const PRICING_TEXT = {
  eyebrow: 'Fiyatlar',
  title: 'İşletmenize uygun paketi seçin',
  lead: 'Ücretsiz başlayın; işletmeniz büyüdükçe paketinizi yükseltin.',
  free: 'Ücretsiz',
  perMonth: '/ay',
  recommended: 'Hemen başlayın',
  comingSoonBadge: 'Yakında',
  start: 'Ücretsiz Başla',
  comingSoon: 'Yakında',
  comingSoonNote: 'Şimdi ücretsiz başlayın, paket açıldığında geçiş yapın.',
  /** One line under each plan's name, by level. */
  audience: {
    '0': 'Yeni başlayan kafe ve restoranlar için',
    '1': 'Büyüyen işletmeler için',
    '2': 'Yoğun işletmeler ve zincirler için',
  },
} as const;

export const CONTACT_SECTION_TEXT = {
  eyebrow: 'İletişim',
  title: 'Bize Ulaşın',
  lead: 'Sorularınız, önerileriniz veya işletmenize özel talepleriniz için yazın; en kısa sürede dönüş yapalım.',
  points: [
    { icon: 'clock', title: 'Hızlı yanıt', text: 'Mesajlarınızı iş günlerinde genellikle 24 saat içinde yanıtlıyoruz.' },
    { icon: 'shield', title: 'Bilgileriniz güvende', text: 'İletişim bilgilerinizi yalnızca size dönüş yapmak için kullanırız.' },
  ] satisfies ReadonlyArray<{ icon: IconName; title: string; text: string }>,
  more: 'Ayrıntılı iletişim formu',
} as const;

export const CONTACT_PAGE_TEXT = {
  title: 'İletişim',
  lead: 'QR Menü hakkında sorularınızı, iş birliği tekliflerinizi veya destek taleplerinizi bize iletin. Formu doldurun, size en kısa sürede dönüş yapalım.',
  asideTitle: 'Size nasıl yardımcı olabiliriz?',
  asideItems: [
    'Paketler ve fiyatlar hakkında bilgi',
    'Menünüzün kurulumunda destek',
    'Zincir işletmeler için özel çözümler',
    'Öneri ve geri bildirimleriniz',
  ],
  demoTitle: 'Önce görmek ister misiniz?',
  demoText: 'Misafirlerinizin göreceği menüyü demo işletmemizde inceleyin.',
} as const;

/** The shared contact form (landing section and /iletisim), outcomes of spec §8. */
export const CONTACT_FORM_TEXT = {
  name: 'Adınız',
  surname: 'Soyadınız',
  companyname: 'Firma Adı',
  mail: 'E-posta adresi',
  tel: 'Telefon',
  message: 'Mesajınız',
  namePlaceholder: 'Ayşe',
  surnamePlaceholder: 'Yılmaz',
  companyPlaceholder: 'Çınar Kafe',
  mailPlaceholder: 'ornek@isletmeniz.com',
  telPlaceholder: '0 5xx xxx xx xx',
  messagePlaceholder: 'Size nasıl yardımcı olabiliriz?',
  submit: 'Gönder',
  submitting: 'Gönderiliyor...',
  consentBefore: 'Mesajınız yalnızca talebinizi yanıtlamak için işlenir. Ayrıntılar: ',
  consentLink: 'Gizlilik Politikası ve KVKK',
  /** spec §8 */
  sentTitle: 'Mesaj Başarıyla Gönderildi',
  sentText: 'Teşekkür ederiz, en kısa sürede size dönüş yapacağız.',
  missingTitle: 'Eksik Alanları Doldurunuz',
  missingText: 'Lütfen kırmızı ile işaretlenen alanları kontrol edin.',
  errorTitle: 'Hata',
  errorText: 'Mesajınız gönderilemedi. Lütfen biraz sonra tekrar deneyin.',
  tooManyTitle: 'Çok fazla istek',
  tooManyText: 'Kısa sürede çok fazla mesaj gönderildi. Lütfen biraz bekleyip tekrar deneyin.',
  networkTitle: 'Bağlantı hatası',
  networkText: 'Sunucuya ulaşılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.',
} as const;

export const FOOTER_TEXT = {
  product: 'Ürün',
  corporate: 'Kurumsal',
  follow: 'Bizi takip edin',
  demo: 'Demo Menü',
  docs: 'Dokümantasyon',
  docsSoon: 'Hazırlanıyor',
  privacy: 'Gizlilik Politikası ve KVKK',
  terms: 'Kullanım Sözleşmesi',
  contact: 'İletişim',
  copyright: '© 2022 QR Menü. Tüm hakları saklıdır.',
  madeFor: 'Türkiye’deki restoran ve kafeler için geliştirildi.',
} as const;

/** Social accounts of the footer (spec §2). Addresses of the operator's accounts. */
export const SOCIAL_LINKS = [
  { icon: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/qrmenu' },
  { icon: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/qrmenu' },
  { icon: 'xLogo', label: 'X (Twitter)', href: 'https://x.com/qrmenu' },
  { icon: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/qrmenu' },
] satisfies ReadonlyArray<{ icon: IconName; label: string; href: string }>;
