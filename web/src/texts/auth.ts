/** Sign-in and registration texts (spec §2, §5, §8). */
export const LOGIN_TEXT = {
  title: 'Hesabınızı giriş yapın',
  email: 'E-posta adresi',
  password: 'Şifre',
  submit: 'Giriş Yap',
  submitting: 'Giriş yapılıyor…',
  toRegister: 'Hemen yeni bir hesap oluşturalım',
  noAccount: 'Hesabınız yok mu?',
  success: 'Success',
  warning: 'Warning',
  error: 'UYARI',
} as const;

export const REGISTER_TEXT = {
  title: 'Kayıt Ol',
  subtitle: 'Birkaç dakikada dijital menünüzü oluşturun. Kredi kartı gerekmez.',
  name: 'Adınız Soyadınız',
  email: 'E-posta adresi',
  password: 'Şifre',
  passwordHint: 'En az 8 karakter.',
  termsBefore: '',
  termsLink: 'Kullanım Sözleşmesini',
  termsAfter: ' okudum ve kabul ediyorum.',
  submit: 'Kayıt Ol',
  submitting: 'Kaydediliyor…',
  toLogin: 'Hesabınızı giriş yapalım',
  haveAccount: 'Zaten hesabınız var mı?',
  termsWarningTitle: 'Uyarı',
  termsWarning: 'Lütfen Kullanım Sözleşmesini Okuyup Onaylayın',
  success: 'Success',
} as const;

export const BRAND_TEXT = {
  tagline: 'Temassız QR dijital menü',
  backHome: 'Ana sayfaya dön',
} as const;
