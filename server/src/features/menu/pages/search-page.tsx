/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { PublicCompany, PublicSearchProduct } from '@qrmenu/contract';
import { Document, Footer, html, menuPath, searchPath, TopBar } from './pages.js';
import { AllergenFilter, ProductList, SearchBox, type Filter } from './product-list.js';
import { BasketLink, type OrderForms } from './order-form.js';
import { keepFilter, TURKISH_PAGE, type PageLang } from './lang.js';
import { searchSeo, type SeoSite } from './seo.js';
import { ServiceNote } from './brand-blocks.js';
import { TableBadge, TableEnd, withMasa, type PageTable } from './page-table.js';

/** At most this many products on a search page (the diner is asked to narrow the search). */
export const SEARCH_LIMIT = 50;

/** `/qr/{company}/ara?q=…`: matching products of the whole menu, each with its category; `first` when more matched than are shown. */
export function renderSearch(company: PublicCompany, q: string, products: PublicSearchProduct[], filter: Filter, L: PageLang = TURKISH_PAGE, site?: SeoSite, first?: number, order?: OrderForms, table?: PageTable): string {
  const action = searchPath(company);
  const seo = site && searchSeo(site, company, L);
  const found = products.length + filter.hidden;
  // links onwards keep the allergen filter
  const K = keepFilter(L, filter.haric);
  return html(
    <Document title={`${L.t.searchTitle} | ${company.name}`} description={seo?.description ?? L.t.searchDescription(company.name)} L={L} path={q ? `${action}?q=${encodeURIComponent(q)}` : action} company={company} seo={seo?.head} origin={site?.publicUrl} order={order}>
      <TopBar company={company} home={K.link(menuPath(company))} />
      <main>
        <TableBadge L={L} />
        <a className="back" href={withMasa(K.link(menuPath(company)), table?.masa)}>
          {L.dir === 'rtl' ? '›' : '‹'} {L.t.back}
        </a>
        <h1>{L.t.searchTitle}</h1>
        <SearchBox action={action} q={q} L={L} haric={filter.haric} />
        {!q ? (
          <p className="empty">{L.t.searchPrompt}</p>
        ) : (
          <>
            <AllergenFilter filter={filter} action={action} q={q} L={L} />
            <p className="cnt" role="status">
              {found === 0 ? L.t.searchNone(q) : first ? L.t.searchFirst(q, first) : L.t.searchResults(q, products.length)}
            </p>
            {products.length > 0 ? <ServiceNote company={company} /> : null}
            {products.length > 0 ? <ProductList products={products} filter={filter} L={L} categoryLink={(id) => withMasa(K.link(`${menuPath(company)}/${id}`), table?.masa)} order={order} /> : null}
          </>
        )}
        {order ? <BasketLink order={order} L={L} /> : null}
        <TableEnd />
      </main>
      <Footer company={company} L={L} />
    </Document>,
    site?.photoBase,
    table,
  );
}
