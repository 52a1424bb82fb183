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
 * streamed, read from the database 500 businesses at a time, so a large site costs little memory.
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
      after = chunk[chunk.length - 1]!.userId;
    }
    yield '</urlset>\n';
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(['User-agent: *', 'Allow: /qr/', 'Disallow: /user', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n')),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    reply.type(XML_TYPE).header('cache-control', CACHE);
    const sizes = await sitemapSizes(app.db);
    const total = sizes.reduce((sum, s) => sum + entryCount(s), 0);
    if (total <= max) return reply.send(Readable.from(urlset({ from: 0, to: MAX_ID }), { objectMode: false }));
    const parts = planParts(sizes, max).map((p) => `<sitemap><loc>${escapeHtml(`${base}/sitemap/${p.from}-${p.to}.xml`)}</loc></sitemap>\n`);
    return reply.send(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join('')}</sitemapindex>\n`);
  });

  app.get<{ Params: { part: string } }>('/sitemap/:part', async (request, reply) => {
    const m = PART.exec(request.params.part);
    const from = m ? Number(m[1]) : NaN;
    const to = m ? Number(m[2]) : NaN;
    if (!m || from > to || to > MAX_ID) return reply.code(404).type('text/plain; charset=utf-8').send('Site haritası bulunamadı.');
    return reply.type(XML_TYPE).header('cache-control', CACHE).send(Readable.from(urlset({ from, to }), { objectMode: false }));
  });
};

export default sitemapRoutes;
