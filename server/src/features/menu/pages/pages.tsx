/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import { useContext, type ReactNode } from 'react';
import { type PublicCategory, type PublicCompany, type PublicProduct } from '@qrmenu/contract';
import { hasPhoto as isPhoto, PhotoBase } from './photo.js';
import { ResponsivePhoto } from './responsive-photo.js';
import { AllergenFilter, ProductList, SearchBox, servedText, type Filter } from './product-list.js';
import { BasketLink, ORDER_CSS, type OrderForms } from './order-form.js';
import { BRAND_CSS, HERO_CSS, MENU_CSS } from './styles.js';
import { MENU_TEXT } from './texts.js';
import { keepFilter, ownText, TURKISH_PAGE, withLang, type PageLang } from './lang.js';
import { LANGUAGE_NATIVE_NAMES } from '@qrmenu/contract';
import { categoriesSeo, landingSeo, productsSeo, type SeoSite } from './seo.js';
import { PageTableContext, TableBadge, TableEnd, useMenuLink, withMasa, type PageTable } from './page-table.js';
import { BrandInfo, BrandIntro, Cover, Logo, metaThemeColor, ServiceNote, themeCss, wordsOf } from './brand-blocks.js';

/**
 * The diner's menu, rendered on the server (react-dom/server) as finished HTML: no client
 * JavaScript at all (the CSP forbids inline scripts anyway), one small inline stylesheet, photos as
 * the stored WebP variants with srcset/sizes, width/height (no layout shift) and lazy loading
 * below the first ones. React escapes every text and attribute (owners' names are user input).
 */

/** Every menu page of a business has the business name as its title. */
export function Document(props: {
  title: string; description: string; refresh?: string; L?: PageLang; path?: string;
  /** The business: its colours (and, with `brand`, the styles of its info block). */
  company?: PublicCompany; brand?: boolean; seo?: ReactNode; children: ReactNode;
  /** A centred page (landing, not found): the hero block's styles. */
  hero?: boolean;
  /** PUBLIC_URL: the hreflang alternates are absolute addresses, as search engines require. */
  origin?: string;
  /** A table's page that offers ordering (features/orders): the forms' styles. */
  order?: OrderForms;
}) {
  const L = props.L ?? TURKISH_PAGE;
  const tableCss = useContext(PageTableContext)?.css ?? '';
  return (
    <html lang={L.code} dir={L.dir === 'rtl' ? 'rtl' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        <meta name="description" content={props.description} />
        <meta name="theme-color" content={metaThemeColor(props.company)} />
        {props.refresh ? <meta httpEquiv="refresh" content={`2;url=${props.refresh}`} /> : null}
        {props.seo}
        <link rel="icon" href="data:," />
        {props.path ? L.offered.map((code) => <link key={code} rel="alternate" hrefLang={code} href={(props.origin ?? '') + withLang(props.path!, code)} />) : null}
        <style dangerouslySetInnerHTML={{ __html: MENU_CSS + (props.hero ? HERO_CSS : '') + (props.brand ? BRAND_CSS : '') + themeCss(props.company) + tableCss + (props.order ? ORDER_CSS : '') }} />
      </head>
      <body>
        {props.path && L.offered.length > 0 ? <LanguageSwitcher L={L} path={props.path} /> : null}
        {props.children}
      </body>
    </html>
  );
}

/** Plain links to this page in every language of the business, each named in itself. */
function LanguageSwitcher({ L, path }: { L: PageLang; path: string }) {
  const to = useMenuLink();
  return (
    <nav className="langs" aria-label={L.t.language}>
      {L.offered.map((code) =>
        code === L.code ? (
          <span key={code} lang={code} aria-current="page">
            {LANGUAGE_NATIVE_NAMES[code]}
          </span>
        ) : (
          <a key={code} href={to(withLang(path, code))} lang={code} hrefLang={code}>
            {LANGUAGE_NATIVE_NAMES[code]}
          </a>
        ),
      )}
    </nav>
  );
}

export function TopBar({ company, home }: { company: PublicCompany; home: string }) {
  const to = useMenuLink();
  return (
    <header className="top">
      <a className="brand" href={to(home)}>
        <Logo company={company} size={40} />
        <span className="bn">{company.name}</span>
      </a>
    </header>
  );
}

export function Footer({ company, L = TURKISH_PAGE }: { company: PublicCompany; L?: PageLang }) {
  const to = useMenuLink();
  return (
    <footer>
      {/* the printed price list handed over on request (Fiyat Etiketi Yönetmeliği md. 8) */}
      <a href={to(L.link(`/qr/${company.slug}/fiyat-listesi`))}>{L.t.priceList}</a>
      {company.ad_supported ? (
        <>
          {' · '}
          <a className="made" href="/">
            {L.t.madeWith}
          </a>
        </>
      ) : null}
    </footer>
  );
}

/** The page's HTML; its photos point under `photoBase` (STORAGE_PUBLIC_URL; '' the app's own /uploads/). */
export const html = (node: ReactNode, photoBase = '', table?: PageTable) =>
  '<!DOCTYPE html>' +
  renderToStaticMarkup(
    <PhotoBase.Provider value={photoBase}>
      <PageTableContext.Provider value={table}>{node}</PageTableContext.Provider>
    </PhotoBase.Provider>,
  );
export const menuPath = (c: PublicCompany) => `/qr/${c.slug}/category`;
export const searchPath = (c: PublicCompany) => `/qr/${c.slug}/ara`;

/** `/qr/{company}`: the business landing, Menü and Anket, and a redirect to the category list. */
export function renderLanding(company: PublicCompany, L: PageLang, now: number, site?: SeoSite, categories: PublicCategory[] = [], order?: OrderForms, table?: PageTable): string {
  const list = withMasa(L.link(menuPath(company)), table?.masa);
  const t = L.t;
  const seo = site && landingSeo(site, company, L, categories);
  return html(
    <Document title={company.name} description={seo?.description ?? t.landingDescription(company.name)} refresh={list} L={L} path={`/qr/${company.slug}`} company={company} brand hero seo={seo?.head} origin={site?.publicUrl} order={order}>
      <main className="hero">
        <TableBadge L={L} />
        <Cover company={company} />
        <Logo company={company} size={96} alt={wordsOf(L).logoAlt(company.name)} />
        <p className="hello">{t.welcome}</p>
        <h1>{company.name}</h1>
        <BrandIntro company={company} L={L} now={now} />
        <nav className="buttons">
          <a className="btn" href={list}>
            {t.menu}
          </a>
          <a className="btn alt" href={withMasa(L.link(`/qr/${company.slug}/anket`), table?.masa)}>
            {t.survey}
          </a>
        </nav>
        <p className="muted small">{t.redirecting}</p>
        <BrandInfo company={company} L={L} />
        {order ? <BasketLink order={order} L={L} /> : null}
        <TableEnd />
      </main>
      <Footer company={company} L={L} />
    </Document>,
    site?.photoBase,
    table,
  );
}

/** `/qr/{company}/category`: one card per active category; `haric` (the diner's allergen filter) carried on to the categories and the search. */
export function renderCategories(
  company: PublicCompany, categories: PublicCategory[], L: PageLang, now: number, site?: SeoSite, haric: readonly string[] = [], order?: OrderForms, table?: PageTable,
): string {
  const K = keepFilter(L, haric);
  // with a cover, the cover is the first large image; category photos come after it
  let withPhoto = company.branding?.cover ? 1 : 0;
  const seo = site && categoriesSeo(site, company, L, categories);
  return html(
    <Document title={company.name} description={seo?.description ?? L.t.categoriesDescription(company.name)} L={L} path={menuPath(company)} company={company} brand seo={seo?.head} origin={site?.publicUrl} order={order}>
      <TopBar company={company} home={L.link(`/qr/${company.slug}`)} />
      <main>
        <TableBadge L={L} />
        <Cover company={company} />
        <BrandIntro company={company} L={L} now={now} />
        <h1>{L.t.categoriesTitle}</h1>
        {categories.length > 0 ? <SearchBox action={searchPath(company)} L={L} haric={haric} /> : null}
        {categories.length === 0 ? (
          <p className="empty">{L.t.noCategories}</p>
        ) : (
          <ul className="grid cats">
            {categories.map((c) => {
              const hasPhoto = isPhoto(c.image);
              const eager = hasPhoto ? withPhoto++ < 2 : false;
              return (
                <li key={c.id}>
                  <a className={c.service && !c.service.open ? 'card so' : 'card'} href={withMasa(K.link(`${menuPath(company)}/${c.id}`), table?.masa)}>
                    <ResponsivePhoto
                      image={c.image}
                      sizes="(min-width: 720px) 338px, (min-width: 560px) calc(50vw - 22px), calc(100vw - 32px)"
                      width={480}
                      height={270}
                      lazy={!eager}
                      fetchPriority={withPhoto === 1 && eager ? 'high' : undefined}
                    />
                    <span className="b">
                      <span className="name" {...ownText(L)}>
                        {c.name}
                      </span>
                      {hasPhoto && c.description ? (
                        <span className="desc" {...ownText(L)}>
                          {c.description}
                        </span>
                      ) : null}
                      {c.service && !c.service.open ? <span className="srv">{servedText(c.service, L)}</span> : null}
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
        <BrandInfo company={company} L={L} />
        {order ? <BasketLink order={order} L={L} /> : null}
        <TableEnd />
      </main>
      <Footer company={company} L={L} />
    </Document>,
    site?.photoBase,
    table,
  );
}

/** `/qr/{company}/category/{id}`: the category's active products, with the allergen filter. */
export function renderProducts(
  company: PublicCompany, category: PublicCategory, products: PublicProduct[], filter: Filter = { haric: [], hidden: 0 }, L: PageLang = TURKISH_PAGE, site?: SeoSite, order?: OrderForms, table?: PageTable,
): string {
  const total = products.length + filter.hidden;
  const seo = site && productsSeo(site, company, L, category, products);
  const action = `${menuPath(company)}/${category.id}`;
  // links onwards keep the allergen filter
  const K = keepFilter(L, filter.haric);
  return html(
    <Document title={company.name} description={seo?.description ?? L.t.productsDescription(company.name, category.name)} L={L} path={filter.haric.length ? `${action}?haric=${filter.haric.join(',')}` : action} company={company} seo={seo?.head} origin={site?.publicUrl} order={order}>
      <TopBar company={company} home={K.link(menuPath(company))} />
      <main>
        <TableBadge L={L} />
        <a className="back" href={withMasa(K.link(menuPath(company)), table?.masa)}>
          {L.dir === 'rtl' ? '›' : '‹'} {L.t.back}
        </a>
        <h1 {...ownText(L)}>{category.name}</h1>
        {total > 0 ? <ServiceNote company={company} /> : null}
        {total > 0 ? <AllergenFilter filter={filter} action={action} L={L} /> : null}
        {total === 0 ? <p className="empty">{L.t.noProducts}</p> : <ProductList products={products} filter={filter} L={L} order={order} />}
        {order ? <BasketLink order={order} L={L} /> : null}
        <TableEnd />
      </main>
      <Footer company={company} L={L} />
    </Document>,
    site?.photoBase,
    table,
  );
}

/** A friendly Turkish page for HTTP 404 (unknown business or category, passive menu); with `L` and `back`, in a diner's language. */
export function renderNotFound(title: string, text: string, opts: { L?: PageLang; back?: { href: string; label: string } } = {}): string {
  return html(
    <Document title={`${title} | QR Menü`} description={text} hero L={opts.L}>
      <main className="hero">
        {/* drawn, not an emoji: phones without an emoji font would show an empty box */}
        <svg className="icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <circle cx="24" cy="24" r="13" />
          <circle cx="24" cy="24" r="8" />
          <path d="M5 8v10a3 3 0 0 0 6 0V8M8 8v32M43 8c-4 2-5 7-5 12h5v20" />
        </svg>
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        <nav className="buttons">
          <a className="btn alt" href={opts.back?.href ?? '/'}>
            {opts.back?.label ?? MENU_TEXT.home}
          </a>
        </nav>
      </main>
    </Document>,
  );
}
