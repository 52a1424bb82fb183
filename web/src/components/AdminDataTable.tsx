import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFacetedUniqueValues,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type FilterFn,
  type RowData,
  type SortingState,
  type ColumnFiltersState,
  type PaginationState,
  type Updater,
} from '@tanstack/react-table';
import { foldTurkish } from '@qrmenu/contract';
import { TABLE_TEXT as T } from '../texts/admin';
import { cx, inputClass } from './ui';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Column filter under the header: free text (default), a select of fixed options, or none. */
    filter?: 'text' | 'select' | 'none';
    options?: Array<{ value: string; label: string }>;
    /** Extra classes for the cells of this column. */
    className?: string;
  }
}

/** Case- and Turkish-letter-insensitive "contains" (İstanbul matches istanbul and ISTANBUL). */
const fold = (v: unknown) => foldTurkish(String(v ?? ''));
const containsFolded: FilterFn<any> = (row, columnId, value) => fold(row.getValue(columnId)).includes(fold(value));
const equalsFilter: FilterFn<any> = (row, columnId, value) => value === '' || String(row.getValue(columnId)) === String(value);

/** Global search over every column's value and its `meta.options` label. */
const globalFold: FilterFn<any> = (row, _columnId, value) => {
  const needle = fold(value).trim();
  if (!needle) return true;
  return row.getAllCells().some((cell) => {
    if (cell.column.columnDef.enableGlobalFilter === false) return false;
    const v = cell.getValue();
    const label = cell.column.columnDef.meta?.options?.find((o) => o.value === String(v))?.label;
    return fold(v).includes(needle) || (label != null && fold(label).includes(needle));
  });
};

/** Text input that reports its value after `delay` ms without typing (the search box: 200 ms). */
export function DebouncedInput({ value, onChange, delay = 200, ...props }: { value: string; onChange: (v: string) => void; delay?: number } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>) {
  const [local, setLocal] = useState(value);
  useEffect(() => setLocal(value), [value]);
  useEffect(() => {
    if (local === value) return;
    const id = window.setTimeout(() => onChange(local), delay);
    return () => window.clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [local]);
  return <input {...props} value={local} onChange={(e) => setLocal(e.target.value)} />;
}

function ColumnFilter<T>({ column, label }: { column: Column<T, unknown>; label: string }) {
  const meta = column.columnDef.meta;
  const value = (column.getFilterValue() as string) ?? '';
  const small = 'block w-full min-w-[5.5rem] rounded-md border border-stone-300 bg-white px-2 py-1 text-xs font-normal text-stone-800 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20';
  if (meta?.filter === 'select') {
    return (
      <select aria-label={T.filter(label)} className={small} value={value} onChange={(e) => column.setFilterValue(e.target.value || undefined)}>
        <option value="">{T.all}</option>
        {(meta.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return <DebouncedInput size={1} aria-label={T.filter(label)} className={small} value={value} placeholder={T.filterPlaceholder} onChange={(v) => column.setFilterValue(v || undefined)} type="search" />;
}

/** Sort state as a drawing, not text: a header's text stays exactly its label (ID, Ad, …). */
function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  return (
    <svg viewBox="0 0 10 14" className={cx('h-3 w-2.5', sorted ? 'text-stone-700' : 'text-stone-400')} fill="currentColor" aria-hidden>
      {sorted !== 'desc' ? <path d="M5 1l4 5H1z" /> : null}
      {sorted !== 'asc' ? <path d="M5 13l4-5H1z" /> : null}
    </svg>
  );
}

const PAGE_SIZES = [5, 10, 20] as const;

function PagerButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-stone-300 bg-white px-2 text-sm font-semibold text-stone-700 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/**
 * Reusable admin table (TanStack Table v8): sortable headers, a filter under every header,
 * a global search box (200 ms debounce, records-count placeholder), page sizes 5/10/20 and
 * first/previous/next/last paging. Scrolls horizontally inside its card on narrow screens.
 */
export function AdminDataTable<T>({
  data,
  columns,
  initialPageSize = 10,
  testId,
  pageable = true,
  columnFilters = true,
  hidden = [],
}: {
  data: T[];
  columns: ColumnDef<T, any>[];
  initialPageSize?: (typeof PAGE_SIZES)[number];
  testId?: string;
  /** false: every row on one page (no pager). */
  pageable?: boolean;
  /** false: no text filters under the headers (select filters stay). */
  columnFilters?: boolean;
  /** Column ids that are searchable but not shown. */
  hidden?: string[];
}) {
  const [globalFilter, setGlobalFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFiltersState, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: initialPageSize });
  const cols = useMemo(
    () => columns.map((c) => ({ filterFn: c.meta?.filter === 'select' ? equalsFilter : containsFolded, ...c })) as ColumnDef<T, any>[],
    [columns],
  );
  const table = useReactTable({
    data,
    columns: cols,
    state: { globalFilter, sorting, columnFilters: columnFiltersState, pagination },
    onGlobalFilterChange: (v: Updater<string>) => {
      setGlobalFilter(v);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onColumnFiltersChange: (v: Updater<ColumnFiltersState>) => {
      setColumnFilters(v);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
    onSortingChange: setSorting,
    globalFilterFn: globalFold,
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(pageable ? { getPaginationRowModel: getPaginationRowModel() } : {}),
    getFacetedUniqueValues: getFacetedUniqueValues(),
    initialState: { columnVisibility: Object.fromEntries(hidden.map((id) => [id, false])) },
    autoResetPageIndex: false,
  });

  const { pageIndex, pageSize } = table.getState().pagination;
  const filtered = table.getFilteredRowModel().rows.length;
  const pageCount = pageable ? Math.max(1, table.getPageCount()) : 1;
  const from = filtered === 0 ? 0 : pageable ? pageIndex * pageSize + 1 : 1;
  const to = pageable ? Math.min(filtered, (pageIndex + 1) * pageSize) : filtered;
  const hasFilter = (column: Column<T, unknown>) =>
    column.getCanFilter() && column.columnDef.meta?.filter !== 'none' && (columnFilters || column.columnDef.meta?.filter === 'select');
  const showFilterRow = table.getVisibleLeafColumns().some(hasFilter);
  const hasFilters = globalFilter !== '' || table.getState().columnFilters.length > 0;

  return (
    <div className="rounded-2xl border border-stone-200 bg-white shadow-sm" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-stone-200 p-3 sm:p-4">
        <div className="relative min-w-0 flex-1 basis-56">
          <svg viewBox="0 0 24 24" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-400" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-3.5-3.5" />
          </svg>
          <DebouncedInput
            type="search"
            aria-label={T.searchLabel}
            value={globalFilter}
            onChange={(v) => table.setGlobalFilter(v)}
            placeholder={T.search(data.length)}
            className={cx(inputClass, 'pl-9')}
          />
        </div>
        {hasFilters ? (
          <button
            type="button"
            onClick={() => {
              table.setGlobalFilter('');
              table.resetColumnFilters();
            }}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {T.clear}
          </button>
        ) : null}
      </div>

      <div className="overflow-x-auto">
        <table className="w-full min-w-max border-collapse text-left text-sm">
          <thead className="bg-stone-50 text-xs text-stone-600">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  return (
                    <th key={h.id} scope="col" className="whitespace-nowrap px-3 pb-1.5 pt-2.5 align-bottom font-semibold" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {h.column.getCanSort() ? (
                        <button type="button" onClick={h.column.getToggleSortingHandler()} title={T.sortHint} className="inline-flex items-center gap-1 font-semibold hover:text-stone-900">
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <SortIcon sorted={sorted} />
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
            {showFilterRow ? (
              <tr data-testid="table-filters">
                {table.getVisibleLeafColumns().map((column) => {
                  const label = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
                  return (
                    <td key={column.id} className="border-b border-stone-200 px-3 pb-2 align-top">
                      {hasFilter(column) ? <ColumnFilter column={column} label={label} /> : null}
                    </td>
                  );
                })}
              </tr>
            ) : null}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-stone-100 hover:bg-stone-50/70">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cx('px-3 py-2.5 align-middle text-stone-800', cell.column.columnDef.meta?.className)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {filtered === 0 ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="px-3 py-8 text-center text-stone-500">
                  {T.noResults}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      {!pageable ? (
        <div className="border-t border-stone-200 p-3 text-sm text-stone-600 sm:p-4" data-testid="table-range">
          {T.shown(from, to, filtered)}
        </div>
      ) : (
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 p-3 text-sm text-stone-600 sm:p-4">
        <label className="flex items-center gap-2">
          <span>{T.pageSize}</span>
          <select className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm" value={pageSize} onChange={(e) => table.setPageSize(Number(e.target.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {T.show(n)}
              </option>
            ))}
          </select>
        </label>
        <span data-testid="table-range">{T.shown(from, to, filtered)}</span>
        <div className="flex items-center gap-1.5">
          <PagerButton label={T.first} onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>«</PagerButton>
          <PagerButton label={T.prev} onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>‹</PagerButton>
          <span className="px-1.5 whitespace-nowrap font-medium text-stone-800" data-testid="table-page">
            {T.of(pageIndex + 1, pageCount)}
          </span>
          <PagerButton label={T.next} onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>›</PagerButton>
          <PagerButton label={T.last} onClick={() => table.lastPage()} disabled={!table.getCanNextPage()}>»</PagerButton>
        </div>
      </div>
      )}
    </div>
  );
}
