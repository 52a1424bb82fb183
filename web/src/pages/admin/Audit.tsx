import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_PAGE_SIZE, formatDateTime, type AuditEntry } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Button, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { AUDIT_FIELD_LABELS, AUDIT_TEXT as T } from '../../texts/account';

function show(v: unknown, field: string): string {
  if (field === 'account') return v ? T.accountExists : T.accountDeleted;
  if (v == null || v === '') return T.empty_value;
  if (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)) return formatDateTime(v);
  return String(v);
}

function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const fields = Object.entries(changes);
  if (!fields.length) return <span className="text-stone-500">{T.noChanges}</span>;
  return (
    <ul className="space-y-0.5">
      {fields.map(([field, [before, after]]) => (
        <li key={field} className="break-words">
          <span className="font-medium text-stone-800">{AUDIT_FIELD_LABELS[field] ?? field}:</span>{' '}
          <span className="text-stone-500 line-through decoration-stone-400">{show(before, field)}</span> → <span className="text-stone-900">{show(after, field)}</span>
        </li>
      ))}
    </ul>
  );
}

/** /admin/audit (Kayıtlar): every administrator write, newest first, 50 per page. */
export default function Audit() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ entries: AuditEntry[]; total: number }>();

  useEffect(() => {
    let live = true;
    api
      .get(`/api/admin/audit?page=${page}`)
      .then((res) => live && res.status === 200 && setData({ entries: res.entries, total: res.total }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [page]);

  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {!data ? (
        <Spinner label={T.loading} />
      ) : data.total === 0 ? (
        <EmptyState title={T.empty} text={T.emptyText} />
      ) : (
        <>
          <ol className="space-y-3" data-testid="audit-entries">
            {data.entries.map((e) => (
              <li key={e.id} className="rounded-2xl border border-stone-200 bg-white p-4 text-sm shadow-sm" data-testid="audit-entry">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-semibold text-stone-900">
                    {AUDIT_ACTION_LABELS[e.action] ?? e.action}
                    {e.target_user_id != null && e.action !== 'admin-account' && e.action !== 'admin-password' ? (
                      <>
                        {' · '}
                        {e.action === 'delete-user' ? (
                          <span>{T.business(e.target_user_id)}</span>
                        ) : (
                          <Link to={`/admin/users/edit-user/${e.target_user_id}`} className="text-brand-700 hover:underline">
                            {T.business(e.target_user_id)}
                          </Link>
                        )}
                      </>
                    ) : null}
                    {e.target_message_id != null ? <span className="font-normal text-stone-600"> · {T.message(e.target_message_id)}</span> : null}
                  </p>
                  <time dateTime={e.at} className="text-xs text-stone-500">
                    {formatDateTime(e.at)}
                  </time>
                </div>
                <p className="mt-0.5 break-all text-xs text-stone-500">
                  {T.colAdmin}: {e.admin_email}
                </p>
                <div className="mt-2">
                  <Changes changes={e.changes} />
                </div>
              </li>
            ))}
          </ol>
          <nav className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600" aria-label={T.title}>
            <span>{T.page(page, pages, data.total)}</span>
            <span className="flex gap-2">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {T.prev}
              </Button>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {T.next}
              </Button>
            </span>
          </nav>
        </>
      )}
    </div>
  );
}
