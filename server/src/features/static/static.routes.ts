import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import uploadsFromStore from './uploads-from-store.js';

/**
 * The web workspace's build, found through its package (the npm workspace link), so the bundled
 * server/dist/main.js and the sources the tests run from (server/src/features/) find the same folder.
 */
export const WEB_DIST = path.join(path.dirname(createRequire(import.meta.url).resolve('@qrmenu/web/package.json')), 'dist');

/**
 * Serves the built SPA (hashed assets cached for a year, index.html never cached) and the
 * uploaded images (server-named, immutable): from DATA_DIR/uploads, or streamed from the bucket
 * (uploads.routes.ts). Unknown non-API GETs fall back to the SPA, which shows its own 404 page.
 * Not encapsulated: the root not-found handler uses `spaIndex`.
 */
const staticRoutes: FastifyPluginAsync = fp(async (app) => {
  if (app.storage.kind === 'local') {
    const uploads = path.join(app.config.dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: '365d',
      immutable: true,
      // photos are public: a page on another origin (a CDN in front of the app) may show them
      setHeaders: (res) => {
        res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  } else {
    await app.register(uploadsFromStore);
  }

  const hasWeb = fs.existsSync(path.join(WEB_DIST, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8') : '<!doctype html><title>QR Menü</title><p>Web uygulaması derlenmemiş: npm run build</p>';
  app.decorate('spaIndex', indexHtml);
});

declare module 'fastify' {
  interface FastifyInstance {
    spaIndex: string;
  }
}

export default staticRoutes;
