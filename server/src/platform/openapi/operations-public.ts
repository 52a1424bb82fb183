import { z } from 'zod';
import {
  adminAuthCheckSchema, callSchema, callSentResponseSchema, contactSchema, feedbackSchema, forgotPasswordSchema, getCategoryResponseSchema,
  getProductResponseSchema, loginSchema, okSchema, registerSchema, resetPasswordSchema, tokenResponseSchema, userAuthCheckSchema, verifyEmailSchema,
} from '@qrmenu/contract';
import type { OperationDocs } from './operation.js';

const AUTH = 'Kimlik';
const PUBLIC = 'Herkese açık menü';
const OPS = 'İşletim';

/** Sign-in, registration, the public menu API, diners' forms, health and this document. */
export const publicOperations: OperationDocs = {
  'GET /sanctum/csrf-cookie': {
    tag: AUTH, access: 'public', noContent: true,
    summary: 'CSRF çerezi (uyumluluk)',
    description: 'Spesifikasyondaki istemci önce bunu çağırır; Bearer jeton kullanıldığı için 204 döner, çerez yazılmaz.',
  },
  'POST /api/register': {
    tag: AUTH, access: 'public', body: { as: 'json', schema: registerSchema }, response: tokenResponseSchema,
    summary: 'İşletme sahibi olarak kayıt ol',
    description: 'Doğrulama hatası: gövde `status: 422` ve `validation_errors`. IP başına sınırlı (HTTP 429).',
  },
  'POST /api/login': {
    tag: AUTH, access: 'public', body: { as: 'json', schema: loginSchema }, response: tokenResponseSchema,
    summary: 'Giriş yap',
    description: 'Hatalı e-posta veya şifre: gövde `status: 401`. Çok fazla hatalı deneme: HTTP 429.',
  },
  'POST /api/logout': { tag: AUTH, access: 'any', response: okSchema, summary: 'Çıkış yap (jeton geçersiz olur)' },
  'GET /api/checkingUserAuthenticated': { tag: AUTH, access: 'any', response: userAuthCheckSchema, summary: 'Oturumu ve rolü doğrula' },
  'GET /api/checkingAdminAuthenticated': { tag: AUTH, access: 'admin', response: adminAuthCheckSchema, summary: 'Yönetici oturumunu doğrula' },
  'POST /api/forgot-password': {
    tag: AUTH, access: 'public', body: { as: 'json', schema: forgotPasswordSchema }, response: okSchema,
    summary: 'Şifre sıfırlama bağlantısı iste',
    description: 'Hesap olsun olmasın aynı cevap. IP ve adres başına sınırlı (HTTP 429).',
  },
  'POST /api/reset-password': { tag: AUTH, access: 'public', body: { as: 'json', schema: resetPasswordSchema }, response: okSchema, summary: 'Bağlantıdaki jetonla yeni şifre belirle' },
  'POST /api/verify-email': { tag: AUTH, access: 'public', body: { as: 'json', schema: verifyEmailSchema }, response: okSchema, summary: 'E-posta adresini doğrula' },

  'GET /api/getCategory/{company}': {
    tag: PUBLIC, access: 'public', response: getCategoryResponseSchema,
    query: { lang: 'Menü dili (en, de, ru, ar, fr); işletme sunmuyorsa Türkçe' },
    summary: 'İşletmenin menüsü: işletme ve etkin kategoriler',
    description: '`{company}` menü adresindeki ad (slug). Bilinmeyen veya pasif işletme: gövde `status: 404`.',
  },
  'GET /api/getProduct/{id}': {
    tag: PUBLIC, access: 'public', response: getProductResponseSchema,
    query: { haric: 'Gizlenecek alerjen kodları, virgülle (gluten,sut)', lang: 'Menü dili' },
    summary: 'Bir kategorinin etkin ürünleri',
  },
  'POST /api/store-message': {
    tag: PUBLIC, access: 'public', body: { as: 'json', schema: contactSchema }, response: okSchema,
    summary: 'İletişim formu mesajı gönder',
    description: 'Eksik alan: gövde `status: 400` ve `errors`. IP başına sınırlı (HTTP 429).',
  },
  'POST /api/store-feedback/{company}': {
    tag: PUBLIC, access: 'public', throttled: true, body: { as: 'json', schema: feedbackSchema }, response: okSchema,
    summary: 'Anket (geri bildirim) gönder',
    description: 'Sunucuda işlenen HTML formunun JSON ikizi. IP başına sınırlı (HTTP 429).',
  },
  'POST /api/call-waiter/{company}': {
    tag: PUBLIC, access: 'public', throttled: true, body: { as: 'json', schema: callSchema }, response: callSentResponseSchema,
    summary: 'Garson veya hesap çağır',
    description: 'Sunucuda işlenen HTML formunun JSON ikizi. `masa` işletmenin masa sayısı içinde olmalı.',
  },

  'GET /api/health': {
    tag: OPS, access: 'public', unavailable: 'Veritabanına ulaşılamıyor: gövde `status: 503`, mesaj ve denetim sonuçları (`database`, `redis`, `storage`).', summary: 'Sağlık denetimi: veritabanı, Redis ve fotoğraf deposu (veritabanı yoksa HTTP 503)',
    response: z.looseObject({
      status: z.literal(200),
      message: z.string(),
      database: z.enum(['up', 'down']),
      redis: z.enum(['up', 'down', 'off']),
      storage: z.enum(['up', 'down']),
    }),
  },
  'GET /metrics': {
    tag: OPS, access: 'metrics', summary: 'Prometheus metrikleri (METRICS_TOKEN ile Bearer; yoksa kapalı, 404)',
    file: { types: ['text/plain'], description: 'Prometheus metin biçimi' },
  },
  'GET /api/openapi.json': {
    tag: OPS, access: 'public', summary: 'Bu OpenAPI 3.1 belgesi',
    response: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
  },
  'GET /api/docs': { tag: OPS, access: 'public', html: 'Okunabilir API başvurusu (Swagger UI, yerel dosyalardan)', summary: 'API başvurusu' },
};
