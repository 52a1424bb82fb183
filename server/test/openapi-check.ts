import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import Router from 'find-my-way';
import { isApiRoute, openApiPath } from '../src/platform/openapi/document.js';

/**
 * Both ways, for every `app.inject` of an API test on a documented route:
 * - the answer: its HTTP status must be listed for the operation (only 500 falls to `default`), its
 *   media type listed for that status, and a JSON body must match that status's schema;
 * - the request, when the server took it (HTTP 2xx and no error `status` in the body): its body must
 *   be one the document offers (media type and schema: JSON, or a multipart form read field by
 *   field), a body the document requires must be there, and a guarded operation must have been
 *   called with a token. A body the server accepts but the document refuses fails the test.
 * Validators are compiled once per operation, media type and status (per test file).
 */

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();
/** The app's routes in a router of their own (the one Fastify uses): request path → route pattern. */
const routers = new WeakMap<FastifyInstance, Router.Instance<Router.HTTPVersion.V1>>();
function routeOf(app: FastifyInstance, method: string, path: string): string | undefined {
  let router = routers.get(app);
  if (!router) {
    router = Router({ ignoreTrailingSlash: true });
    for (const r of app.routeList) router.on(r.method as Router.HTTPMethod, r.url, () => undefined, { url: r.url });
    routers.set(app, router);
  }
  return (router.find(method as Router.HTTPMethod, path.split('?')[0])?.store as { url?: string } | undefined)?.url;
}

type Media = Record<string, { schema?: object }>;
type Responses = Record<string, { content?: Media }>;
type Op = { responses: Responses; security?: object[]; requestBody?: { required?: boolean; content: Media } };

function operationOf(app: FastifyInstance, method: string, url: string): Op {
  const path = openApiPath(url);
  const op = (app.openapiDocument().paths[path] as Record<string, Op> | undefined)?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  return op;
}

function compiled(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** The operation's answer for this HTTP status: listed, or (500 only) `default`. */
function responseFor(app: FastifyInstance, method: string, url: string, statusCode: number) {
  const op = operationOf(app, method, url);
  const response = op.responses[String(statusCode)] ?? (statusCode === 500 ? op.responses.default : undefined);
  if (!response) throw new Error(`${method} ${openApiPath(url)} answered HTTP ${statusCode}, which the OpenAPI document does not list for it (listed: ${Object.keys(op.responses).join(', ')})`);
  return { response, key: `${method} ${openApiPath(url)} ${response === op.responses.default ? 'default' : statusCode}` };
}

function validatorFor(app: FastifyInstance, method: string, url: string, statusCode: number): ValidateFunction {
  const { response, key } = responseFor(app, method, url, statusCode);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${openApiPath(url)}: the OpenAPI document has no JSON answer for HTTP ${statusCode}`);
  return compiled(key, schema);
}

/** The body as text, decompressed when the test asked for br or gzip. */
function bodyOf(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

/** Throws when a JSON answer of an /api/ route does not match the document. */
export function checkResponse(app: FastifyInstance, res: LightMyRequestResponse) {
  const method = String(res.raw.req.method ?? 'GET').toUpperCase();
  const url = routeOf(app, method, String(res.raw.req.url ?? ''));
  if (!url || !url.startsWith('/api/') || !isApiRoute(url)) return;
  if (method === 'HEAD') return;
  const type = String(res.headers['content-type'] ?? '').split(';')[0].trim();
  if (res.body === '' || !type.startsWith('application/json')) {
    const { response } = responseFor(app, method, url, res.statusCode);
    const listed = Object.keys(response.content ?? {});
    if (type && res.rawPayload.length > 0 && !listed.includes(type)) {
      throw new Error(`${method} ${openApiPath(url)} (HTTP ${res.statusCode}) answered ${type}, which the OpenAPI document does not list (${listed.join(', ') || 'no body'})`);
    }
    return;
  }
  const validate = validatorFor(app, method, url, res.statusCode);
  const body = bodyOf(res);
  const data: unknown = JSON.parse(body);
  const status = (data as { status?: unknown } | null)?.status;
  if (!validate(data)) {
    // HTTP 200 is `anyOf: [success, ApiError]`: report what the body's own kind missed
    const branch = status === 200 ? '#/anyOf/0' : '#/anyOf/1';
    const errors = validate.errors?.filter((e) => e.keyword !== 'anyOf' && (!e.schemaPath.startsWith('#/anyOf/') || e.schemaPath.startsWith(branch)));
    throw new Error(
      `${method} ${openApiPath(url)} (HTTP ${res.statusCode}) answered a body that does not match the OpenAPI document: ` +
        `${ajv.errorsText(errors?.length ? errors : validate.errors, { separator: '; ' })}\n${body.slice(0, 600)}`,
    );
  }
}

/** A multipart payload's fields: text as text, a file as its name; a repeated field as a list. */
export function parseMultipart(payload: Buffer, contentType: string): Record<string, unknown> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error(`multipart request without a boundary: ${contentType}`);
  const delimiter = `--${boundary[1] ?? boundary[2].trim()}`;
  const fields: Record<string, unknown> = {};
  for (const part of payload.toString('latin1').split(delimiter).slice(1)) {
    if (part.startsWith('--')) break;
    const end = part.indexOf('\r\n\r\n');
    if (end < 0) continue;
    const head = part.slice(0, end);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    const file = /filename="([^"]*)"/i.exec(head);
    const value = file ? (file[1] || 'file') : Buffer.from(part.slice(end + 4).replace(/\r\n$/, ''), 'latin1').toString('utf8');
    const prev = fields[name];
    fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return fields;
}

type InjectOptions = { method?: string; url?: string; path?: string; payload?: unknown; body?: unknown; headers?: Record<string, unknown> };

/** The request's media type and body as a validator sees it (undefined: no body). */
function requestBodyOf(opts: InjectOptions): { type: string; data: unknown } | undefined {
  const payload = opts.payload ?? opts.body;
  if (payload === undefined || payload === null || payload === '') return undefined;
  const header = Object.entries(opts.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const contentType = header !== undefined ? [header].flat().map(String).join(', ') : typeof payload === 'object' && !Buffer.isBuffer(payload) ? 'application/json' : 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'multipart/form-data') return { type, data: parseMultipart(Buffer.isBuffer(payload) ? payload : Buffer.from(asText(payload)), contentType) };
  if (type === 'application/json' || type.endsWith('+json')) {
    if (typeof payload === 'object' && !Buffer.isBuffer(payload)) return { type, data: payload };
    return { type, data: JSON.parse(asText(payload)) };
  }
  return { type, data: asText(payload) };
}

/** A non-JSON-object payload (text or bytes) as text. */
const asText = (p: unknown): string => (Buffer.isBuffer(p) ? p.toString('utf8') : typeof p === 'string' ? p : JSON.stringify(p));

/** Did the server take the request (HTTP 2xx, and no error `status` in a JSON body)? */
function accepted(res: LightMyRequestResponse): boolean {
  if (res.statusCode < 200 || res.statusCode >= 300) return false;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return true;
  try {
    const status = (JSON.parse(bodyOf(res)) as { status?: unknown } | null)?.status;
    return status === undefined || status === 200;
  } catch {
    return true;
  }
}

/** Throws when the server took a request that the document would refuse. */
export function checkRequest(app: FastifyInstance, opts: InjectOptions, res: LightMyRequestResponse) {
  const method = String(res.raw.req.method ?? opts.method ?? 'GET').toUpperCase();
  const url = routeOf(app, method, String(res.raw.req.url ?? ''));
  if (!url || !isApiRoute(url) || method === 'HEAD' || !accepted(res)) return;
  const op = operationOf(app, method, url);
  const where = `${method} ${openApiPath(url)} (HTTP ${res.statusCode})`;
  const guarded = (op.security ?? []).length > 0;
  const auth = Object.entries(opts.headers ?? {}).some(([k, v]) => k.toLowerCase() === 'authorization' && v);
  if (guarded && !auth) throw new Error(`${where} was answered without a token, but the OpenAPI document requires one (security)`);
  const body = requestBodyOf(opts);
  if (!body) {
    if (op.requestBody?.required) throw new Error(`${where} took a request without a body, but the OpenAPI document requires one`);
    return;
  }
  // no body described: the route reads none (the spec's client still sends `{}`; any readable body is ignored)
  if (!op.requestBody) return;
  const media = op.requestBody.content[body.type];
  if (!media) throw new Error(`${where} took a ${body.type} body, but the OpenAPI document offers only ${Object.keys(op.requestBody.content).join(', ')}`);
  if (!media.schema) return;
  const validate = compiled(`request ${method} ${openApiPath(url)} ${body.type}`, media.schema);
  if (!validate(body.data)) {
    throw new Error(
      `${where} took a ${body.type} body that the OpenAPI document refuses: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n` +
        `${JSON.stringify(body.data).slice(0, 600)}`,
    );
  }
}

/** Wraps `app.inject` (promise form) so that every request and answer is checked. */
export function checkInjectedResponses(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (opts?: unknown, cb?: unknown) => unknown;
  const checked = (opts?: unknown, cb?: unknown) => {
    if (opts === undefined || cb !== undefined) return inject(opts, cb);
    return (inject(opts) as Promise<LightMyRequestResponse>).then((res) => {
      checkResponse(app, res);
      if (typeof opts === 'object' && opts !== null) checkRequest(app, opts, res);
      return res;
    });
  };
  app.inject = checked as unknown as FastifyInstance['inject'];
}
