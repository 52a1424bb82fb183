/** Texts shared by every area: the API client's toasts and generic UI words. */
export const API_TEXT = {
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFoundTitle: '404 Error',
  notFoundText: 'URL/Page Not Found',
  tooMany: 'Çok fazla istek',
  tooLarge: 'Dosya çok büyük',
  serverError: 'Bir hata oluştu',
  network: 'Bağlantı hatası',
  networkText: 'Sunucuya ulaşılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.',
} as const;

export const COMMON = {
  appName: 'QR Menü',
  loading: 'Yükleniyor…',
  save: 'Kaydet',
  cancel: 'Vazgeç',
  close: 'Kapat',
  active: 'Aktif',
  passive: 'Pasif',
  logout: 'Çıkış yap',
  logoutDone: 'Başarıyla Çıkış Yapıldı',
  menuToggle: 'Menüyü daralt / genişlet',
  /** The live counter of a limited text field. */
  counter: (n: number, max: number) => `${n} / ${max}`,
} as const;
