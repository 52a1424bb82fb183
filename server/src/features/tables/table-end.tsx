/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { PageLang, PageTable } from '../menu/index.js';
import { callFormsHtml, TABLE_CSS, withMasa } from './table-chrome.js';

/**
 * The table's part of a menu page (rendered by the page: features/menu/pages/page-table.tsx): its
 * styles, and at the end of the main block `Garson Çağır` / `Hesap İste` at a table and, on every
 * page but the landing (which has its own Anket button), the `Görüşünüzü paylaşın` link. The
 * words are the page's language (`L`); the call forms and the survey link keep it.
 */
export function tableChrome(slug: string, masa: number | undefined, L: PageLang, opts: { landing?: boolean } = {}): PageTable {
  const survey = withMasa(L.link(`/qr/${slug}/anket`), masa);
  return {
    masa,
    css: TABLE_CSS,
    end: (
      <>
        {/* the forms as the waiter-call routes read them (their bytes are those of the table pages' tests) */}
        {masa !== undefined ? <div className="calls" dangerouslySetInnerHTML={{ __html: callFormsHtml(slug, masa, L) }} /> : null}
        {opts.landing ? null : (
          <p className="fb">
            <a href={survey}>{L.t.table.shareOpinion}</a>
          </p>
        )}
      </>
    ),
  };
}
