import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime, type AdminMessageRow } from '@qrmenu/contract';
import { api } from '../../api/client';
import { TablePager, TableSearch } from '../../components/AdminDataTable';
import { useServerTable } from '../../components/useServerTable';
import { notify } from '../../components/notify';
import { Badge, EmptyState, PageHeader, Spinner, cx } from '../../components/ui';
import { MESSAGES_TEXT as T, TOAST } from '../../texts/admin';
import { MessageReply } from './MessageReply';
import type { Answer, unreadResponseSchema } from '@qrmenu/contract';

/** The server's sort columns and the `unread` filter, as TanStack columns (the rows are drawn as cards). */
const COLUMNS: ColumnDef<AdminMessageRow, unknown>[] = [
  { accessorKey: 'id' },
  { accessorKey: 'name' },
  { accessorKey: 'mail' },
  { accessorKey: 'created_at' },
  { id: 'unread', accessorFn: (m) => (m.read ? '0' : '1'), meta: { filter: 'select' } },
];

/**
 * Contact messages, newest first, paged and searched on the server; unread ones are marked and can
 * be marked read (and back); "Okunmamış" asks the server for the unread ones only.
 */
export default function Messages() {
  const st = useServerTable<AdminMessageRow>({ endpoint: '/api/admin/messages', rowsKey: 'messages', columns: useMemo(() => COLUMNS, []), initialPageSize: 20 });
  const [unreadCount, setUnreadCount] = useState<number>();
  // each loaded page brings the unread count; marking a message updates it in between
  const [countedBody, setCountedBody] = useState(st.body);
  if (countedBody !== st.body) {
    setCountedBody(st.body);
    setUnreadCount(typeof st.body?.unread === 'number' ? st.body.unread : undefined);
  }
  const onlyUnread = st.table.getColumn('unread')?.getFilterValue() === '1';
  const setOnlyUnread = (u: boolean) => st.table.getColumn('unread')?.setFilterValue(u ? '1' : undefined);
  const [busyId, setBusyId] = useState<number>();

  const mark = async (m: AdminMessageRow, read: boolean) => {
    setBusyId(m.id);
    try {
      const res = await api.post<Answer<typeof unreadResponseSchema>>(`/api/admin/messages/${m.id}/${read ? 'read' : 'unread'}`);
      if (res.status === 200) {
        setUnreadCount(res.unread);
        st.setRows((rows) => rows.map((x) => (x.id === m.id ? { ...x, read, read_at: read ? (x.read_at ?? new Date().toISOString()) : null } : x)));
        notify.success(TOAST.success, res.message);
      } else if (res.status === 404) {
        notify.warning(TOAST.notFound, res.message);
      }
    } catch {
      // shown by the API client
    } finally {
      setBusyId(undefined);
    }
  };

  const data = st.rows && unreadCount != null ? { messages: st.rows, unread: unreadCount } : undefined;
  const list = data?.messages ?? [];
  const inboxEmpty = st.allTotal === 0 && !st.filtered;

  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          data && !inboxEmpty ? (
            <div className="inline-flex rounded-lg bg-stone-100 p-1 text-sm" role="group">
              {([false, true] as const).map((u) => (
                <button
                  key={String(u)}
                  type="button"
                  aria-pressed={onlyUnread === u}
                  onClick={() => setOnlyUnread(u)}
                  className={cx('rounded-md px-3 py-1.5 font-semibold', onlyUnread === u ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900')}
                >
                  {u ? `${T.filters.unread} (${data.unread})` : T.filters.all}
                </button>
              ))}
            </div>
          ) : null
        }
      />
      {!data ? (
        <Spinner label={T.loading} />
      ) : inboxEmpty ? (
        <EmptyState title={T.empty} text={T.emptyText} />
      ) : (
        <>
          <p className="mb-3 text-sm font-medium text-stone-700" data-testid="unread-count">
            {T.unreadCount(data.unread)}
          </p>
          <div className="mb-3 rounded-2xl border border-stone-200 bg-white shadow-sm">
            <TableSearch st={st} bare />
          </div>
          {list.length === 0 ? (
            <EmptyState title={onlyUnread && !st.table.getState().globalFilter ? T.noUnread : T.noResults} />
          ) : (
            <ul className={cx('space-y-3 transition-opacity', st.loading && 'opacity-60')} aria-busy={st.loading}>
              {list.map((m) => (
                <li
                  key={m.id}
                  data-testid="message"
                  data-read={m.read}
                  className={cx('rounded-2xl border bg-white p-4 shadow-sm sm:p-5', m.read ? 'border-stone-200' : 'border-brand-200 ring-1 ring-brand-200 border-l-4 border-l-brand-600')}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className={cx('text-base text-stone-900', m.read ? 'font-medium' : 'font-bold')}>
                        {[m.name, m.surname].filter(Boolean).join(' ')}
                        {m.companyname ? <span className="font-normal text-stone-500"> · {m.companyname}</span> : null}
                      </p>
                      <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-stone-600">
                        <a className="break-all text-brand-700 hover:underline" href={`mailto:${m.mail}`} title={T.reply}>
                          {m.mail}
                        </a>
                        <a className="hover:underline" href={`tel:${m.tel}`} title={T.call}>
                          {m.tel}
                        </a>
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      {m.read ? <Badge>{T.read}</Badge> : <Badge tone="amber">{T.unread}</Badge>}
                      <time className="text-xs text-stone-500" dateTime={m.created_at}>
                        {formatDateTime(m.created_at)}
                      </time>
                    </div>
                  </div>
                  <p className="mt-3 whitespace-pre-wrap break-words text-sm leading-relaxed text-stone-800">{m.message}</p>
                  <div className="mt-3 flex flex-wrap justify-end gap-2">
                    <MessageReply
                      id={m.id}
                      answeredAt={m.answered_at}
                      onAnswered={(unread) => {
                        setUnreadCount(unread);
                        st.setRows((rows) => rows.map((x) => (x.id === m.id ? { ...x, read: true, answered_at: new Date().toISOString() } : x)));
                      }}
                    />
                    <button
                      type="button"
                      disabled={busyId === m.id}
                      onClick={() => void mark(m, !m.read)}
                      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-50"
                    >
                      {m.read ? T.markUnread : T.markRead}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 rounded-2xl border border-stone-200 bg-white shadow-sm">
            <TablePager st={st} bare />
          </div>
        </>
      )}
    </div>
  );
}
