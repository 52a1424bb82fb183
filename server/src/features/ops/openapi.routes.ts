import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import fp from 'fastify-plugin';
import { buildOpenApiDocument, type OpenApiDocument } from '../../platform/openapi/document.js';
import { TAG } from '../../platform/openapi/fragments.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document of every registered route (built once, on first use after start). */
    openapiDocument(): OpenApiDocument;
  }
}

/** Swagger UI's files, from its npm package (served by us: no CDN). */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

/** Starts Swagger UI: a file of its own, as the CSP allows no inline script. */
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
    tryItOutEnabled: false,
  });
});
`;

const DOCS_HTML = `<!doctype html>
<html lang="tr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>QR Menü API başvurusu</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"><p>API başvurusu yükleniyor… Belgenin kendisi: <a href="/api/openapi.json">/api/openapi.json</a></p></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/**
 * GET /api/openapi.json (generated from the routes and the contract's zod schemas) and GET /api/docs
 * (Swagger UI). Not encapsulated: `app.openapiDocument()` is used by the tests' response check.
 */
const openapiRoutes = fp(async (app) => {
  let doc: OpenApiDocument | undefined;
  app.decorate('openapiDocument', () => (doc ??= buildOpenApiDocument(app.routeList)));

  let text: string | undefined;
  app.get('/api/openapi.json', {
    config: {
      doc: {
        tag: TAG.ops, access: 'public', summary: 'Bu OpenAPI 3.1 belgesi',
        response: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
      },
    },
  }, async (_request, reply) => {
    text ??= JSON.stringify(app.openapiDocument());
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(text);
  });

  app.get('/api/docs', {
    config: { doc: { tag: TAG.ops, access: 'public', html: 'Okunabilir API başvurusu (Swagger UI, yerel dosyalardan)', summary: 'API başvurusu' } },
  }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(DOCS_HTML));

  let dist: string | undefined;
  app.get<{ Params: { file: string } }>('/api/docs/:file', async (request, reply) => {
    const name = request.params.file;
    if (name === 'init.js') return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(INIT_JS);
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) return reply.callNotFound();
    dist ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    return reply
      .type(asset.type)
      .header('Cache-Control', 'public, max-age=86400')
      .send(fs.createReadStream(path.join(dist, asset.file)));
  });
});

export default openapiRoutes;
