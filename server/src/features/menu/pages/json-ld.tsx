/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { LabelCode, PublicCategory, PublicCompany, PublicProduct } from '@qrmenu/contract';
import { formatAmount } from '@qrmenu/contract';
import { withLang, type PageLang } from './lang.js';

/**
 * schema.org data of the menu pages (JSON-LD): the business as a `Restaurant` and its menu as
 * `Menu` → `MenuSection` → `MenuItem`. A `<script type="application/ld+json">` is a data block:
 * browsers never execute it (so the CSP's `script-src` does not apply), search engines read it.
 */

/** Opening hours per weekday (1 = Monday … 7 = Sunday): up to two `HH:MM` ranges; absent or empty = closed. */
export type WeekHours = Partial<Record<number, ReadonlyArray<readonly [string, string] | { open: string; close: string }> | null>>;

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DIETS: Partial<Record<LabelCode, string>> = {
  vegan: 'https://schema.org/VeganDiet',
  vejetaryen: 'https://schema.org/VegetarianDiet',
  glutensiz: 'https://schema.org/GlutenFreeDiet',
};
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** JSON that cannot end its `<script>` (nor open a comment or an entity): `<`, `>`, `&` as \u escapes. */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}

/** A past-midnight range (18:00–02:00) stays one specification: schema.org reads `closes` before `opens` as the next day. */
export function openingHours(hours: WeekHours | undefined) {
  if (!hours) return undefined;
  const specs = DAYS.flatMap((day, i) =>
    (hours[i + 1] ?? []).map((r) => ('open' in r ? r : { open: r[0], close: r[1] }))
      .filter((r) => HHMM.test(r.open) && HHMM.test(r.close))
      .map((r) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${day}`, opens: r.open, closes: r.close })),
  );
  return specs.length ? specs : undefined;
}

export interface RestaurantInput {
  company: PublicCompany;
  L: PageLang;
  /** Absolute base (PUBLIC_URL). */
  base: string;
  image?: string;
  hours?: WeekHours;
  /** The menu: its address (landing) or the `Menu` itself (category pages). */
  hasMenu: unknown;
}

/** The business: name, address (province as `addressLocality`), phone, hours, picture, menu. No `servesCuisine`: we do not know it. */
export function restaurant({ company, L, base, image, hours, hasMenu }: RestaurantInput) {
  const street = company.address.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: company.name,
    url: base + withLang(`/qr/${company.slug}`, L.code),
    ...(company.tel.trim() ? { telephone: company.tel.trim() } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(street ? { streetAddress: street } : {}),
      ...(company.city_name ? { addressLocality: company.city_name } : {}),
      addressCountry: 'TR',
    },
    ...(image ? { image } : {}),
    ...(hours && openingHours(hours) ? { openingHoursSpecification: openingHours(hours) } : {}),
    hasMenu,
  };
}

const menuUrl = (base: string, company: PublicCompany, L: PageLang) => base + withLang(`/qr/${company.slug}/category`, L.code);
const sectionUrl = (base: string, company: PublicCompany, id: number, L: PageLang) => base + withLang(`/qr/${company.slug}/category/${id}`, L.code);

/** The category list as a `Menu` of `MenuSection`s (each with its address). */
export function menuOfSections(base: string, company: PublicCompany, categories: PublicCategory[], L: PageLang) {
  return {
    '@type': 'Menu',
    name: L.t.categoriesTitle,
    url: menuUrl(base, company, L),
    inLanguage: L.code,
    hasMenuSection: categories.map((c) => ({ '@type': 'MenuSection', name: c.name, url: sectionUrl(base, company, c.id, L) })),
  };
}

/** UN/CEFACT codes of the amount units (schema.org `unitCode`); a portion has none, its `unitText` says it. */
const UNIT_CODES: Record<string, string> = { g: 'GRM', kg: 'KGM', ml: 'MLT', cl: 'CLT', L: 'LTR', adet: 'H87' };
/** An amount as a schema.org QuantitativeValue: an offer's `eligibleQuantity` ("this price is for 250 g"). */
const quantity = (value: number, unit: string) => ({ '@type': 'QuantitativeValue', value, ...(UNIT_CODES[unit] ? { unitCode: UNIT_CODES[unit] } : {}), unitText: unit });

/**
 * One product: its price (a campaign price is the price) or its portions as offers, and its diets.
 * Amounts (issue 41): each offer's `eligibleQuantity`, and the product's as its serving size.
 */
export function menuItem(p: PublicProduct) {
  const soldOut = p.sold_out === '1' ? { availability: 'https://schema.org/SoldOut' } : {};
  const offer = (price: number, name?: string, amount?: number | null, unit?: string | null) => ({
    '@type': 'Offer', ...(name ? { name } : {}), price, priceCurrency: 'TRY', ...(amount != null && unit ? { eligibleQuantity: quantity(amount, unit) } : {}), ...soldOut,
  });
  const offers = p.variants.length
    ? p.variants.map((v) => offer(v.price, v.name, v.amount, v.unit))
    : p.selling_price != null ? offer(p.selling_price, undefined, p.amount, p.amount_unit) : undefined;
  const diets = p.labels.map((l) => DIETS[l]).filter((d): d is string => Boolean(d));
  return {
    '@type': 'MenuItem',
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    ...(offers ? { offers } : {}),
    ...(p.amount != null && p.amount_unit ? { nutrition: { '@type': 'NutritionInformation', servingSize: formatAmount(p.amount, p.amount_unit) } } : {}),
    ...(diets.length ? { suitableForDiet: diets.length === 1 ? diets[0] : diets } : {}),
  };
}

/** A category page as a `Menu` with the one `MenuSection` and its `MenuItem`s. */
export function menuOfItems(base: string, company: PublicCompany, category: PublicCategory, products: PublicProduct[], L: PageLang) {
  return {
    '@type': 'Menu',
    name: L.t.categoriesTitle,
    url: menuUrl(base, company, L),
    inLanguage: L.code,
    hasMenuSection: {
      '@type': 'MenuSection',
      name: category.name,
      url: sectionUrl(base, company, category.id, L),
      hasMenuItem: products.map(menuItem),
    },
  };
}
