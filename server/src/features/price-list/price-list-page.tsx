/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import { formatAmount, formatDateTime, formatPrice, kurusToTl, PRICE_LIST_WORDS, RTL_LANGUAGES, type MenuLanguage } from '@qrmenu/contract';
import type { ListContent, ListItem } from './price-list-content.js';

/**
 * `/qr/{company}/fiyat-listesi`: the price list as a page for diners, the printed list handed over
 * on request. No JavaScript; the print stylesheet gives two columns on A4 without the links.
 */

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1c1917;background:#fff}
main{max-width:760px;margin:0 auto;padding:16px}h1{font-size:1.5rem;margin:0 0 2px}.addr,.upd{margin:0;color:#57534e;font-size:.9rem}
.t{color:#9a3412;font-size:1.1rem;margin:10px 0 2px}.cols{margin-top:14px}section{break-inside:avoid-page;margin:0 0 14px}h2{font-size:1.1rem;color:#9a3412;border-bottom:1px solid #e7e5e4;margin:0 0 4px;padding-bottom:2px}
ul{list-style:none;margin:0;padding:0}li{display:flex;gap:8px;align-items:baseline;padding:3px 0;break-inside:avoid}.n{flex:1;min-width:0}.n b{font-weight:600}.sub{display:block;color:#57534e;font-size:.85rem}
.p{white-space:nowrap;font-weight:700;font-variant-numeric:tabular-nums}.was{white-space:nowrap;color:#57534e;font-size:.85rem}li.po{padding-left:16px}li.po .p{font-weight:600}
.legal{border-top:1px solid #e7e5e4;margin-top:16px;padding-top:8px;font-weight:600}.legal p{margin:2px 0}nav{margin:0 0 10px;font-size:.9rem}nav a{color:#9a3412;margin-right:12px}.empty{color:#57534e}
@media print{@page{size:A4;margin:12mm}body{font-size:11pt}nav{display:none}main{max-width:none;padding:0}.cols{columns:2;column-gap:10mm}a{color:inherit;text-decoration:none}}`;

export interface PageOptions {
  updatedAt: string;
  lang?: MenuLanguage;
  offered: MenuLanguage[];
  menuPath: string;
}

function Item({ i, lang }: { i: ListItem; lang?: MenuLanguage }) {
  const t = lang ? i.i18n[lang] : undefined;
  const amount = formatAmount(i.amount, i.unit);
  return (
    <>
      <li>
        <span className="n">
          <b>{i.name}</b>
          {amount ? ` (${amount})` : ''}
          {t ? <span className="sub" lang={lang}>{t.name}</span> : null}
        </span>
        {i.was != null && i.price != null ? <s className="was">{formatPrice(kurusToTl(i.was))}</s> : null}
        {i.price != null ? <span className="p">{formatPrice(kurusToTl(i.price))}</span> : null}
      </li>
      {i.portions.map((p, n) => (
        <li className="po" key={n}>
          <span className="n">
            {p.name}
            {p.amount != null ? ` (${formatAmount(p.amount, p.unit)})` : ''}
            {t?.portions[n] ? <span className="sub" lang={lang}>{t.portions[n]}</span> : null}
          </span>
          <span className="p">{formatPrice(kurusToTl(p.price))}</span>
        </li>
      ))}
    </>
  );
}

export function renderPriceListPage(content: ListContent, o: PageOptions): string {
  const tr = PRICE_LIST_WORDS.tr;
  const w = o.lang ? PRICE_LIST_WORDS[o.lang] : undefined;
  const both = (f: (x: typeof tr) => string) => (w ? `${f(tr)} / ${f(w)}` : f(tr));
  const { name, address } = content.business;
  const path = `/qr/${content.business.slug}/fiyat-listesi`;
  return (
    '<!DOCTYPE html>' +
    renderToStaticMarkup(
      <html lang="tr">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{`${name} — ${tr.title}`}</title>
          <meta name="description" content={`${name}: ${tr.title}. ${tr.vat}`} />
          <meta name="robots" content="noindex" />
          <link rel="icon" href="data:," />
          <style dangerouslySetInnerHTML={{ __html: CSS }} />
        </head>
        <body>
          <main>
            <nav aria-label="Menü">
              <a href={o.menuPath}>‹ Menü</a>
              {o.offered.length > 0 ? (o.lang ? <a href={path}>Türkçe</a> : null) : null}
              {o.offered.filter((l) => l !== o.lang).map((l) => (
                <a key={l} href={`${path}?lang=${l}`} hrefLang={l} lang={l}>
                  {PRICE_LIST_WORDS[l].title}
                </a>
              ))}
            </nav>
            <h1>{name}</h1>
            {address ? <p className="addr">{address}</p> : null}
            <p className="t">{both((x) => x.title)}</p>
            <p className="upd">
              {both((x) => x.updated)}: <time dateTime={o.updatedAt}>{formatDateTime(o.updatedAt)}</time>
            </p>
            <div className="cols">
              {content.categories.length === 0 ? <p className="empty">{both((x) => x.empty)}</p> : null}
              {content.categories.map((c) => (
                <section key={c.id} aria-labelledby={`c${c.id}`}>
                  <h2 id={`c${c.id}`}>
                    {c.name}
                    {o.lang && c.i18n[o.lang] ? <span lang={o.lang} dir={RTL_LANGUAGES.has(o.lang) ? 'rtl' : undefined}>{` / ${c.i18n[o.lang]}`}</span> : null}
                  </h2>
                  <ul>
                    {c.items.map((i) => (
                      <Item key={i.id} i={i} lang={o.lang} />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
            <div className="legal">
              <p>{tr.vat}</p>
              <p>{tr.noCharge}</p>
              {w ? <p lang={o.lang}>{`${w.vat} ${w.noCharge}`}</p> : null}
            </div>
          </main>
        </body>
      </html>,
    )
  );
}
