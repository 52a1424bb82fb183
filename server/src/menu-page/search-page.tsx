/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { PublicCompany, PublicSearchProduct } from '@qrmenu/contract';
import { Document, Footer, html, menuPath, searchPath, TopBar } from './pages.js';
import { AllergenFilter, ProductList, SearchBox, type Filter } from './product-list.js';
import { MENU_TEXT } from './texts.js';

/** `/qr/{company}/ara?q=…`: matching products of the whole menu, each with its category. */
export function renderSearch(company: PublicCompany, q: string, products: PublicSearchProduct[], filter: Filter): string {
  const action = searchPath(company);
  const found = products.length + filter.hidden;
  return html(
    <Document title={`${MENU_TEXT.searchTitle} | ${company.name}`} description={MENU_TEXT.searchDescription(company.name)}>
      <TopBar company={company} home={menuPath(company)} />
      <main>
        <a className="back" href={menuPath(company)}>
          ‹ {MENU_TEXT.back}
        </a>
        <h1>{MENU_TEXT.searchTitle}</h1>
        <SearchBox action={action} q={q} />
        {!q ? (
          <p className="empty">{MENU_TEXT.searchPrompt}</p>
        ) : (
          <>
            <AllergenFilter filter={filter} action={action} q={q} />
            <p className="cnt" role="status">
              {found === 0 ? MENU_TEXT.searchNone(q) : MENU_TEXT.searchResults(q, products.length)}
            </p>
            {products.length > 0 ? <ProductList products={products} filter={filter} categoryLink={(id) => `${menuPath(company)}/${id}`} /> : null}
          </>
        )}
      </main>
      <Footer company={company} />
    </Document>,
  );
}
