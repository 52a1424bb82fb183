/** Turkish messages the server sends in `message`. One place, so wording stays consistent. */
export const MSG = {
  // generic
  validation: 'Lütfen işaretli alanları düzeltin.',
  allFieldsMandatory: 'All fields are mandetory', // spec §5/§8: exact toast text
  notFound: 'Kayıt bulunamadı.',
  unauthorized: 'Oturumunuz geçersiz veya süresi dolmuş. Lütfen tekrar giriş yapın.',
  forbidden: 'Bu işlem için yetkiniz yok.',
  routeNotFound: 'İstenen adres bulunamadı.',
  tooLarge: 'Gönderilen veri çok büyük. Fotoğraflar en fazla 10 MB olabilir.',
  tooManyRequests: 'Çok fazla deneme yaptınız. Lütfen biraz bekleyip tekrar deneyin.',
  ownerPaced: (seconds: number) =>
    `İşletmeniz için art arda çok fazla işlem gönderildi; menünüzü açan misafirler yavaşlamasın diye işlemler sıraya alınıyor. ${seconds} saniye sonra yeniden deneyin.`,
  serverError: 'Beklenmeyen bir hata oluştu. Lütfen biraz sonra tekrar deneyin.',
  badJson: 'İstek gövdesi okunamadı. Lütfen formu yeniden gönderin.',
  // auth
  loginOk: 'Giriş başarılı. Hoş geldiniz!',
  loginFailed: 'E-posta adresi veya şifre hatalı.',
  accountPassive: 'Hesabınız pasif durumdadır. Lütfen yönetici ile iletişime geçin.',
  registerOk: 'Kayıt başarılı. Şimdi giriş yapabilirsiniz.',
  logoutOk: 'Başarıyla Çıkış Yapıldı',
  authenticated: 'Oturum doğrulandı.',
  // operations
  databaseDown: 'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.',
  metricsUnauthorized: 'Ölçümler için geçerli bir erişim anahtarı (METRICS_TOKEN) gerekir.',
} as const;

/** Field-level validation texts shared by server responses and web forms. */
export const FIELD_MSG = {
  nameRequired: 'Ad alanı zorunludur.',
  emailRequired: 'E-posta adresi zorunludur.',
  emailInvalid: 'Geçerli bir e-posta adresi girin.',
  emailTaken: 'Bu e-posta adresi ile kayıtlı bir hesap zaten var.',
  passwordRequired: 'Şifre zorunludur.',
  passwordMin: 'Şifre en az 8 karakter olmalıdır.',
  tooLong: (max: number) => `En fazla ${max} karakter girebilirsiniz.`,
} as const;
