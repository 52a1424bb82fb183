import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import Router from 'find-my-way';
import { isApiRoute, openApiPath } from '../src/platform/openapi/document.js';

/**
 * Every JSON answer an API test receives through `app.inject` on an /api/ route is validated
 * against the OpenAPI document's schema for that route and HTTP status: a mismatch fails the test.
 * Validators are compiled once per route and status (per test file).
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
  return (router.find(method as Router.HTTPMethod, path.split('?')[0]!)?.store as { url?: string } | undefined)?.url;
}

type Responses = Record<string, { content?: Record<string, { schema?: object }> }>;

function validatorFor(app: FastifyInstance, method: string, url: string, statusCode: number): ValidateFunction {
  const path = openApiPath(url);
  const op = (app.openapiDocument().paths[path] as Record<string, { responses: Responses }> | undefined)?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  const response = op.responses[String(statusCode)] ?? op.responses.default;
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path}: the OpenAPI document has no JSON answer for HTTP ${statusCode}`);
  const key = `${method} ${path} ${response === op.responses.default ? 'default' : statusCode}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
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
  if (method === 'HEAD' || res.body === '' || !String(res.headers['content-type'] ?? '').startsWith('application/json')) return;
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

/** Wraps `app.inject` (promise form) so that every answer is checked. */
export function checkInjectedResponses(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (opts?: unknown, cb?: unknown) => unknown;
  const checked = (opts?: unknown, cb?: unknown) => {
    if (opts === undefined || cb !== undefined) return inject(opts, cb);
    return (inject(opts) as Promise<LightMyRequestResponse>).then((res) => {
      checkResponse(app, res);
      return res;
    });
  };
  app.inject = checked as unknown as FastifyInstance['inject'];
}
