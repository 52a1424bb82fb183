import type { ColumnDef, ColumnFiltersState, PaginationState, SortingState } from '@tanstack/react-table';
import { adminListSearch } from '@qrmenu/contract';
import type { ListBody } from '../api/client';

/**
 * The pure parts of useServerTable (tested in serverTableQuery.test.ts): what the table's state
 * asks the server for, how an answer is read, and which page to show after rows went away.
 */

export interface TableRequestState {
  pagination: PaginationState;
  sorting: SortingState;
  columnFilters: ColumnFiltersState;
  globalFilter: string;
}

/**
 * The query string of a page (`page` is 1-based, `per_page`, `q`, `sort`, `dir`, filters). A
 * column filter goes as its `meta.param` (default: the column id); a filter whose param is `q`
 * adds its words to the search. `unfiltered` is true without search words or filters.
 */
export function serverTableQuery<T>(state: TableRequestState, columns: ColumnDef<T, unknown>[]): { query: string; unfiltered: boolean } {
  const filters: Record<string, string> = {};
  const words = [state.globalFilter];
  for (const f of state.columnFilters) {
    const column = columns.find((c) => (c.id ?? (c as { accessorKey?: string }).accessorKey) === f.id);
    const param = column?.meta?.param ?? f.id;
    const value = typeof f.value === 'string' || typeof f.value === 'number' ? String(f.value).trim() : '';
    if (!value) continue;
    if (param === 'q') words.push(value);
    else filters[param] = value;
  }
  const sort = state.sorting[0];
  return {
    query: adminListSearch({
      page: state.pagination.pageIndex + 1,
      per_page: state.pagination.pageSize,
      q: words.join(' '),
      sort: sort?.id,
      dir: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
      filters,
    }),
    unfiltered: words.join('').trim() === '' && Object.keys(filters).length === 0,
  };
}

/**
 * An answer's rows and total (`total` missing: the rows' count). Past the server's count cap
 * (`total_capped`) the total is the cap and the pages reach that far.
 */
export function readServerPage<T>(body: ListBody, rowsKey: string): { rows: T[]; total: number; capped: boolean } {
  const rows = (body[rowsKey] ?? []) as T[];
  return { rows, total: Number(body.total ?? rows.length), capped: body.total_capped === true };
}

/** The page index to move to when the shown page no longer exists (rows deleted meanwhile), else null. */
export function pageAfterAnswer(total: number, pageSize: number, pageIndex: number): number | null {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return pageIndex >= pages ? pages - 1 : null;
}
