import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../platform/html.js';
import type { AnyLanguage } from '@qrmenu/contract';
import { withLang } from '../menu/index.js';
import { sitemapBusinesses, sitemapSizes, type SitemapBusiness } from './seo.repository.js';

/**
 * For search engines: `GET /robots.txt` (the menus open, the owner and admin areas and the API
 * closed, the sitemap named) and `GET /sitemap.xml`: every active business's landing, category list
 * and category pages, each language of the menu as its own entry with hreflang alternates. Passive
 * businesses and passive categories are absent. Above 50,000 entries (the protocol's limit)
 * `/sitemap.xml` is an index of parts `/sitemap/{from}-{to}.xml` (user-id ranges). Each part is
 * read from the database 500 businesses at a time. The index (or the single file) and each listed
 * part are made once and served from memory until any edit (of any business, in any process
 * through Redis: the menu cache's invalidation) ends them; concurrent requests after an edit share
 * one build.
 */

/** The sitemap protocol's limit of entries per file. */
export const MAX_SITEMAP_URLS = 50_000;
const CHUNK = 500;
const XML_TYPE = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';
const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const PART = /^(\d{1,10})-(\d{1,10})\.xml$/;
/** Ids are 32-bit integers on PostgreSQL: ranges stay within them. */
const MAX_ID = 2_147_483_647;

/** A business's pages: landing, category list, each active category. */
const pagesOf = (b: SitemapBusiness) => [`/qr/${b.slug}`, `/qr/${b.slug}/category`, ...b.categories.map((id) => `/qr/${b.slug}/category/${id}`)];

/** Entries of one business: one `<url>` per page and language, each naming every language (and `x-default`: Turkish). */
export function businessEntries(base: string, b: SitemapBusiness): string {
  const langs: AnyLanguage[] = ['tr', ...b.languages];
  let out = '';
  for (const path of pagesOf(b)) {
    const alternates = b.languages.length
      ? langs.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(base + withLang(path, l))}"/>`).join('') +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(base + path)}"/>`
      : '';
    for (const l of langs) out += `<url><loc>${escapeHtml(base + withLang(path, l))}</loc>${alternates}</url>\n`;
  }
  return out;
}

/** Entries a business adds to the sitemap. */
const entryCount = (s: { languages: number; categories: number }) => (2 + s.categories) * (1 + s.languages);

/** User-id ranges of at most `max` entries each (a business is never split). */
export function planParts(sizes: Array<{ userId: number; languages: number; categories: number }>, max: number): Array<{ from: number; to: number }> {
  const parts: Array<{ from: number; to: number }> = [];
  let current: { from: number; to: number } | undefined;
  let count = 0;
  for (const s of sizes) {
    const n = entryCount(s);
    if (current && count + n > max) {
      parts.push(current);
      current = undefined;
    }
    if (!current) {
      current = { from: s.userId, to: s.userId };
      count = 0;
    }
    current.to = s.userId;
    count += n;
  }
  if (current) parts.push(current);
  return parts;
}

/** Bytes of sitemap documents kept in memory (25,000 businesses in several languages: ≈ 50 MB in six parts). */
const STORE_BYTES = 64 * 1024 * 1024;

/** Sitemap documents by key, valid while their token is the current one; least recently used go first. */
class SitemapStore {
  private docs = new Map<string, { token: string; body: Buffer }>();
  private building = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  constructor(private readonly max: number) {}

  async get(key: string, token: string, build: () => Promise<Buffer>, keep: boolean): Promise<Buffer> {
    const doc = this.docs.get(key);
    if (doc && doc.token === token) {
      this.docs.delete(key);
      this.docs.set(key, doc); // most recently used
      return doc.body;
    }
    const id = `${token} ${key}`;
    let job = this.building.get(id);
    if (!job) {
      job = build().finally(() => this.building.delete(id));
      this.building.set(id, job);
      if (keep) void job.then((body) => this.put(key, token, body), () => undefined);
    }
    return job;
  }

  private put(key: string, token: string, body: Buffer) {
    this.drop(key);
    if (body.length > this.max) return;
    this.docs.set(key, { token, body });
    this.bytes += body.length;
    for (const [k, d] of this.docs) {
      if (this.bytes <= this.max) break;
      if (d.token !== token || k !== key) this.drop(k);
    }
  }

  private drop(key: string) {
    const d = this.docs.get(key);
    if (!d) return;
    this.docs.delete(key);
    this.bytes -= d.body.length;
  }
}

const sitemapRoutes: FastifyPluginAsync<{ maxUrls?: number }> = async (app, opts) => {
  const max = opts.maxUrls ?? MAX_SITEMAP_URLS;
  const base = app.config.publicUrl;

  async function* urlset(range: { from: number; to: number }) {
    yield URLSET_OPEN;
    let after = range.from - 1;
    for (;;) {
      const chunk = await sitemapBusinesses(app.db, range, after, CHUNK);
      if (chunk.length) yield chunk.map((b) => businessEntries(base, b)).join('');
      if (chunk.length < CHUNK) break;
      after = chunk[chunk.length - 1].userId;
    }
    yield '</urlset>\n';
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(['User-agent: *', 'Allow: /qr/', 'Disallow: /user', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n')),
  );

  /** `/sitemap.xml`: the whole urlset when it fits in one file, else the index of the parts. */
  async function* root(): AsyncGenerator<string> {
    const sizes = await sitemapSizes(app.db);
    const total = sizes.reduce((sum, s) => sum + entryCount(s), 0);
    if (total <= max) {
      yield* urlset({ from: 0, to: MAX_ID });
      return;
    }
    const parts = planParts(sizes, max).map((p) => `<sitemap><loc>${escapeHtml(partUrl(p))}</loc></sitemap>\n`);
    yield `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join('')}</sitemapindex>\n`;
  }
  const partUrl = (p: { from: number; to: number }) => `${base}/sitemap/${p.from}-${p.to}.xml`;

  const cache = app.hasDecorator('menuCache') ? app.menuCache : undefined;
  const store = new SitemapStore(STORE_BYTES);
  /**
   * A document kept until an edit: the validity token is a tiny menu-cache entry belonging to no
   * business (so any edit, in any process through Redis, ends it); the documents themselves are
   * kept here, apart from the menus (they would push the diners' answers out of the menu cache).
   * Concurrent requests share one build. Without a menu cache (a bare test app): streamed.
   */
  const cached = async (key: string, build: () => AsyncIterable<string>, keep = true): Promise<Buffer | Readable> => {
    if (!cache) return Readable.from(build(), { objectMode: false });
    const token = (await cache.resolve('sitemap:token', async () => ({ statusCode: 200, contentType: 'text/plain', body: String(++tokens), cacheable: true }))).body.toString();
    return store.get(key, token, async () => {
      let body = '';
      for await (const chunk of build()) body += chunk;
      return Buffer.from(body, 'utf8');
    }, keep);
  };
  let tokens = 0;

  app.get('/sitemap.xml', async (_request, reply) => {
    const body = await cached('root', root);
    return reply.type(XML_TYPE).header('cache-control', CACHE).send(body);
  });

  app.get<{ Params: { part: string } }>('/sitemap/:part', async (request, reply) => {
    const m = PART.exec(request.params.part);
    const from = m ? Number(m[1]) : NaN;
    const to = m ? Number(m[2]) : NaN;
    if (!m || from > to || to > MAX_ID) return reply.code(404).type('text/plain; charset=utf-8').send('Site haritası bulunamadı.');
    // only the parts the current index lists are kept (any other range is made and sent, not stored)
    const index = cache ? await cached('root', root) : undefined;
    const listed = Buffer.isBuffer(index) && index.includes(`<loc>${escapeHtml(partUrl({ from, to }))}</loc>`);
    const body = await cached(`part:${from}-${to}`, () => urlset({ from, to }), listed);
    return reply.type(XML_TYPE).header('cache-control', CACHE).send(body);
  });
};

export default sitemapRoutes;
