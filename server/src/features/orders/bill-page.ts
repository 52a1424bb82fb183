import { type Bill, type BillLine, type PublicCompany } from '@qrmenu/contract';
import { escapeHtml } from '../../platform/html.js';
import { HERO_CSS, MENU_CSS, metaThemeColor, themeCss, type PageLang } from '../menu/index.js';
import { FORM_CSS, TABLE_CSS } from '../tables/index.js';
import { BILL_WORDS, type BillWords } from './bill-words.js';

/**
 * The diner's bill (`/qr/{company}/hesap?masa=N`): the table's served items added up with the
 * total, what is still being prepared apart, `Hesap İste` (the waiter call's plain form) and links
 * back. Plain HTML in the page's language (`?lang=` as the menu: the products' names as the menu
 * names them, the date, counts and prices in its locale — prices in TL), no script; every text escaped
 * here. `refused`: the device holds no seat at the table, the reason in the page's language and no items.
 */
export interface BillView {
  company: PublicCompany;
  masa: number;
  L: PageLang;
  bill?: Bill;
  refused?: boolean;
}

const CSS =
  '.lines{list-style:none;margin:12px 0;padding:0;display:grid;gap:10px}.lines li{background:var(--card);border-radius:14px;padding:12px 14px;box-shadow:0 1px 3px rgba(35,28,23,.1)}' +
  '.lines .row{display:flex;justify-content:space-between;gap:8px;font-weight:700}.lines .row span:last-child{white-space:nowrap}' +
  '.total{display:flex;justify-content:space-between;font-size:1.2rem;font-weight:700;margin:14px 0 0}main h2{margin:20px 0 8px}.prep li{opacity:.85}main .calls{grid-template-columns:1fr}';

const e = escapeHtml;

function lines(list: BillLine[], L: PageLang): string {
  // an owner's name keeps its own direction on an Arabic page (a Turkish fallback reads left to right)
  const own = L.dir === 'rtl' ? ' dir="auto"' : '';
  return `<ul class="lines">${list
    .map((l) => `<li><div class="row"><span${own}>${e(`${L.number(l.quantity)} × ${l.name}${l.portion ? ` (${l.portion})` : ''}`)}</span><span>${e(L.price(l.line_total))}</span></div><p class="muted">${e(`${L.price(l.unit_price)} × ${L.number(l.quantity)}`)}</p></li>`)
    .join('')}</ul>`;
}

function body(v: BillView, w: BillWords): string {
  if (v.refused) return `<p class="errbox" role="alert">${e(w.noSeat)}</p>`;
  const b = v.bill;
  if (!b) return `<p class="muted">${e(w.none)}</p>`;
  let out = `<p class="muted">${e(`${w.opened}: ${v.L.dateTime(b.opened_at)}`)}</p><h2>${e(w.served)}</h2>`;
  out += b.items.length ? lines(b.items, v.L) : `<p class="muted">${e(w.nothingServed)}</p>`;
  out += `<p class="total"><span>${e(w.total)}</span><span>${e(v.L.price(b.total))}</span></p><p class="muted">${e(w.vat)}</p>`;
  if (b.preparing.length) out += `<h2>${e(w.preparing)}</h2><p class="muted">${e(w.preparingNote)}</p><div class="prep">${lines(b.preparing, v.L)}</div>`;
  const call = e(v.L.link(`/qr/${v.company.slug}/garson`));
  out += `<div class="calls"><form method="post" action="${call}" class="alt"><input type="hidden" name="masa" value="${v.masa}"><input type="hidden" name="type" value="hesap"><button type="submit">${e(w.askBill)}</button></form></div>`;
  return out;
}

export function renderBillPage(v: BillView): string {
  const L = v.L;
  const w = BILL_WORDS[L.code];
  const base = `/qr/${v.company.slug}`;
  const q = `masa=${v.masa}`;
  const links = [
    ['btn alt', L.link(`${base}/hesap?${q}`), w.refresh],
    ['btn alt', L.link(`${base}/siparis?${q}`), w.basket],
    ['btn', L.link(`${base}/category?${q}`), w.menu],
  ];
  return (
    `<!DOCTYPE html><html lang="${L.code}"${L.dir === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${e(`${w.title} | ${v.company.name}`)}</title><meta name="theme-color" content="${e(metaThemeColor(v.company))}">` +
    '<meta name="robots" content="noindex"><link rel="icon" href="data:,">' +
    `<style>${MENU_CSS}${HERO_CSS}${TABLE_CSS}${FORM_CSS}${CSS}${themeCss(v.company)}</style></head><body>` +
    `<header class="top"><a class="brand" href="${e(L.link(`${base}/category?${q}`))}"><span class="bn">${e(v.company.name)}</span></a></header>` +
    `<main><p class="masa">${e(w.table(v.masa))}</p><h1>${e(w.title)}</h1>${body(v, w)}` +
    `<nav class="buttons">${links.map(([cls, href, label]) => `<a class="${cls}" href="${e(href)}">${e(label)}</a>`).join('')}</nav>` +
    '</main></body></html>'
  );
}
