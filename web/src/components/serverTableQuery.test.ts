import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '@tanstack/react-table';
import { pageAfterAnswer, readServerPage, serverTableQuery, type TableRequestState } from './serverTableQuery';

type Row = { id: number; name: string; plan: string; city: string };
const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'id' },
  { accessorKey: 'name' },
  { accessorKey: 'plan', meta: { filter: 'select' } },
  { id: 'city', accessorKey: 'city', meta: { param: 'q' } },
  { id: 'unread', meta: { param: 'only_unread' } },
];
const state = (over: Partial<TableRequestState> = {}): TableRequestState => ({
  pagination: { pageIndex: 0, pageSize: 20 },
  sorting: [],
  columnFilters: [],
  globalFilter: '',
  ...over,
});
const params = (q: string) => Object.fromEntries(new URLSearchParams(q));

describe('serverTableQuery (server-side paging of the admin tables)', () => {
  it('asks for the first page, 1-based, with nothing else', () => {
    expect(serverTableQuery(state(), columns)).toEqual({ query: 'page=1&per_page=20', unfiltered: true });
  });

  it('sends the page, the size and one sort with its direction', () => {
    const { query, unfiltered } = serverTableQuery(state({ pagination: { pageIndex: 2, pageSize: 50 }, sorting: [{ id: 'name', desc: true }] }), columns);
    expect(params(query)).toEqual({ page: '3', per_page: '50', sort: 'name', dir: 'desc' });
    expect(unfiltered).toBe(true);
    expect(params(serverTableQuery(state({ sorting: [{ id: 'id', desc: false }] }), columns).query)).toMatchObject({ sort: 'id', dir: 'asc' });
  });

  it('sends column filters under their param; a `q` column adds its words to the search', () => {
    const { query, unfiltered } = serverTableQuery(
      state({
        globalFilter: 'çınar',
        columnFilters: [
          { id: 'plan', value: 'pro' },
          { id: 'city', value: ' İzmir ' },
          { id: 'unread', value: '1' },
        ],
      }),
      columns,
    );
    expect(params(query)).toEqual({ page: '1', per_page: '20', q: 'çınar İzmir', plan: 'pro', only_unread: '1' });
    expect(unfiltered).toBe(false);
  });

  it('ignores blank filters and a blank search (still unfiltered)', () => {
    const r = serverTableQuery(state({ globalFilter: '  ', columnFilters: [{ id: 'plan', value: '' }, { id: 'city', value: '   ' }] }), columns);
    expect(r.unfiltered).toBe(true);
    expect(params(r.query)).toEqual({ page: '1', per_page: '20' });
  });
});

describe('readServerPage', () => {
  it('reads the rows under their key with the total and the cap', () => {
    expect(readServerPage<Row>({ status: 200, users: [{ id: 1 }], total: 41, total_capped: true }, 'users')).toEqual({ rows: [{ id: 1 }], total: 41, capped: true });
  });
  it('falls back to the rows counted and to no rows', () => {
    expect(readServerPage({ status: 200, messages: [{}, {}] }, 'messages')).toEqual({ rows: [{}, {}], total: 2, capped: false });
    expect(readServerPage({ status: 200 }, 'messages')).toEqual({ rows: [], total: 0, capped: false });
  });
});

describe('pageAfterAnswer', () => {
  it('stays on a page that still exists', () => {
    expect(pageAfterAnswer(41, 20, 2)).toBeNull();
    expect(pageAfterAnswer(0, 20, 0)).toBeNull();
  });
  it('moves to the last page when rows were deleted meanwhile', () => {
    expect(pageAfterAnswer(40, 20, 2)).toBe(1);
    expect(pageAfterAnswer(0, 20, 3)).toBe(0);
  });
});
