import { TURKISH_PAGE, type PageLang } from '../menu/index.js';
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
export const withMasa = (href: string, masa?: number) => (masa === undefined ? href : `${href}${href.includes('?') ? '&' : '?'}masa=${masa}`);

/** The two call buttons of a table: plain POST forms (no JavaScript), answered in the page's language. */
export function callFormsHtml(slug: string, masa: number, L: PageLang = TURKISH_PAGE): string {
  const action = escapeHtml(L.link(`/qr/${slug}/garson`));
  const form = (type: 'garson' | 'hesap', label: string, cls: string) =>
    `<form method="post" action="${action}"${cls}><input type="hidden" name="masa" value="${masa}"><input type="hidden" name="type" value="${type}"><button type="submit">${escapeHtml(label)}</button></form>`;
  return `<div class="calls">${form('garson', L.t.table.callWaiter, '')}${form('hesap', L.t.table.askBill, ' class="alt"')}</div>`;
}

/**
 * Adds the table to a finished menu page: every link and GET form of this menu keeps `?masa=N`,
 * the table shows as `Masa N`, and the page offers `Garson Çağır` / `Hesap İste`. Every page but
 * the landing (which has its own Anket button) gets the `Görüşünüzü paylaşın` link. Done on the
 * finished HTML so that every menu page, whoever renders it, carries the table the same way; the
 * words are the page's language (`L`), and the call forms and the survey link keep it.
 */
export function withTable(html: string, slug: string, masa: number | undefined, L: PageLang = TURKISH_PAGE, opts: { landing?: boolean } = {}): string {
  const base = `/qr/${slug}`;
  let out = html.replace('</style>', `${TABLE_CSS}</style>`);
  if (masa !== undefined) {
    // links and the landing's redirect: /qr/{slug}… → /qr/{slug}…?masa=N
    const link = new RegExp(`(href="|url=)(${base}(?:/[^"?#]*)?)(\\?[^"#]*)?"`, 'g');
    out = out.replace(link, (_m, pre: string, path: string, query: string | undefined) =>
      `${pre}${path}${query ? `${query}&amp;masa=${masa}` : `?masa=${masa}`}"`,
    );
    // GET forms of the menu (search, filters) carry it as a hidden field
    out = out.replace(/<form\b([^>]*)>/g, (m, attrs: string) =>
      /method="post"/i.test(attrs) || !attrs.includes(`action="${base}`) ? m : `${m}<input type="hidden" name="masa" value="${masa}"/>`,
    );
    out = out.replace(/<main([^>]*)>/, `<main$1><p class="masa">${escapeHtml(L.t.table.table(masa))}</p>`);
  }
  const survey = withMasa(L.link(`${base}/anket`), masa);
  const extra = (masa !== undefined ? callFormsHtml(slug, masa, L) : '') + (opts.landing ? '' : `<p class="fb"><a href="${escapeHtml(survey)}">${escapeHtml(L.t.table.shareOpinion)}</a></p>`);
  return extra ? out.replace('</main>', `${extra}</main>`) : out;
}
