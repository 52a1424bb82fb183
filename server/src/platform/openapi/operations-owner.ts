import { z } from 'zod';
import {
  brandingSchema, bulkPriceSchema, categoriesResponseSchema, categoryNamesResponseSchema, categoryResponseSchema, categorySchema, changeEmailSchema, changePasswordSchema,
  deleteAccountSchema, okSchema, ownerAccountResponseSchema, ownerDashboardResponseSchema, productResponseSchema, productSchema,
  productsResponseSchema, saveTranslationsSchema, settingsResponseSchema, soldOutSchema, updateSettingBodySchema, sortCategoriesSchema, sortProductsResponseSchema,
  sortProductsSchema, undoSchema, updateAccountSchema, verificationResponseSchema, waiterCallsResponseSchema,
  bulkPriceResponseSchema, importMenuResponseSchema, lastPriceOperationResponseSchema, priceHistoryResponseSchema, readFeedbackResponseSchema,
  translationsResponseSchema, undoResponseSchema, viewFeedbackResponseSchema,
} from '@qrmenu/contract';
import type { OperationDocs } from './operation.js';

const CAT = 'Kategoriler';
const PROD = 'Ürünler';
const SET = 'Ayarlar';
const BULK = 'Toplu işlemler';
const TABLES = 'Masalar';
const ACCOUNT = 'Hesabım';

const photo = { name: 'image', description: 'Fotoğraf (JPEG, PNG, WebP…; en fazla 10 MB). Sunucu yeniden kodlar (WebP).' };
const notFound = 'Bulunamayan ya da başka işletmenin kaydı: gövde `status: 404`.';

/** The owner's area: menu content, settings, whole-menu work, tables, account. */
export const ownerOperations: OperationDocs = {
  'GET /api/view-category': { tag: CAT, access: 'user', response: categoriesResponseSchema, summary: 'Kategorileri listele (ürün sayılarıyla)' },
  'GET /api/all-category': { tag: CAT, access: 'user', response: categoryNamesResponseSchema, summary: 'Kategori adları (ürün formu için)' },
  'POST /api/store-category': {
    tag: CAT, access: 'user', body: { as: 'multipart', schema: categorySchema, file: photo }, response: categoryResponseSchema,
    summary: 'Kategori ekle', description: 'Doğrulama hatası: gövde `status: 400` ve `errors`.',
  },
  'GET /api/edit-category/{id}': { tag: CAT, access: 'user', response: categoryResponseSchema, summary: 'Bir kategori', description: notFound },
  'POST /api/update-category/{id}': {
    tag: CAT, access: 'user', body: { as: 'multipart', schema: categorySchema, file: photo }, response: categoryResponseSchema,
    summary: 'Kategoriyi güncelle', description: `Fotoğraf gönderilmezse eskisi kalır. Doğrulama hatası: gövde \`status: 422\`. ${notFound}`,
  },
  'DELETE /api/delete-category/{id}': {
    tag: CAT, access: 'user', response: okSchema, summary: 'Boş kategoriyi sil',
    description: `Ürünü olan kategori silinmez: gövde \`status: 409\` ve \`product_count\`. ${notFound}`,
  },
  'POST /api/sort-categories': {
    tag: CAT, access: 'user', body: { as: 'json-or-multipart', schema: sortCategoriesSchema }, response: categoriesResponseSchema,
    summary: 'Kategorileri sırala', description: '`ids`: kategorilerinizin tamamı, yeni sırasıyla.',
  },

  'GET /api/view-product': { tag: PROD, access: 'user', response: productsResponseSchema, summary: 'Ürünleri listele (plan sınırıyla)' },
  'POST /api/store-product': {
    tag: PROD, access: 'user', body: { as: 'multipart', schema: productSchema, file: photo }, response: productResponseSchema,
    summary: 'Ürün ekle',
    description: 'Doğrulama hatası: gövde `status: 422`. Plan sınırı doluysa gövde `status: 422` ile `limit` ve `plan`. `variants`: `[{name, price}]` JSON metni.',
  },
  'GET /api/edit-product/{id}': { tag: PROD, access: 'user', response: productResponseSchema, summary: 'Bir ürün', description: notFound },
  'POST /api/update-product/{id}': {
    tag: PROD, access: 'user', body: { as: 'multipart', schema: productSchema, file: photo }, response: productResponseSchema,
    summary: 'Ürünü güncelle', description: `Gönderilmeyen isteğe bağlı alanlar temizlenir; tükendi, alerjen, etiket ve porsiyonlar gönderilmezse korunur. ${notFound}`,
  },
  'DELETE /api/delete-product/{id}': { tag: PROD, access: 'user', response: okSchema, summary: 'Ürünü sil', description: notFound },
  'POST /api/sort-products': {
    tag: PROD, access: 'user', body: { as: 'json-or-multipart', schema: sortProductsSchema }, response: sortProductsResponseSchema,
    summary: 'Bir kategorideki ürünleri sırala',
  },
  'POST /api/sold-out-product/{id}': {
    tag: PROD, access: 'user', body: { as: 'json-or-multipart', schema: soldOutSchema }, response: productResponseSchema,
    summary: 'Tükendi / satışta', description: '`sold_out` gönderilmezse durum tersine döner.',
  },

  'GET /api/edit-setting': { tag: SET, access: 'user', response: settingsResponseSchema, summary: 'İşletme ayarları' },
  'POST /api/update-setting': {
    tag: SET, access: 'user', body: { as: 'json', schema: updateSettingBodySchema }, response: settingsResponseSchema,
    summary: 'İşletme ayarlarını kaydet',
    description: 'Yalnızca profil ve menü görünümü alanları okunur (QR linki, plan, durum yönetici alanıdır). Yalnızca görünüm alanları gönderilirse yalnızca onlar değişir. Doğrulama hatası: gövde `status: 422`.',
  },
  'POST /api/update-branding': {
    tag: SET, access: 'user',
    body: { as: 'multipart', schema: brandingSchema.partial().extend({ remove_logo: z.enum(['1']).optional(), remove_cover: z.enum(['1']).optional() }), file: { name: 'logo', description: 'Logo (JPEG, PNG, WebP…). Aynı biçimde `cover` alanı kapak görselini taşır. Sunucu yeniden kodlar (WebP, dört boyut).' } },
    response: settingsResponseSchema,
    summary: 'Menü görünümü: logo, kapak ve görünüm alanları',
    description: '`remove_logo=1` / `remove_cover=1` görseli ve dosyalarını siler; yeni görsel eskisinin dosyalarını siler. Doğrulama hatası: gövde `status: 422`.',
  },
  'GET /api/dashboard': { tag: SET, access: 'user', response: ownerDashboardResponseSchema, summary: 'Hoş geldiniz sayfasının özeti (görüntülenme, plan)' },
  'GET /api/translations': { tag: SET, access: 'user', response: translationsResponseSchema, query: { lang: 'Dil kodu (en, de, ru, ar, fr)' }, summary: 'Menü çevirileri' },
  'POST /api/translations': { tag: SET, access: 'user', body: { as: 'json', schema: saveTranslationsSchema }, response: translationsResponseSchema, summary: 'Menü çevirilerini kaydet' },

  'GET /api/export-menu': {
    tag: BULK, access: 'user', query: { format: 'xlsx (varsayılan) veya csv', template: '1: yalnızca başlıklar (şablon)' },
    file: { types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'], description: 'Menü tablosu (ek olarak indirilir).' },
    summary: 'Menüyü Excel/CSV olarak indir',
  },
  'POST /api/import-menu': {
    tag: BULK, access: 'user', query: { dry_run: '1: yalnızca önizleme' },
    body: { as: 'multipart', file: { name: 'file', description: 'Excel (.xlsx) veya CSV, en fazla 2 MB', required: true }, description: '`dry_run`: 1 ise önizleme' },
    response: importMenuResponseSchema,
    summary: 'Menüyü Excel/CSV’den içe aktar',
    description: 'Hatalı dosya: gövde `status: 422` ve `errors: [{row, field, message}]`; hiçbir şey değişmez.',
  },
  'POST /api/bulk-price': { tag: BULK, access: 'user', body: { as: 'json', schema: bulkPriceSchema }, response: bulkPriceResponseSchema, summary: 'Toplu fiyat güncelle (önizleme: dry_run)' },
  'POST /api/bulk-price/undo': { tag: BULK, access: 'user', body: { as: 'json', schema: undoSchema }, response: undoResponseSchema, summary: 'Son toplu fiyat güncellemesini geri al' },
  'GET /api/bulk-price/last': { tag: BULK, access: 'user', response: lastPriceOperationResponseSchema, summary: 'Son toplu fiyat güncellemesi' },
  'GET /api/price-history/{product_id}': { tag: BULK, access: 'user', response: priceHistoryResponseSchema, summary: 'Bir ürünün fiyat geçmişi', description: notFound },

  'GET /api/qr-cards.pdf': {
    tag: TABLES, access: 'user', query: { tables: 'Masa aralığı, ör. 1-10 (varsayılan: tüm masalar)' },
    file: { types: ['application/pdf'], description: 'Masa kartları (PDF).' }, summary: 'Masa kartlarını PDF olarak indir',
  },
  'GET /api/view-feedback': { tag: TABLES, access: 'user', response: viewFeedbackResponseSchema, query: { page: 'Sayfa (1’den)' }, summary: 'Anket cevapları, ortalamalar ve eğilim' },
  'POST /api/read-feedback/{id}': { tag: TABLES, access: 'user', response: readFeedbackResponseSchema, summary: 'Anket cevabını okundu işaretle', description: notFound },
  'GET /api/waiter-calls': { tag: TABLES, access: 'user', response: waiterCallsResponseSchema, summary: 'Açık garson çağrıları' },
  'POST /api/waiter-calls/{id}/done': { tag: TABLES, access: 'user', response: okSchema, summary: 'Çağrıyı tamamla', description: notFound },
  'GET /api/waiter-calls/stream': {
    tag: TABLES, access: 'user', response: waiterCallsResponseSchema,
    events: 'Server-Sent Events: önce `snapshot` (açık çağrılar, JSON), sonra `call` (yeni çağrı) ve `done` (`{id}`) olayları; 20 saniyede bir yorum satırı.',
    summary: 'Canlı garson çağrıları (SSE)',
    description: '`Accept: text/event-stream` ile olay akışı; başka bir Accept ile açık çağrılar JSON olarak.',
  },

  'GET /api/account': { tag: ACCOUNT, access: 'user', response: ownerAccountResponseSchema, summary: 'Hesap bilgileri' },
  'POST /api/update-account': { tag: ACCOUNT, access: 'user', body: { as: 'json', schema: updateAccountSchema }, response: ownerAccountResponseSchema, summary: 'Adı güncelle' },
  'POST /api/change-email': { tag: ACCOUNT, access: 'user', body: { as: 'json', schema: changeEmailSchema }, response: ownerAccountResponseSchema, summary: 'E-posta adresini değiştir' },
  'POST /api/change-password': { tag: ACCOUNT, access: 'user', body: { as: 'json', schema: changePasswordSchema }, response: okSchema, summary: 'Şifreyi değiştir (diğer oturumlar kapanır)' },
  'POST /api/resend-verification': { tag: ACCOUNT, access: 'user', throttled: true, response: verificationResponseSchema, summary: 'Doğrulama bağlantısını yeniden gönder' },
  'GET /api/export-my-data': {
    tag: ACCOUNT, access: 'user', file: { types: ['application/zip'], description: 'KVKK: hesabın tüm verileri (ZIP).' },
    summary: 'Verilerimi indir', description: 'Saatte en fazla 10 kez (HTTP 429).',
  },
  'POST /api/delete-account': { tag: ACCOUNT, access: 'user', body: { as: 'json', schema: deleteAccountSchema }, response: okSchema, summary: 'Hesabı ve tüm verileri sil' },
};
