/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { ALLERGENS, formatAmount, type AllergenCode, type PublicProduct, type PublicSearchProduct } from '@qrmenu/contract';
import { ownText, TURKISH_PAGE, type PageLang } from './lang.js';
import { ResponsivePhoto } from './responsive-photo.js';
import { useContext } from 'react';
import { photoOf, PhotoBase } from './photo.js';
import { BRAND_WORDS } from './branding-texts.js';

/** "Saat 08:00–12:00 arası servis edilir": an item's service hours on the page. */
export function servedText(s: NonNullable<PublicProduct['service']>, L: PageLang): string {
  const W = BRAND_WORDS[L.code];
  return W.served(s.hours, s.weekday ? W.weekdays[s.weekday] : undefined);
}
import { OrderForm, type OrderForms } from './order-form.js';
import { TableField, useMenuLink } from './page-table.js';

/**
 * Product cards of the menu pages: sold out greyed with a `Tükendi` badge, a campaign price struck
 * through with an `İndirim` badge, portions with their prices, labels and allergens as text.
 */

/** The allergen filter's state on a page: the excluded codes and how many products they hid. */
export interface Filter {
  haric: AllergenCode[];
  hidden: number;
}

function Price({ p, L }: { p: PublicProduct; L: PageLang }) {
  if (p.selling_price == null || p.variants.length > 0) return null;
  return (
    <span className="pr">
      {p.original_price != null ? (
        <s className="old">
          <span className="sr">{L.t.oldPrice}: </span>
          {L.price(p.original_price)}
        </s>
      ) : null}
      <span className="price">{L.price(p.selling_price)}</span>
    </span>
  );
}

function Card({ p, categoryLink, filtering, eager, L, order }: { p: PublicProduct | PublicSearchProduct; categoryLink?: string; filtering: boolean; eager: boolean; L: PageLang; order?: OrderForms }) {
  const closed = p.service !== undefined && !p.service.open;
  const soldOut = p.sold_out === '1';
  const campaign = p.original_price != null && p.variants.length === 0 && p.selling_price != null;
  const photo = photoOf(p.image, useContext(PhotoBase));
  return (
    <li className={soldOut || closed ? 'prod so' : 'prod'}>
      <div className="b">
        <div className="row">
          <h2 {...ownText(L)}>
            {p.name}
            {p.amount != null && p.amount_unit ? <span className="amt"> {formatAmount(p.amount, p.amount_unit)}</span> : null}
          </h2>
          <Price p={p} L={L} />
        </div>
        {soldOut || campaign ? (
          <p className="bds">
            {soldOut ? <span className="bd">{L.t.soldOut}</span> : null}
            {campaign ? <span className="bd dc">{L.t.discount}</span> : null}
          </p>
        ) : null}
        {closed ? <p className="srv">{servedText(p.service!, L)}</p> : null}
        {'category' in p && categoryLink ? (
          <a className="cat" href={categoryLink} {...ownText(L)}>
            {p.category.name}
          </a>
        ) : null}
        {p.description ? (
          <p className="desc" {...ownText(L)}>
            {p.description}
          </p>
        ) : null}
        {p.variants.length > 0 ? (
          <ul className="var" aria-label={L.t.portions}>
            {p.variants.map((v, i) => (
              <li key={i}>
                {L.dir === 'rtl' ? <span dir="auto">{v.name}</span> : v.name}
                {v.amount != null && v.unit ? <span className="amt"> {formatAmount(v.amount, v.unit)}</span> : null} <span className="price">{L.price(v.price)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {p.labels.length > 0 ? (
          <p className="tags">
            <span className="sr">{L.t.labels}: </span>
            {p.labels.map((l) => (
              <span key={l} className="tag">
                <b aria-hidden="true">{L.t.labelMarks[l]}</b>
                {L.t.labelNames[l]}
              </span>
            ))}
          </p>
        ) : null}
        {/* one "İçerir:" line: the coded allergens in the page's language, then the owner's other ones */}
        {p.allergens.length > 0 || p.allergen ? (
          <p className="al">
            {L.t.allergens}: {p.allergens.map((a) => L.t.allergenNames[a]).join(', ')}
            {p.allergen ? (
              <>
                {p.allergens.length > 0 ? ', ' : ''}
                {L.dir === 'rtl' ? <span dir="auto">{p.allergen}</span> : p.allergen}
              </>
            ) : null}
          </p>
        ) : filtering ? (
          <p className="al un">{L.t.undeclared}</p>
        ) : null}
        {order && !soldOut && !closed ? <OrderForm p={p} order={order} L={L} /> : null}
      </div>
      {/* a tap opens the large photo: a plain link, no JavaScript; the photo names the link */}
      {photo ? (
        <a className="ph" href={photo.large}>
          <ResponsivePhoto image={p.image} sizes="96px" width={96} height={96} lazy={!eager} alt={p.name} />
        </a>
      ) : null}
    </li>
  );
}

/** The list of product cards; with `categoryLink`, each card names its category (search results). */
export function ProductList({ products, filter, categoryLink, L = TURKISH_PAGE, order }: { products: Array<PublicProduct | PublicSearchProduct>; filter?: Filter; categoryLink?: (id: number) => string; L?: PageLang; order?: OrderForms }) {
  let withPhoto = 0;
  const filtering = Boolean(filter && filter.haric.length > 0);
  return (
    <ul className="grid">
      {products.map((p) => {
        const eager = p.image ? withPhoto++ < 4 : false;
        return <Card key={p.id} L={L} p={p} filtering={filtering} eager={eager} categoryLink={'category' in p && categoryLink ? categoryLink(p.category.id) : undefined} order={order} />;
      })}
    </ul>
  );
}

/**
 * "İçermesin:" — a plain GET form of the 14 allergens (no JavaScript), folded under "Alerjen
 * filtresi" (`<details>`) so the products come first on a phone; open while a filter is on, and
 * what it hid below it.
 */
export function AllergenFilter({ filter, action, q, L = TURKISH_PAGE }: { filter: Filter; action: string; q?: string; L?: PageLang }) {
  const active = filter.haric.length > 0;
  const to = useMenuLink();
  return (
    <form className="flt" method="get" action={action}>
      <TableField />
      <details open={active}>
        <summary>{L.t.filterSummary}</summary>
        <fieldset>
          <legend>{L.t.filterLegend}</legend>
          {(Object.keys(ALLERGENS) as AllergenCode[]).map((code) => (
            <label key={code}>
              <input type="checkbox" name="haric" value={code} defaultChecked={filter.haric.includes(code)} /> {L.t.allergenNames[code]}
            </label>
          ))}
        </fieldset>
        {q ? <input type="hidden" name="q" value={q} /> : null}
        {L.code !== 'tr' ? <input type="hidden" name="lang" value={L.code} /> : null}
        <button type="submit">{L.t.filterApply}</button>
        {active ? (
          <a href={to(L.link(q ? `${action}?q=${encodeURIComponent(q)}` : action))}>{L.t.filterClear}</a>
        ) : null}
      </details>
      {active ? (
        <p className="hid" role="status">
          {L.t.hidden(filter.hidden)} {L.t.undeclaredNote}
        </p>
      ) : null}
    </form>
  );
}

/** The search box (a plain GET form to `/qr/{company}/ara`). */
export function SearchBox({ action, q, L = TURKISH_PAGE, haric = [] }: { action: string; q?: string; L?: PageLang; haric?: readonly string[] }) {
  return (
    <form className="srch" method="get" action={action} role="search">
      <TableField />
      <label htmlFor="q">{L.t.searchLabel}</label>
      <span>
        <input id="q" type="search" name="q" defaultValue={q} placeholder={L.t.searchPlaceholder} maxLength={100} />
        <button type="submit">{L.t.searchButton}</button>
      </span>
      {L.code !== 'tr' ? <input type="hidden" name="lang" value={L.code} /> : null}
      {haric.length ? <input type="hidden" name="haric" value={haric.join(',')} /> : null}
    </form>
  );
}
