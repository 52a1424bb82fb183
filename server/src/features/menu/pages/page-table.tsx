/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { createContext, useContext, type ReactNode } from 'react';
import type { PageLang } from './lang.js';

/**
 * A menu page asked at a table (`?masa=N`): rendered into the page, not added afterwards. Every
 * link and GET form of this menu keeps the table, `Masa N` opens the page's main block, and the
 * tables feature's part (its styles; the call forms and the survey link: `tableChrome`) closes it.
 */
export interface PageTable {
  /** The table number, when it is one of the business's; undefined: no table, only the styles and `end`. */
  masa?: number;
  /** Added at the end of the page's stylesheet. */
  css: string;
  /** The last part of the page's main block (the call forms, the survey link). */
  end?: ReactNode;
}

/** The table of the page being rendered (`html(node, photoBase, table)` provides it). */
export const PageTableContext = createContext<PageTable | undefined>(undefined);

/** `?masa=N` added to a menu address (one that may already have a query). */
export const withMasa = (href: string, masa?: number) => (masa === undefined ? href : `${href}${href.includes('?') ? '&' : '?'}masa=${masa}`);

/** A link of this menu as the page gives it: at a table, with `?masa=N`. */
export function useMenuLink(): (href: string) => string {
  const masa = useContext(PageTableContext)?.masa;
  return (href) => withMasa(href, masa);
}

/** The table number as a GET form's hidden field (its first), so that a search or a filter keeps it. */
export function TableField() {
  const masa = useContext(PageTableContext)?.masa;
  return masa === undefined ? null : <input type="hidden" name="masa" value={masa} />;
}

/** `Masa N`, first in the page's main block. */
export function TableBadge({ L }: { L: PageLang }) {
  const masa = useContext(PageTableContext)?.masa;
  return masa === undefined ? null : <p className="masa">{L.t.table.table(masa)}</p>;
}

/** The tables feature's part at the end of the page's main block. */
export function TableEnd() {
  return <>{useContext(PageTableContext)?.end}</>;
}
