/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { renderToStaticMarkup } from 'react-dom/server';
import { ORDER_MSG, type Order, type PublicCompany } from '@qrmenu/contract';
import { HERO_CSS, Logo, MENU_CSS, metaThemeColor, PhotoBase, themeCss, type OrderWords, type PageLang } from '../menu/index.js';
import { FORM_CSS, TABLE_CSS } from '../tables/index.js';
import { BILL_WORDS } from './bill-words.js';

/**
 * The table's shared basket (`/qr/{company}/siparis?masa=N`): its lines at today's prices, the
 * total, a form to remove each line and `Siparişi gönder`; below, the orders sent from the table
 * with their status (a refresh link: no JavaScript needed). Plain POST forms, answered by a
 * redirect back here (POST-redirect-GET); a refusal is this page with its message and status.
 * In the diner's language (`?lang=`, kept by every link and form; RTL Arabic included).
 */
export interface BasketView {
  company: PublicCompany;
  /** Where the logo points (STORAGE_PUBLIC_URL; '' the app's own /uploads/), as on the menu's pages. */
  photoBase?: string;
  masa: number;
  L: PageLang;
  lines: Array<{ id: number; name: string; portion: string; quantity: number; note: string; unit_price?: number; problem?: string }>;
  orders: Order[];
  notice?: string;
  error?: string;
  /**
   * The table itself was refused (no seat, another table's seat, ordering off or the table paused:
   * 403): the page shows the reason and the way back to the menu, not the table's basket and
   * orders (not this device's to see) nor "your basket is empty", which would contradict it.
   */
  closed?: boolean;
}

const CSS =
  '.lines{list-style:none;margin:12px 0;padding:0;display:grid;gap:10px}.lines li{background:var(--card);border-radius:14px;padding:12px 14px;box-shadow:0 1px 3px rgba(35,28,23,.1)}.lines .row{display:flex;justify-content:space-between;gap:8px;font-weight:700}.lines form{margin:6px 0 0}.lines button{padding:6px 12px;border:0;border-radius:10px;background:var(--soft);color:var(--accent);font:inherit;cursor:pointer}.total{display:flex;justify-content:space-between;font-size:1.2rem;font-weight:700;margin:14px 0}.ok{background:#ecfdf5;color:#065f46;border-radius:12px;padding:12px 14px;margin:0 0 14px;font-weight:700}.st{display:inline-block;padding:2px 10px;border-radius:99px;background:var(--soft);font-weight:700;font-size:.9rem}.prob{color:#b91c1c;margin:4px 0 0}main h2{margin:20px 0 8px}';

const lineTotal = (l: BasketView['lines'][number]) => (l.unit_price ?? 0) * l.quantity;

/**
 * A diner's error (an ORDER_MSG text, Turkish) in the page's language; `product` names a sold-out
 * or passive one (Turkish, as in the message), `shown` that product in the page's language.
 */
export function dinerMessage(w: OrderWords, message: string, product?: string, shown = product): string {
  if (product !== undefined && message === ORDER_MSG.soldOut(product)) return w.errors.soldOut(shown ?? product);
  if (product !== undefined && message === ORDER_MSG.passive(product)) return w.errors.passive(shown ?? product);
  const key = (Object.keys(w.errors) as Array<keyof OrderWords['errors']>).find((k) => ORDER_MSG[k] === message);
  const text = key && w.errors[key];
  return typeof text === 'string' ? text : message;
}

export function renderBasket(v: BasketView): string {
  const { L } = v;
  const w = L.t.order;
  const base = `/qr/${v.company.slug}`;
  const q = `?masa=${v.masa}`;
  const link = (path: string) => L.link(`${path}${q}`);
  const total = v.lines.reduce((s, l) => s + lineTotal(l), 0);
  const open = v.orders.filter((o) => o.status !== 'iptal');
  const doc = (
    <html lang={L.code} dir={L.dir === 'rtl' ? 'rtl' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${w.basketTitle} | ${v.company.name}`}</title>
        <meta name="theme-color" content={metaThemeColor(v.company)} />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="data:," />
        <style dangerouslySetInnerHTML={{ __html: MENU_CSS + HERO_CSS + TABLE_CSS + FORM_CSS + CSS + themeCss(v.company) }} />
      </head>
      <body>
        <header className="top">
          <a className="brand" href={link(`${base}/category`)}>
            <Logo company={v.company} size={40} />
            <span className="bn">{v.company.name}</span>
          </a>
        </header>
        <main>
          <p className="masa">{L.t.table.table(v.masa)}</p>
          <h1>{w.basketTitle}</h1>
          {v.error ? (
            <p className="errbox" role="alert">
              {v.error}
            </p>
          ) : null}
          {v.notice ? (
            <p className="ok" role="status">
              {v.notice}
            </p>
          ) : null}
          {v.closed ? null : v.lines.length === 0 ? (
            <p className="muted">{w.basketEmptyHint}</p>
          ) : (
            <>
              <ul className="lines">
                {v.lines.map((l) => (
                  <li key={l.id}>
                    <div className="row">
                      <span dir="auto">{`${L.number(l.quantity)} × ${l.name}${l.portion ? ` (${l.portion})` : ''}`}</span>
                      <span>{l.unit_price != null ? L.price(lineTotal(l) / 100) : ''}</span>
                    </div>
                    {l.note ? <p className="muted">{w.noteLine(l.note)}</p> : null}
                    {l.problem ? <p className="prob">{l.problem}</p> : null}
                    <form method="post" action={link(`${base}/siparis/sil`)}>
                      <input type="hidden" name="satir" value={l.id} />
                      <button type="submit">{w.remove}</button>
                    </form>
                  </li>
                ))}
              </ul>
              <p className="total">
                <span>{w.total}</span>
                <span>{L.price(total / 100)}</span>
              </p>
              <form method="post" action={link(`${base}/siparis/gonder`)}>
                <div className="hp" aria-hidden="true">
                  <input name="website" tabIndex={-1} autoComplete="off" />
                </div>
                <button className="submit" type="submit">
                  {w.send}
                </button>
              </form>
            </>
          )}
          {v.closed ? null : <h2>{w.ordersTitle}</h2>}
          {v.closed ? null : v.orders.length === 0 ? (
            <p className="muted">{w.noOrders}</p>
          ) : (
            <ul className="lines">
              {v.orders.map((o) => (
                <li key={o.id}>
                  <div className="row">
                    <span>{w.orderNo(o.id)}</span>
                    <span className="st">{w.statuses[o.status]}</span>
                  </div>
                  {o.items.map((i, n) => (
                    <p className="muted" key={n} dir="auto">{`${L.number(i.quantity)} × ${i.name}${i.portion ? ` (${i.portion})` : ''} — ${L.price(i.unit_price * i.quantity)}`}</p>
                  ))}
                  {o.cancel_reason ? <p className="prob">{w.cancelReason(o.cancel_reason)}</p> : null}
                </li>
              ))}
            </ul>
          )}
          {open.length ? (
            <p className="total">
              <span>{w.tableTotal}</span>
              <span>{L.price(open.reduce((s, o) => s + o.total, 0))}</span>
            </p>
          ) : null}
          <nav className="buttons">
            {v.closed ? null : (
              <>
                <a className="btn alt" href={link(`${base}/siparis`)}>
                  {w.refresh}
                </a>
                <a className="btn alt" href={link(`${base}/hesap`)}>
                  {BILL_WORDS[L.code].see}
                </a>
              </>
            )}
            <a className="btn" href={link(`${base}/category`)}>
              {L.t.table.backToMenu}
            </a>
          </nav>
        </main>
      </body>
    </html>
  );
  return '<!DOCTYPE html>' + renderToStaticMarkup(<PhotoBase.Provider value={v.photoBase ?? ''}>{doc}</PhotoBase.Provider>);
}
