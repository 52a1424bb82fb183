import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import SwaggerParser from '@apidevtools/swagger-parser';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { checkRequest, checkResponse } from '../../../test/openapi-check.js';
import { lintOpenApi } from '../../../test/openapi-lint.js';
import { isApiRoute, openApiPath, operationKey } from '../../platform/openapi/document.js';

type Operation = {
  'x-undocumented'?: boolean;
  'x-undocumented-response'?: boolean;
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/**
 * Routes whose JSON success body is not described field by field yet (the document gives them the
 * `{ status, message }` envelope and `x-undocumented-response`). Shrink this list: describe the
 * body in contract/src/responses*.ts and set `response` in the route's declared `config.doc`.
 */
const UNDOCUMENTED_RESPONSES: string[] = [];

let t: TestApp;
let doc: Doc;
const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: operationKey(method, path), op })));

beforeAll(async () => {
  // with a metrics token, so that the optional GET /metrics is registered and described too
  t = await buildTestApp({ config: { metricsToken: 'openapi-test-metrics-token' } });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(async () => t?.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (checked against the official schema)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('describes every registered API route (only the diner\'s pages and static files are left out)', () => {
    const served = t.app.routeList.filter((r) => isApiRoute(r.url)).map((r) => operationKey(r.method, openApiPath(r.url)));
    const missing = served.filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      return !op || op['x-undocumented'];
    });
    expect(missing, 'routes without a declared description (route option config.doc)').toEqual([]);
    // and no description declared on a route the document leaves out
    expect(t.app.routeList.filter((r) => r.doc && !isApiRoute(r.url)).map((r) => operationKey(r.method, r.url))).toEqual([]);
  });

  it('leaves out only the explicit non-API list', () => {
    const left = [...new Set(t.app.routeList.filter((r) => !isApiRoute(r.url)).map((r) => r.url))].sort();
    for (const url of left) expect(url).toMatch(/^\/qr(\/|$)|^\/uploads\/\*$|^\/\*$|^\/api\/docs\/:file$|^\/robots\.txt$|^\/sitemap(\.xml|\/:part)$/);
  });

  it(`lists the routes whose success body is still undocumented (${UNDOCUMENTED_RESPONSES.length})`, () => {
    const undocumented = operations().filter(({ op }) => op['x-undocumented-response']).map(({ key }) => key).sort();
    expect(undocumented).toEqual([...UNDOCUMENTED_RESPONSES].sort());
  });

  it('has unique operation ids, declares every path parameter, and every schema compiles', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const ids = new Set<string>();
    for (const { key, op } of operations()) {
      expect(ids.has(op.operationId!), key).toBe(false);
      ids.add(op.operationId!);
      const path = key.split(' ')[1];
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], key).toEqual(inPath);
      const schemas = [
        ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
        ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
      ];
      for (const schema of schemas) expect(() => ajv.compile(schema), key).not.toThrow();
    }
  });

  it('describes multipart bodies, file answers and the event stream', () => {
    const form = doc.paths['/api/store-product'].post.requestBody!.content['multipart/form-data'].schema as { properties: Record<string, { format?: string }> };
    expect(form.properties.image?.format).toBe('binary');
    expect(form.properties.name).toBeDefined();
    expect(Object.keys(doc.paths['/api/qr-cards.pdf'].get.responses['200'].content!)).toContain('application/pdf');
    expect(Object.keys(doc.paths['/api/export-menu'].get.responses['200'].content!)).toEqual(
      expect.arrayContaining(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']),
    );
    expect(Object.keys(doc.paths['/api/export-my-data'].get.responses['200'].content!)).toContain('application/zip');
    expect(Object.keys(doc.paths['/api/waiter-calls/stream'].get.responses['200'].content!)).toContain('text/event-stream');
    expect(doc.paths['/api/import-menu'].post.requestBody!.content['multipart/form-data']).toBeDefined();
  });

  it('describes the body status honestly: HTTP 200 is the success body or an error body', () => {
    const ok = doc.paths['/api/edit-category/{id}'].get.responses['200'].content!['application/json'].schema as { anyOf: unknown[] };
    expect(ok.anyOf).toHaveLength(2);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(ok);
    expect(validate({ status: 404, message: 'Kategori bulunamadı.' })).toBe(true);
    expect(validate({ status: 200, message: 'Kategori bilgileri getirildi.' })).toBe(false); // a success without the category
    expect(doc.paths['/api/edit-category/{id}'].get.responses['401']).toBeDefined();
    expect(doc.paths['/api/edit-category/{id}'].get.responses['403']).toBeDefined();
  });
});

describe('Redocly lint (redocly.yaml)', () => {
  /** The warnings redocly.yaml justifies: public reads that never answer an HTTP 4xx. */
  const JUSTIFIED = ['/sanctum/csrf-cookie', '/api/getCategory/{company}', '/api/getProduct/{id}', '/api/health', '/api/openapi.json', '/api/docs']
    .map((p) => `operation-4xx-response #/paths/${p.replaceAll('/', '~1')}/get/responses`)
    .sort();

  it('reports no error, and no warning beyond the ones justified in redocly.yaml', () => {
    const { ok, problems, output } = lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error'), output.slice(0, 4000)).toEqual([]);
    expect(ok, output.slice(0, 4000)).toBe(true);
    expect(problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`).sort()).toEqual(JUSTIFIED);
  }, 120_000);

  it('has security on every operation, tags with descriptions and a licence', () => {
    for (const { key, op } of operations()) {
      expect(Array.isArray(op.security), key).toBe(true);
    }
    expect(doc.paths['/api/login'].post.security ?? null).toEqual([]);
    expect(doc.paths['/api/view-category'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/metrics'].get.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(doc.paths['/metrics'].get.responses)).toEqual(expect.arrayContaining(['200', '401']));
    const full = doc as unknown as { tags: Array<{ name: string; description?: string }>; info: { license?: { name: string } } };
    for (const tag of full.tags) expect(tag.description, tag.name).toBeTruthy();
    expect(full.info.license?.name).toBeTruthy();
  });
});

describe('the API tests check the bodies they receive against the document', () => {
  it('a body that does not match fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 200, message: 'OK', database: 'up' });
    const wrong = Object.assign(Object.create(Object.getPrototypeOf(res)), res, { body: '{"status":200}', payload: '{"status":200}', json: () => ({ status: 200 }) });
    expect(() => checkResponse(t.app, wrong)).toThrow(/GET \/api\/health \(HTTP 200\).*does not match the OpenAPI document: data must have required property 'message'[;\n]/s);
  });
});

describe('the API tests check the requests the server takes against the document', () => {
  it('a body the server took but the document refuses fails; one it refused passes', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Ayşe Yılmaz', email: 'openapi-req@example.com', password: 'gizli-sifre-1' } });
    const token = login.json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const res = await t.app.inject({ method: 'POST', url: '/api/update-account', headers, payload: { name: 'Ayşe Kaya' } });
    expect(res.json()).toMatchObject({ status: 200 });
    // the same answer, as if the server had taken a body the document does not allow
    expect(() => checkRequest(t.app, { method: 'POST', url: '/api/update-account', headers, payload: { name: { first: 'Ayşe' } } }, res)).toThrow(
      /POST \/api\/update-account \(HTTP 200\) took a application\/json body that the OpenAPI document refuses/,
    );
    expect(() => checkRequest(t.app, { method: 'POST', url: '/api/update-account', payload: { name: 'Ayşe Kaya' } }, res)).toThrow(/without a token/);
    expect(() =>
      checkRequest(t.app, { method: 'POST', url: '/api/update-account', headers: { ...headers, 'content-type': 'text/plain' }, payload: 'Ayşe' }, res),
    ).toThrow(/offers only application\/json/);
    // a refused request is not checked: the server and the document agree on it
    const refused = await t.app.inject({ method: 'POST', url: '/api/update-account', headers, payload: { name: '' } });
    expect(refused.json().status).toBe(422);
    expect(() => checkRequest(t.app, { method: 'POST', url: '/api/update-account', headers, payload: { name: { first: 'Ayşe' } } }, refused)).not.toThrow();
  });

  it('an HTTP status the document does not list for the route fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const odd = Object.assign(Object.create(Object.getPrototypeOf(res)), res, { statusCode: 418 });
    expect(() => checkResponse(t.app, odd)).toThrow(/GET \/api\/health answered HTTP 418, which the OpenAPI document does not list/);
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from local files, within the app\'s CSP (no inline script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(res.body).not.toMatch(/(src|href)="https?:/);
    for (const [file, type] of [['swagger-ui-bundle.js', /javascript/], ['swagger-ui.css', /text\/css/], ['init.js', /javascript/]] as const) {
      expect(res.body).toContain(`/api/docs/${file}`);
      const asset = await t.app.inject({ method: 'GET', url: `/api/docs/${file}` });
      expect(asset.statusCode, file).toBe(200);
      expect(asset.headers['content-type']).toMatch(type);
      expect(asset.body.length).toBeGreaterThan(100);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
