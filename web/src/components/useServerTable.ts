import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { api, type ListBody } from '../api/client';
import { pageAfterAnswer, readServerPage, serverTableQuery } from './serverTableQuery';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Column filter under the header: free text (default), a select of fixed options, or none. */
    filter?: 'text' | 'select' | 'none';
    options?: Array<{ value: string; label: string }>;
    /** Query parameter the filter is sent as (default: the column id); 'q' adds its words to the search. */
    param?: string;
    /** The filter's own name and hint, when it filters by something else than the column shows (the users' branch filter under Firma Adı). */
    filterLabel?: string;
    filterPlaceholder?: string;
    /** Extra classes for the cells of this column. */
    className?: string;
    /** Stays in view at the left edge when the table scrolls sideways (the row's name). */
    sticky?: boolean;
  }
}

export interface ServerTableOptions<T> {
  /** GET endpoint of the list (`/api/admin/products`) and the key of its rows in the answer. */
  endpoint: string;
  rowsKey: string;
  columns: ColumnDef<T, unknown>[];
  initialPageSize?: number;
  /** Column ids that are not shown. */
  hidden?: string[];
}

/**
 * A TanStack Table in server-side mode (manualPagination, manualSorting, manualFiltering): the
 * table holds page, page size, sort, column filters and the search; each change asks the server
 * for that page (`page`, `per_page`, `q`, `sort`, `dir`, filters) and shows what it answers.
 * Answers that arrive after a newer request are dropped.
 */
export function useServerTable<T>({ endpoint, rowsKey, columns, initialPageSize = 20, hidden = [] }: ServerTableOptions<T>) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: initialPageSize });
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const [answer, setAnswer] = useState<{ rows: T[]; total: number; capped: boolean; body: ListBody }>();
  /** Rows of the list without search or filters: the search box's placeholder. */
  const [allTotal, setAllTotal] = useState<number>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  /** The last answer's keyset cursors, for the page next to it with the same query. */
  const cursors = useRef<{ base: string; pageIndex: number; next?: string; prev?: string }>(undefined);

  const params = useMemo(() => serverTableQuery({ pagination, sorting, columnFilters, globalFilter }, columns), [pagination, sorting, columnFilters, globalFilter, columns]);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    const base = `${endpoint}?${withoutPage(params.query)}`;
    const query = `${params.query}${cursorParam(cursors.current, base, pagination.pageIndex)}`;
    api
      .get<ListBody>(`${endpoint}?${query}`)
      .then((body) => {
        if (mine !== seq.current || body.status !== 200) return;
        cursors.current = { base, pageIndex: pagination.pageIndex, next: body.next as string | undefined, prev: body.prev as string | undefined };
        const page = readServerPage<T>(body, rowsKey);
        setAnswer({ ...page, body });
        if (params.unfiltered) setAllTotal(page.total);
        // a page that no longer exists (rows deleted meanwhile): go to the last one
        const last = pageAfterAnswer(page.total, pagination.pageSize, pagination.pageIndex);
        if (last != null) setPagination((p) => ({ ...p, pageIndex: last }));
      })
      .catch(() => undefined) // shown by the API client
      .finally(() => mine === seq.current && setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint, rowsKey, params.query, tick]);

  const toFirstPage = () => setPagination((p) => ({ ...p, pageIndex: 0 }));
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; the compiler leaves this hook unmemoized, as it should
  const table = useReactTable<T>({
    data: answer?.rows ?? [],
    columns,
    rowCount: answer?.total ?? 0,
    state: { pagination, sorting, columnFilters, globalFilter },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    onPaginationChange: setPagination,
    onSortingChange: (v: Updater<SortingState>) => {
      setSorting(v);
      toFirstPage();
    },
    onColumnFiltersChange: (v: Updater<ColumnFiltersState>) => {
      setColumnFilters(v);
      toFirstPage();
    },
    onGlobalFilterChange: (v: Updater<string>) => {
      setGlobalFilter(v);
      toFirstPage();
    },
    getCoreRowModel: getCoreRowModel(),
    initialState: { columnVisibility: Object.fromEntries(hidden.map((id) => [id, false])) },
    autoResetPageIndex: false,
  });

  const setRows = useCallback((update: (rows: T[]) => T[]) => setAnswer((a) => a && { ...a, rows: update(a.rows) }), []);
  return {
    table,
    rows: answer?.rows,
    total: answer?.total ?? 0,
    /** The total is the server's cap and more rows match ("10.000+ kayıt"). */
    capped: answer?.capped ?? false,
    allTotal: allTotal ?? answer?.total ?? 0,
    body: answer?.body,
    loading,
    filtered: !params.unfiltered,
    reload: () => setTick((n) => n + 1),
    setRows,
  };
}
export type ServerTable<T> = ReturnType<typeof useServerTable<T>>;

const withoutPage = (query: string) => query.replace(/(^|&)page=\d+/, '');

/**
 * Keyset paging: the page next to the last answer's (same list, sort, search and size) is asked
 * by its cursor (`after` = the answer's `next`, `before` = its `prev`); any other page by number.
 */
function cursorParam(last: { base: string; pageIndex: number; next?: string; prev?: string } | undefined, base: string, pageIndex: number): string {
  if (!last || last.base !== base) return '';
  if (pageIndex === last.pageIndex + 1 && last.next) return `&after=${encodeURIComponent(last.next)}`;
  if (pageIndex === last.pageIndex - 1 && last.prev) return `&before=${encodeURIComponent(last.prev)}`;
  return '';
}
