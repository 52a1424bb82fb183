import { TURKISH_PAGE, withMasa, type PageLang } from '../menu/index.js';
import { escapeHtml } from '../../platform/html.js';

/** Styles of the table additions to the menu pages (added to the menu's one inline stylesheet). */
export const TABLE_CSS = `
.masa{position:relative;z-index:1;display:inline-block;margin:0 0 8px;padding:2px 12px;border-radius:99px;background:var(--soft);color:var(--accent);font-weight:700;font-size:.9rem}
.calls{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin:24px 0 8px}
.calls form{margin:0}
.calls button{width:100%;padding:13px 8px;border:0;border-radius:14px;background:var(--theme);color:var(--on-theme);box-shadow:inset 0 0 0 2px var(--accent);font:inherit;font-weight:700;cursor:pointer}
.calls .alt button{background:var(--card);color:var(--accent);box-shadow:inset 0 0 0 2px var(--accent)}
.fb{margin:24px 0 0;text-align:center}
.fb a{display:inline-block;padding:10px 18px;border-radius:99px;background:var(--card);color:var(--accent);font-weight:700;box-shadow:inset 0 0 0 2px var(--accent);text-decoration:none}
`.trim().replace(/\n/g, '');

/** Styles of the survey form (its pages only). */
export const FORM_CSS = `
.survey{margin:16px 0 0}
.survey fieldset{border:0;margin:0 0 14px;padding:14px;background:var(--card);border-radius:16px;box-shadow:0 1px 3px rgba(35,28,23,.1);min-width:0}
.survey legend{font-weight:700;padding:0;margin:0 0 8px;float:left;width:100%}
.stars{display:flex;gap:8px;clear:both}
.opt{position:relative;flex:1;display:flex}
.opt input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.stars label{flex:1;text-align:center;padding:10px 0;border-radius:12px;background:var(--soft);font-weight:700;cursor:pointer}
.stars input:checked+label{background:var(--theme);color:var(--on-theme);box-shadow:inset 0 0 0 2px var(--accent)}
.stars input:focus-visible+label{outline:3px solid #1d4ed8;outline-offset:2px}
.field{display:block;margin:0 0 14px}
.field span{display:block;font-weight:700;margin:0 0 4px}
.field input,.field textarea{display:block;width:100%;padding:10px 12px;border:1px solid #8a8078;border-radius:12px;font:inherit;background:#fff;color:var(--ink)}
.check{display:flex;gap:10px;align-items:flex-start;font-size:.95rem}
.check input{width:22px;height:22px;flex:none;margin:2px 0 0}
.err{color:#b91c1c;font-size:.9rem;margin:6px 0 0}
.errbox{background:#fef2f2;color:#991b1b;border-radius:12px;padding:12px 14px;margin:0 0 14px;font-weight:700}
.submit{width:100%;padding:14px;border:0;border-radius:14px;background:var(--theme);color:var(--on-theme);box-shadow:inset 0 0 0 2px var(--accent);font:inherit;font-size:1.1rem;font-weight:700;cursor:pointer}
.hp{display:none}
`.trim().replace(/\n/g, '');

/** `?masa=N` added to a menu address (one that may already have a query). */
export { withMasa };

/** The two call buttons of a table: plain POST forms (no JavaScript), answered in the page's language. */
export function callFormsHtml(slug: string, masa: number, L: PageLang = TURKISH_PAGE): string {
  const action = escapeHtml(L.link(`/qr/${slug}/garson`));
  const form = (type: 'garson' | 'hesap', label: string, cls: string) =>
    `<form method="post" action="${action}"${cls}><input type="hidden" name="masa" value="${masa}"><input type="hidden" name="type" value="${type}"><button type="submit">${escapeHtml(label)}</button></form>`;
  return `${form('garson', L.t.table.callWaiter, '')}${form('hesap', L.t.table.askBill, ' class="alt"')}`;
}
