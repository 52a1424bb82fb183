import { useState } from 'react';
import { formatDateTime, type AdminMessageRow } from '@qrmenu/contract';
import { api } from '../../api/client';
import { useAdminLoad } from '../../components/AdminLoad';
import { notify } from '../../components/notify';
import { Badge, EmptyState, PageHeader, Spinner, cx } from '../../components/ui';
import { MESSAGES_TEXT as T, TOAST } from '../../texts/admin';
import { MessageReply } from './MessageReply';

interface Inbox {
  messages: AdminMessageRow[];
  unread: number;
}

/** Contact messages, newest first; unread ones are marked and can be marked read (and back). */
export default function Messages() {
  const { data, setData } = useAdminLoad<Inbox>('/api/admin/messages', (b) => ({ messages: b.messages, unread: b.unread }));
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [busyId, setBusyId] = useState<number>();

  const mark = async (m: AdminMessageRow, read: boolean) => {
    setBusyId(m.id);
    try {
      const res = await api.post(`/api/admin/messages/${m.id}/${read ? 'read' : 'unread'}`);
      if (res.status === 200) {
        setData((d) => d && { unread: res.unread, messages: d.messages.map((x) => (x.id === m.id ? { ...x, read, read_at: read ? (x.read_at ?? new Date().toISOString()) : null } : x)) });
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

  const list = data ? (onlyUnread ? data.messages.filter((m) => !m.read) : data.messages) : [];

  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          data && data.messages.length > 0 ? (
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
      ) : data.messages.length === 0 ? (
        <EmptyState title={T.empty} text={T.emptyText} />
      ) : (
        <>
          <p className="mb-3 text-sm font-medium text-stone-700" data-testid="unread-count">
            {T.unreadCount(data.unread)}
          </p>
          {list.length === 0 ? (
            <EmptyState title={T.noUnread} />
          ) : (
            <ul className="space-y-3">
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
                      onAnswered={(unread) => setData((d) => d && { unread, messages: d.messages.map((x) => (x.id === m.id ? { ...x, read: true, answered_at: new Date().toISOString() } : x)) })}
                    />
                    <button
                      type="button"
                      disabled={busyId === m.id}
                      onClick={() => mark(m, !m.read)}
                      className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-50"
                    >
                      {m.read ? T.markUnread : T.markRead}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
