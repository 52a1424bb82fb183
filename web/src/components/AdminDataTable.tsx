import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flexRender, type Column, type ColumnDef, type Table } from '@tanstack/react-table';
import { PER_PAGE_OPTIONS } from '@qrmenu/contract';
import { TABLE_TEXT as T } from '../texts/admin';
import { EmptyState, Spinner, cx, inputClass } from './ui';
import { useServerTable, type ServerTable } from './useServerTable';

/** Text input that reports its value after `delay` ms without typing (the search box: 200 ms). */
export function DebouncedInput({ value, onChange, delay = 200, ...props }: { value: string; onChange: (v: string) => void; delay?: number } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>) {
  const [local, setLocal] = useState(value);
  // an outside change of the value (a reset) replaces what is typed
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    setSynced(value);
    setLocal(value);
  }
  // the latest onChange, without restarting the delay when the parent renders a new function
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (local === value) return;
    const id = window.setTimeout(() => onChangeRef.current(local), delay);
    return () => window.clearTimeout(id);
  }, [local, value, delay]);
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
  return (
    <DebouncedInput size={1} aria-label={T.filter(meta?.filterLabel ?? label)} className={small} value={value} placeholder={meta?.filterPlaceholder ?? T.filterPlaceholder} onChange={(v) => column.setFilterValue(v || undefined)} type="search" />
  );
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

/** The search box (200 ms debounce, the record count as placeholder), `children` (more filters) and "clear filters". */
export function TableSearch<T>({ st, bare = false, children }: { st: ServerTable<T>; bare?: boolean; children?: ReactNode }) {
  const { table } = st;
  return (
    <div className={cx('flex flex-wrap items-center gap-3 p-3 sm:p-4', !bare && 'border-b border-stone-200')}>
      <div className="relative min-w-0 flex-1 basis-56">
        <svg viewBox="0 0 24 24" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-400" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
        <DebouncedInput
          type="search"
          aria-label={T.searchLabel}
          value={(table.getState().globalFilter as string | undefined) ?? ''}
          onChange={(v) => table.setGlobalFilter(v)}
          placeholder={T.search(st.allTotal)}
          className={cx(inputClass, 'pl-9')}
        />
      </div>
      {children}
      {st.loading && st.rows ? (
        <span className="text-xs text-stone-500" role="status">
          {T.loading}
        </span>
      ) : null}
      {st.filtered ? (
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
  );
}

/** "Go to page": a page number between 1 and the last page (the server seeks that page by its key). */
function GoToPage({ pageCount, current, onGo }: { pageCount: number; current: number; onGo: (pageIndex: number) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      className="flex items-center gap-1"
      data-testid="table-goto"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1) return;
        onGo(Math.min(n, pageCount) - 1);
        setValue('');
      }}
    >
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={pageCount}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={String(current)}
        aria-label={T.goTo}
        title={T.goToHint(pageCount)}
        className="h-9 w-20 rounded-lg border border-stone-300 bg-white px-2 text-sm tabular-nums focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
      />
      <button type="submit" className="h-9 rounded-lg border border-stone-300 bg-white px-2.5 text-sm font-semibold text-stone-700 hover:bg-stone-50">
        {T.go}
      </button>
    </form>
  );
}

/** Page size (5, 10, 20, 50, 100), the range shown, first/previous/next/last and "go to page". */
export function TablePager<T>({ st, bare = false }: { st: ServerTable<T>; bare?: boolean }) {
  const { table, total, capped } = st;
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = Math.max(1, table.getPageCount());
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <div className={cx('flex flex-wrap items-center justify-between gap-3 p-3 text-sm text-stone-600 sm:p-4', !bare && 'border-t border-stone-200')}>
      <label className="flex items-center gap-2">
        <span>{T.pageSize}</span>
        <select className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm" value={pageSize} onChange={(e) => table.setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}>
          {PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {T.show(n)}
            </option>
          ))}
        </select>
      </label>
      <span data-testid="table-range">{T.shown(from, to, total, capped)}</span>
      <div className="flex items-center gap-1.5">
        <PagerButton label={T.first} onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>«</PagerButton>
        <PagerButton label={T.prev} onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>‹</PagerButton>
        <span className="px-1.5 whitespace-nowrap font-medium text-stone-800" data-testid="table-page">
          {T.of(pageIndex + 1, pageCount, capped)}
        </span>
        <PagerButton label={T.next} onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>›</PagerButton>
        <PagerButton label={T.last} onClick={() => table.lastPage()} disabled={!table.getCanNextPage()}>»</PagerButton>
      </div>
      {/* its own item of the wrapping row: on a phone it goes below the buttons */}
      {pageCount > 1 ? <GoToPage pageCount={pageCount} current={pageIndex + 1} onGo={(i) => table.setPageIndex(i)} /> : null}
    </div>
  );
}

/** A column that stays in view when the table scrolls sideways (meta.sticky): opaque, with a line on its right. */
const STICKY_HEAD = 'sticky left-0 z-20 bg-stone-50 shadow-[inset_-1px_0_0_0_#e7e5e4]';
const STICKY_CELL = 'sticky left-0 z-10 bg-white group-hover:bg-stone-50 shadow-[inset_-1px_0_0_0_#e7e5e4]';

function DataTable<T>({ table, loading, columnFilters, total }: { table: Table<T>; loading: boolean; columnFilters: boolean; total: number }) {
  // the server filters by select values and by the text filters that name their query parameter
  const hasFilter = (column: Column<T, unknown>) =>
    column.getCanFilter() && (column.columnDef.meta?.filter === 'select' || (columnFilters && column.columnDef.meta?.filter !== 'none' && column.columnDef.meta?.param != null));
  const showFilterRow = table.getVisibleLeafColumns().some(hasFilter);
  return (
    <div className="overflow-x-auto">
      <table className={cx('w-full min-w-max border-collapse text-left text-sm transition-opacity', loading && 'opacity-60')} aria-busy={loading}>
        <thead className="bg-stone-50 text-xs text-stone-600">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                return (
                  <th key={h.id} scope="col" className={cx('whitespace-nowrap px-3 pb-1.5 pt-2.5 align-bottom font-semibold', h.column.columnDef.meta?.sticky && STICKY_HEAD)} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
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
                  <td key={column.id} className={cx('border-b border-stone-200 px-3 pb-2 align-top', column.columnDef.meta?.sticky && STICKY_HEAD)}>
                    {hasFilter(column) ? <ColumnFilter column={column} label={label} /> : null}
                  </td>
                );
              })}
            </tr>
          ) : null}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="group border-t border-stone-100 hover:bg-stone-50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cx('px-3 py-2.5 align-middle text-stone-800', cell.column.columnDef.meta?.sticky && STICKY_CELL, cell.column.columnDef.meta?.className)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
          {total === 0 ? (
            <tr>
              <td colSpan={table.getVisibleLeafColumns().length} className="px-3 py-8 text-center text-stone-500">
                {T.noResults}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Reusable admin table (TanStack Table v8, server-side mode): the server pages, sorts, searches
 * and filters (see useServerTable); sortable headers, filters under the headers (select filters
 * always, text filters unless `columnFilters` is false), the search box, page sizes and paging.
 * Scrolls horizontally inside its card on narrow screens. Column ids are the API's sort columns;
 * a column the API cannot sort by sets `enableSorting: false`.
 */
export function AdminDataTable<T>({
  endpoint,
  rowsKey,
  columns,
  initialPageSize = 20,
  testId,
  columnFilters = true,
  hidden = [],
  loadingLabel,
  empty,
}: {
  endpoint: string;
  rowsKey: string;
  columns: ColumnDef<T, unknown>[];
  initialPageSize?: number;
  testId?: string;
  /** false: no text filters under the headers (select filters stay). */
  columnFilters?: boolean;
  /** Column ids that are not shown. */
  hidden?: string[];
  loadingLabel: string;
  /** Shown instead of the table when the list has no rows at all. */
  empty: { title: string; text?: string };
}) {
  const st = useServerTable<T>({ endpoint, rowsKey, columns, initialPageSize, hidden });
  const { table } = st;
  if (!st.rows) return <Spinner label={loadingLabel} />;
  if (st.total === 0 && !st.filtered) return <EmptyState title={empty.title} text={empty.text} />;
  return (
    <div className="rounded-2xl border border-stone-200 bg-white shadow-sm" data-testid={testId}>
      <TableSearch st={st} />
      <DataTable table={table} loading={st.loading} columnFilters={columnFilters} total={st.total} />
      <TablePager st={st} />
    </div>
  );
}
