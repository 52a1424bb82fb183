import { z } from 'zod';
import { apiEnvelopeSchema, apiErrorSchema } from '@qrmenu/contract';
import type { OperationDoc } from './operation.js';
import { TAG } from './fragments.js';
import { asForm, asJsonForm, fixRequired, widenPreprocessed } from './wire.js';

/**
 * The OpenAPI 3.1 document, built from the app's registered routes (`app.routeList`, filled by an
 * onRoute hook) and the operation each declares beside its handler (route option `config.doc`,
 * platform/routes/declare.ts), whose schemas are the contract's
 * zod schemas (`z.toJSONSchema`, JSON Schema 2020-12 as OpenAPI 3.1 uses). A route without a
 * description still appears, marked `x-undocumented` (the OpenAPI test fails on it).
 */

type JsonSchema = Record<string, unknown>;
type Route = { method: string; url: string; doc?: OperationDoc; throttled?: boolean };

/**
 * Routes that are not part of the JSON API: the diner's server-rendered pages and their HTML
 * forms (`/qr/…`), uploaded photos, the single-page app's files, and the docs page's own assets.
 */
export const NOT_API: RegExp[] = [/^\/qr(\/|$)/, /^\/robots\.txt$/, /^\/sitemap[./]/, /^\/uploads\//, /^\/\*$/, /^\/api\/docs\/./];
export const isApiRoute = (url: string) => !NOT_API.some((re) => re.test(url));

/** `/api/edit-category/:id` → `/api/edit-category/{id}` */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
export const operationKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** zod writes its e-mail regex beside `format: email`; readers (and example generators) need only the format. */
function tidy(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(tidy);
  if (!node || typeof node !== 'object') return;
  const o = node as JsonSchema;
  if (o.format === 'email' && typeof o.pattern === 'string') delete o.pattern;
  for (const v of Object.values(o)) tidy(v);
}

const toJson = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  tidy(json);
  return json;
};

const ERROR = toJson(apiErrorSchema, 'output');
const ENVELOPE = toJson(apiEnvelopeSchema, 'output');
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({ description, content: json(ERROR) });

const ACCESS_TEXT: Record<OperationDoc['access'], string> = {
  public: 'Herkese açık (jeton gerekmez).',
  any: 'Oturum açmış her hesap (Bearer jeton).',
  user: 'İşletme sahibi veya Yönetici rolündeki personeli (Bearer jeton).',
  owner: 'Yalnızca işletme sahibi; personel (Yönetici dahil) çağıramaz (Bearer jeton).',
  admin: 'Yalnızca yönetici (Bearer jeton).',
  metrics: 'İşletmecinin METRICS_TOKEN değeri (Bearer); hesap jetonu değil.',
};

/** Each tag's description (a tag without one here fails the OpenAPI lint: `tag-description`). */
const TAGS: Record<string, string> = {
  Personel: 'İşletmenin personeli (Garson, Mutfak, Yönetici): davet, rol, erişimin kaldırılması, davetin kabulü ve işletmenin etkinlik kaydı.',
  Şubeler: 'Bir hesabın şubeleri: ana şube (işletmenin kendisi, id 0) ve ek şubeler; ortak menüde şubeye özel fiyat, şubede yok ve tükendi.',
  Kimlik: 'Kayıt, giriş, çıkış, şifre sıfırlama ve e-posta doğrulama. Jeton giriş/kayıt cevabından gelir.',
  'Herkese açık menü': 'Müşterinin menüsü (JSON), anket ve garson çağrısı: jetonsuz; anket ve çağrılar masa, cihaz ve işletme başına sınırlı.',
  İşletim: 'Sağlık denetimi, Prometheus metrikleri ve bu belge.',
  Kategoriler: 'İşletme sahibinin kategorileri (yalnızca kendi kayıtları).',
  Ürünler: 'İşletme sahibinin ürünleri: fotoğraf, fiyat, porsiyon, tükendi.',
  Ayarlar: 'İşletme profili, menü görünümü (logo, kapak, saatler…), çeviriler ve özet.',
  'Toplu işlemler': 'Menünün Excel/CSV ile dışa ve içe aktarımı, toplu fiyat ve fiyat geçmişi.',
  Masalar: 'Masa kartları (PDF), anket cevapları ve garson çağrıları.',
  Hesabım: 'İşletme sahibinin hesabı: ad, e-posta, şifre, verilerini indirme ve hesabı silme.',
  Yönetici: 'Yönetici alanı: işletmeler, tüm kategori ve ürünler, mesajlar, işlem kayıtları.',
  'Fiyat listesi': 'Fiyat Etiketi Yönetmeliği’nin istediği basılı listeler (kapı ve masa), tarihli sürümleri ve uygunluk denetimi.',
  Raporlar: 'İşletmenin sipariş raporu: gün gün sipariş, ciro, masa başına ortalama, en çok satanlar, saatler; CSV ve XLSX.',
};

/** A form read by `readForm` (an optional file): JSON is taken too. */
const takesJson = (body: NonNullable<OperationDoc['body']>) => body.as !== 'multipart' || (body.schema !== undefined && !body.file?.required);

function requestBody(body: NonNullable<OperationDoc['body']>) {
  const schema = body.schema ? toJson(body.schema, 'input') : { type: 'object', description: body.description ?? '' };
  if (body.schema) fixRequired(body.schema, schema);
  const content: Record<string, unknown> = {};
  if (body.as === 'json') {
    const asSent = structuredClone(schema);
    if (body.schema) widenPreprocessed(body.schema, asSent);
    content['application/json'] = { schema: asSent };
  } else if (takesJson(body)) content['application/json'] = { schema: asJsonForm(schema, body.schema) };
  if (body.as !== 'json') {
    const form: JsonSchema = asForm(schema);
    if (body.file) {
      (form.properties as JsonSchema)[body.file.name] = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: body.file.description };
      if (body.file.required) form.required = [...((form.required as string[]) ?? []), body.file.name];
    }
    content['multipart/form-data'] = { schema: form };
  }
  // a body is required unless every field may be left out (then the route also takes no body at all)
  const required = !body.schema || Boolean(body.file?.required) || !body.schema.safeParse({}).success;
  return { required, content };
}

/**
 * The HTTP statuses a route answers beside 200, each with its body: 400 (unreadable body) and 413
 * (too large) wherever a body is read (every POST and DELETE), 401/403 on guarded routes, 429 on throttled ones, 503 where a
 * dependency can be down; `default` (500, or 404 of a path the server does not know) for the rest.
 */
function transportResponses(method: string, doc: OperationDoc, throttled: boolean): Record<string, unknown> {
  const r: Record<string, unknown> = {};
  // Fastify reads a POST's or DELETE's body even where the route ignores it: a broken one is refused
  const readsBody = doc.body !== undefined || method === 'POST' || method === 'DELETE';
  if (readsBody) r['400'] = errorResponse('Okunamayan gövde: bozuk JSON, desteklenmeyen içerik türü veya bozuk form (`status: 400`).');
  if (doc.access === 'metrics') r['401'] = errorResponse('METRICS_TOKEN gönderilmedi ya da yanlış (`WWW-Authenticate: Bearer`).');
  else if (doc.access !== 'public') r['401'] = errorResponse('Jeton yok, geçersiz veya süresi dolmuş; ya da hesap pasif.');
  if (doc.access === 'user' || doc.access === 'owner' || doc.access === 'admin') r['403'] = errorResponse('Bu rol bu yolu çağıramaz.');
  if (readsBody) r['413'] = errorResponse(doc.body?.file ? 'Gövde veya dosya çok büyük.' : 'Gövde çok büyük (en fazla 1 MB).');
  if (throttled || doc.throttled) r['429'] = errorResponse('Çok fazla istek: bir süre sonra yeniden deneyin.');
  // a business's requests wait their turn past its share of the server; past 10 s of waiting they are refused
  else if (doc.access === 'user' || doc.access === 'owner') r['429'] = errorResponse('İşletmenin payı aşıldı: istek 10 saniyeden uzun bekleyecekti, hiçbir şey yapılmadı (`Retry-After` saniye sonra yeniden deneyin).');
  if (doc.unavailable) r['503'] = errorResponse(doc.unavailable);
  else if (doc.body?.file && doc.body.as !== 'json' && !doc.body.file.required) r['503'] = errorResponse('Fotoğraf deposuna şu an yazılamıyor; hiçbir şey kaydedilmedi, yeniden deneyin.');
  for (const [code, description] of Object.entries(doc.statuses ?? {})) r[code] = errorResponse(description);
  r.default = errorResponse('Beklenmeyen sunucu hatası (500).');
  return r;
}

function operation(method: string, url: string, doc: OperationDoc | undefined, throttled = false) {
  const parameters: JsonSchema[] = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (!doc) {
    return {
      summary: 'Belgelenmemiş yol',
      description: 'Bu yol kayıtlı ama OpenAPI açıklaması yok (yolun `config.doc` bildirimi).',
      'x-undocumented': true,
      ...(parameters.length ? { parameters } : {}),
      responses: { default: { description: 'Belgelenmemiş cevap', content: json(ENVELOPE) } },
    };
  }
  for (const [name, description] of Object.entries(doc.query ?? {})) parameters.push({ name, in: 'query', required: false, description, schema: { type: 'string' } });

  const responses: Record<string, unknown> = {};
  const bodyStatus = 'Uygulama hatası: HTTP 200 ve gövdede `status` (400/422 doğrulama, `errors` alanlarıyla; 401 hatalı giriş; 404 bulunamadı veya size ait değil; 409 çakışma).';
  if (doc.noContent) responses['204'] = { description: 'Gövdesiz cevap' };
  else if (doc.html) responses['200'] = { description: doc.html, content: { 'text/html': { schema: { type: 'string' } } } };
  else {
    const success = doc.response ? toJson(doc.response, 'output') : ENVELOPE;
    const content: Record<string, unknown> = {};
    if (doc.file) for (const type of doc.file.types) content[type] = { schema: { type: 'string', format: 'binary', contentMediaType: type } };
    if (doc.events) content['text/event-stream'] = { schema: { type: 'string', description: doc.events } };
    // /metrics answers only its text (errors are transport statuses); JSON routes put errors in the 200 body
    if (doc.access !== 'metrics') content['application/json'] = { schema: doc.file ? ERROR : { anyOf: [success, ERROR] } };
    responses['200'] = {
      description: doc.access === 'metrics' && doc.file ? doc.file.description : doc.file ? `${doc.file.description} Hata olursa JSON: ${bodyStatus}` : `Başarılı (\`status: 200\`) ya da ${bodyStatus}`,
      content,
    };
  }
  Object.assign(responses, transportResponses(method, doc, throttled));
  return {
    tags: [doc.tag],
    summary: doc.summary,
    description: [doc.description, ACCESS_TEXT[doc.access]].filter(Boolean).join('\n\n'),
    operationId: `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    security: doc.access === 'public' ? [] : [doc.access === 'metrics' ? { metricsToken: [] } : { bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body ? { requestBody: requestBody(doc.body) } : {}),
    ...(doc.response || doc.html || doc.noContent || doc.file ? {} : { 'x-undocumented-response': true }),
    responses,
  };
}

const DESCRIPTION = `QR Menü'nün JSON API'si. Bu belge sunucunun kayıtlı yollarından ve contract/ paketindeki zod şemalarından üretilir.

**Sonuçlar gövdede.** Her JSON cevap \`status\` (sayı) ve çoğunlukla \`message\` (Türkçe) taşır. Uygulama sonuçları HTTP 200 ile gelir: \`status: 200\` başarı; \`400\`/\`422\` doğrulama hatası (\`errors\`, giriş ve kayıtta \`validation_errors\`: alan → mesaj listesi); \`401\` hatalı giriş bilgileri; \`404\` bulunamadı *veya size ait değil*. Bu yüzden her işlemin HTTP 200 cevabı "başarılı gövde ya da ApiError" olarak tanımlıdır.

**Taşıma sonuçları HTTP durumunda:** jeton yok/geçersiz → 401, yanlış rol → 403, bilinmeyen /api yolu → 404, gövde çok büyük → 413, çok fazla istek → 429.

**Kimlik:** \`POST /api/login\` ya da \`/api/register\` cevabındaki \`token\`, \`Authorization: Bearer <token>\` başlığıyla gönderilir.`;

export function buildOpenApiDocument(routes: Route[], version = '1.0.0') {
  const paths: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  for (const { method, url, doc, throttled } of routes) {
    if (!isApiRoute(url)) continue;
    const key = operationKey(method, openApiPath(url));
    if (seen.has(key)) continue;
    seen.add(key);
    (paths[openApiPath(url)] ??= {})[method.toLowerCase()] = operation(method, url, doc, throttled);
  }
  const order: string[] = Object.values(TAG);
  const rank = (tag: string) => (order.includes(tag) ? order.indexOf(tag) : order.length);
  const used = new Set(routes.flatMap((r) => (r.doc && isApiRoute(r.url) ? [r.doc.tag] : [])));
  const tags = [...used].sort((a, b) => rank(a) - rank(b)).map((name) => ({ name, ...(TAGS[name] ? { description: TAGS[name] } : {}) }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'QR Menü API',
      version,
      description: DESCRIPTION,
      license: { name: 'Tescilli yazılım: kullanım QR Menü Kullanım Sözleşmesi ile', identifier: 'LicenseRef-QRMenu-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Giriş veya kayıt cevabındaki jeton' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'Yalnızca GET /metrics: sunucunun METRICS_TOKEN ayarı' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
