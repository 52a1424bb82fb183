/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { ORDER_LIMITS, type PublicProduct, type PublicSearchProduct } from '@qrmenu/contract';
import type { PageLang } from './lang.js';

/**
 * `Sepete ekle` on a product card of a table's menu page when the business takes orders at the
 * table (features/orders): a plain POST form (portion, quantity, note, a honeypot field), no
 * JavaScript. Only on available products; pages without `?masa=` never get it.
 */
export interface OrderForms {
  /** Where the forms post and `Sepetim` leads: the table's basket, `/qr/{company}/siparis?masa=N` (`&lang=` unless Turkish). */
  action: string;
}

/** The forms' styles, added to a page's one stylesheet (Document's `order`) only when it has them. */
export const ORDER_CSS =
  '.sp{display:flex;flex-wrap:wrap;gap:6px;margin:10px 0 0}.sp select,.sp input{padding:6px 8px;border:1px solid #8a8078;border-radius:10px;font:inherit;background:#fff;color:var(--ink);min-width:0}.sp .q{width:4.2em}.sp .n{flex:1 1 8em}.sp button{padding:7px 14px;border:0;border-radius:10px;background:var(--theme);color:var(--on-theme);box-shadow:inset 0 0 0 2px var(--accent);font:inherit;font-weight:700;cursor:pointer}.sp .hp{display:none}.sepet{margin:18px 0 0;text-align:center}.sepet a{display:inline-block;padding:10px 18px;border-radius:99px;background:var(--theme);color:var(--on-theme);font-weight:700;text-decoration:none;box-shadow:inset 0 0 0 2px var(--accent)}';

/** The forms' words in the page's language (L.t.order; Turkish: order-texts.ts). */
export function OrderForm({ p, order, L }: { p: PublicProduct | PublicSearchProduct; order: OrderForms; L: PageLang }) {
  const w = L.t.order;
  return (
    <form className="sp" method="post" action={order.action}>
      <input type="hidden" name="urun" value={p.id} />
      {p.variants.length > 0 ? (
        <select name="porsiyon" aria-label={w.portion}>
          {p.variants.map((v, i) => (
            <option key={i} value={i}>
              {`${v.name} ${L.price(v.price)}`}
            </option>
          ))}
        </select>
      ) : null}
      <input className="q" type="number" name="adet" defaultValue={1} min={1} max={ORDER_LIMITS.quantity} aria-label={w.quantity} />
      <input className="n" name="not" maxLength={ORDER_LIMITS.note} placeholder={w.note} aria-label={w.note} />
      <input className="hp" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" />
      <button type="submit">{w.addToBasket}</button>
    </form>
  );
}

/** The link to the table's basket at the end of a table's page that offers ordering (`Sepetim`). */
export function BasketLink({ order, L }: { order: OrderForms; L: PageLang }) {
  return (
    <p className="sepet">
      <a href={order.action}>{L.t.order.myBasket}</a>
    </p>
  );
}
