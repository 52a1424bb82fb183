import fp from 'fastify-plugin';

const FULL_TYPE = Symbol('multipart content type');
const MULTIPART = /^multipart\/form-data\s*;/i;

declare module 'fastify' {
  interface FastifyRequest {
    [FULL_TYPE]?: string;
  }
}

/**
 * Fastify's content-type parser caches each content type it meets in a first-in-first-out map of
 * 100 entries (toad-cache). A multipart form's type carries the form's own boundary, so every form
 * is a new key. An entry the map drops keeps pointing at the next one, so V8's young-generation
 * collections kept the whole run of entries alive, one after another: 550 KB copied per collection
 * with bare Fastify, 1.6 MB in the owner's product edits, and longer pauses of the loop that serves
 * the diners' menus (bench/README.md). Choosing the parser needs the media type only: Fastify sees
 * `multipart/form-data` alone, and the full header is back before any hook or handler reads the
 * form (the app's preValidation hook runs before the routes').
 */
export default fp((app, _opts, done) => {
  app.addHook('onRequest', (request, _reply, next) => {
    const headers = request.raw.headers;
    const type = headers['content-type'];
    if (type !== undefined && MULTIPART.test(type)) {
      request[FULL_TYPE] = type;
      headers['content-type'] = 'multipart/form-data';
    }
    next();
  });
  app.addHook('preValidation', (request, _reply, next) => {
    const type = request[FULL_TYPE];
    if (type !== undefined) request.raw.headers['content-type'] = type;
    next();
  });
  done();
}, { name: 'multipart-content-type' });
