import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@qrmenu/contract';
import { UPLOAD_KEY } from '../../platform/storage/store.js';

/** Stored names are never reused: a year, immutable — as the SPA's hashed assets. */
export const UPLOADS_CACHE = 'public, max-age=31536000, immutable';

interface Meta {
  etag?: string;
  lastModified?: Date;
  contentType: string;
}

/** The client's copy is current: the ETag matches, or (names being immutable) it holds some copy of an existing object. */
function notModified(request: FastifyRequest, meta: Meta): boolean {
  const inm = request.headers['if-none-match'];
  if (typeof inm === 'string') {
    if (!meta.etag) return false;
    const tag = meta.etag.replace(/^W\//, '');
    return inm.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === tag);
  }
  return typeof request.headers['if-modified-since'] === 'string';
}

function headers(reply: FastifyReply, meta: Meta) {
  reply
    .header('cache-control', UPLOADS_CACHE)
    .header('content-type', meta.contentType)
    .header('accept-ranges', 'bytes')
    // photos are public: a page on another origin (a CDN in front of the app) may show them
    .header('cross-origin-resource-policy', 'cross-origin');
  if (meta.etag) reply.header('etag', meta.etag);
  if (meta.lastModified) reply.header('last-modified', meta.lastModified.toUTCString());
}

const httpStatusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/**
 * `/uploads/…` from a bucket (STORAGE_URL): streamed through, with the headers the local files get
 * (a year's immutable caching, ETag, Last-Modified, ranges), 304 for a current copy, the SPA's 404
 * page for a missing one, and 503 while the bucket is out of reach.
 */
const uploadsFromStore: FastifyPluginAsync = async (app) => {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    handler: async (request, reply) => {
      const key = `uploads/${request.params['*']}`;
      if (!UPLOAD_KEY.test(key) || key.includes('..')) return reply.callNotFound();
      try {
        if (request.method === 'HEAD') {
          const meta = await app.storage.head(key);
          if (!meta) return reply.callNotFound();
          headers(reply, meta);
          if (notModified(request, meta)) return reply.code(304).send();
          return reply.header('content-length', meta.size).send();
        }
        const range = request.headers.range;
        const obj = await app.storage.get(key, { range: typeof range === 'string' && /^bytes=\d*-\d*$/.test(range) ? range : undefined });
        if (!obj) return reply.callNotFound();
        headers(reply, obj);
        if (notModified(request, obj)) {
          obj.body.destroy();
          return reply.code(304).send();
        }
        if (obj.contentRange) reply.code(206).header('content-range', obj.contentRange);
        return reply.header('content-length', obj.size).send(obj.body);
      } catch (err) {
        if (httpStatusOf(err) === 416) return reply.code(416).header('content-range', 'bytes */*').send();
        request.log.error({ err }, 'uploads: the file store did not answer');
        return reply.code(503).header('retry-after', '5').send({ status: 503, message: MSG.serverError });
      }
    },
  });
};

export default uploadsFromStore;
