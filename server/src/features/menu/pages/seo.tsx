/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { ReactNode } from 'react';
import type { AnyLanguage, PublicCategory, PublicCompany, PublicProduct } from '@qrmenu/contract';
import { withLang, type PageLang } from './lang.js';
import { JsonLd, menuOfItems, menuOfSections, restaurant, type WeekHours } from './json-ld.js';
import { absolutePhoto } from './photo.js';

/**
 * What a search engine and a chat app's link preview read on a menu page: the description, the
 * canonical address, Open Graph and Twitter card tags, and (landing and category pages) JSON-LD.
 * Built here and handed to the page templates as one `seo` block, so the templates stay as they are.
 */

/** Where a business's pages are found and what represents it (built per request by the route). */
export interface SeoSite {
  /** Absolute base of every address (PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  /** The menu's first product photo (stored path), the picture when there is no cover or logo. */
  photo?: string | null;
  cover?: string | null;
  logo?: string | null;
  hours?: WeekHours | null;
  /** Where the photos are served from (STORAGE_PUBLIC_URL), when not from `publicUrl` itself. */
  photoBase?: string;
}

/** Branding of a business, when it has any: the cover, else the logo, is its picture; its hours go to JSON-LD. */
export interface SeoBranding {
  cover?: string | null;
  logo?: string | null;
  hours?: WeekHours | null;
}

/** A business's `SeoSite`; `branding` may be the business's whole branding (only cover, logo and hours are read). */
export function seoSite(publicUrl: string, photo: string | null | undefined, branding: SeoBranding = {}, photoBase?: string): SeoSite {
  return { publicUrl, photo, cover: branding.cover, logo: branding.logo, hours: branding.hours, photoBase: photoBase || undefined };
}

/** What a template puts in its `<head>`: the page's description and the tags. */
export interface Seo {
  description: string;
  head: ReactNode;
}

const OG_LOCALE: Record<AnyLanguage, string> = { tr: 'tr_TR', en: 'en_US', de: 'de_DE', ru: 'ru_RU', ar: 'ar_AR', fr: 'fr_FR' };
const STORED = /^uploads\/[\w.-]+$/;
const MAX_DESCRIPTION = 160;

/**
 * The link-preview picture: the cover, else the logo, else the photo — the stored WebP itself (the
 * largest of its variants, ≤ 1920 px; `-md`/`-sm` are the smaller ones), as an absolute address.
 */
export function shareImage(publicUrl: string, ...candidates: Array<string | null | undefined>): string | undefined {
  return shareImageFrom(publicUrl, undefined, ...candidates);
}
/** `shareImage` of a site whose photos are served from `photoBase` (STORAGE_PUBLIC_URL) when set. */
function shareImageFrom(publicUrl: string, photoBase: string | undefined, ...candidates: Array<string | null | undefined>): string | undefined {
  const image = candidates.find((c): c is string => typeof c === 'string' && STORED.test(c));
  return image ? absolutePhoto(image, publicUrl, photoBase) : undefined;
}

/**
 * `Çınar Kafe, İstanbul — Menü: Kahvaltı, Çorbalar, Tatlılar…`: the business, its province, then
 * what the page lists (cut at a word-list boundary to stay a search-result snippet long), or `fallback`.
 */
export function describe(company: PublicCompany, lead: string, items: string[], fallback: string): string {
  const head = company.city_name ? `${company.name}, ${company.city_name} — ` : `${company.name} — `;
  const names = items.map((s) => s.trim()).filter(Boolean);
  if (!names.length) return head + fallback;
  let list = '';
  for (const n of names) {
    const next = list ? `${list}, ${n}` : n;
    if (head.length + lead.length + next.length + 3 > MAX_DESCRIPTION) {
      list = list ? `${list}…` : `${n.slice(0, Math.max(0, MAX_DESCRIPTION - head.length - lead.length - 3))}…`;
      return `${head}${lead}: ${list}`;
    }
    list = next;
  }
  return `${head}${lead}: ${list}.`;
}

interface TagsInput {
  site: SeoSite;
  company: PublicCompany;
  L: PageLang;
  /** The page's address without its query (filters, search words and `masa` are not the page). */
  path: string;
  description: string;
  image?: string;
  jsonLd?: unknown;
}

/** Canonical link, Open Graph and Twitter card tags (and JSON-LD when given). */
function tags({ site, company, L, path, description, image, jsonLd }: TagsInput): ReactNode {
  const url = site.publicUrl + withLang(path, L.code);
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={company.name} />
      <meta property="og:title" content={company.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={OG_LOCALE[L.code]} />
      {L.offered.filter((c) => c !== L.code).map((c) => <meta key={c} property="og:locale:alternate" content={OG_LOCALE[c]} />)}
      {image ? <meta property="og:image" content={image} /> : null}
      {image ? <meta property="og:image:alt" content={company.name} /> : null}
      {/* the card's description is og:description (X reads it from there) */}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={company.name} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
    </>
  );
}

const picture = (site: SeoSite, photo?: string | null) => shareImageFrom(site.publicUrl, site.photoBase, site.cover, site.logo, photo, site.photo);

/** `/qr/{company}`: the business and what its menu holds; `Restaurant` with the menu's address. */
export function landingSeo(site: SeoSite, company: PublicCompany, L: PageLang, categories: PublicCategory[]): Seo {
  const description = describe(company, L.t.categoriesTitle, categories.map((c) => c.name), L.t.landingDescription(company.name));
  const image = picture(site);
  const hasMenu = site.publicUrl + withLang(`/qr/${company.slug}/category`, L.code);
  const jsonLd = restaurant({ company, L, base: site.publicUrl, image, hours: site.hours ?? undefined, hasMenu });
  return { description, head: tags({ site, company, L, path: `/qr/${company.slug}`, description, image, jsonLd }) };
}

/** `/qr/{company}/category`: the categories; `Restaurant` with its `Menu` of sections. */
export function categoriesSeo(site: SeoSite, company: PublicCompany, L: PageLang, categories: PublicCategory[]): Seo {
  const description = describe(company, L.t.categoriesTitle, categories.map((c) => c.name), L.t.categoriesDescription(company.name));
  const image = picture(site);
  const hasMenu = menuOfSections(site.publicUrl, company, categories, L);
  const jsonLd = restaurant({ company, L, base: site.publicUrl, image, hours: site.hours ?? undefined, hasMenu });
  return { description, head: tags({ site, company, L, path: `/qr/${company.slug}/category`, description, image, jsonLd }) };
}

/** `/qr/{company}/category/{id}`: the category's products; `Restaurant` → `Menu` → `MenuSection` → `MenuItem`s. */
export function productsSeo(site: SeoSite, company: PublicCompany, L: PageLang, category: PublicCategory, products: PublicProduct[]): Seo {
  const description = describe(company, category.name, products.map((p) => p.name), L.t.productsDescription(company.name, category.name));
  const image = picture(site, products.find((p) => p.image && STORED.test(p.image))?.image);
  const hasMenu = menuOfItems(site.publicUrl, company, category, products, L);
  const jsonLd = restaurant({ company, L, base: site.publicUrl, image, hours: site.hours ?? undefined, hasMenu });
  return { description, head: tags({ site, company, L, path: `/qr/${company.slug}/category/${category.id}`, description, image, jsonLd }) };
}

/** `/qr/{company}/ara`: found and previewed as the menu's search; the words searched are not part of its address. */
export function searchSeo(site: SeoSite, company: PublicCompany, L: PageLang): Seo {
  const description = describe(company, '', [], L.t.searchDescription(company.name));
  return { description, head: tags({ site, company, L, path: `/qr/${company.slug}/ara`, description, image: picture(site) }) };
}
