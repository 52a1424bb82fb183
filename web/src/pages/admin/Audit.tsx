import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_PAGE_SIZE, formatDateTime, type AuditEntry } from '@qrmenu/contract';
import { TablePager, TableSearch } from '../../components/AdminDataTable';
import { useServerTable } from '../../components/useServerTable';
import { EmptyState, PageHeader, Spinner, cx } from '../../components/ui';
import { AUDIT_FIELD_LABELS, AUDIT_TEXT as T } from '../../texts/account';

function show(v: unknown, field: string): string {
  if (field === 'account') return v ? T.accountExists : T.accountDeleted;
  if (v == null || v === '') return T.empty_value;
  if (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)) return formatDateTime(v);
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
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

/** The server's sort columns and the `action` filter, as TanStack columns (entries are drawn as cards). */
const COLUMNS: ColumnDef<AuditEntry, unknown>[] = [{ accessorKey: 'at' }, { accessorKey: 'id' }, { accessorKey: 'admin_email' }, { accessorKey: 'action', meta: { filter: 'select' } }];

/** /admin/audit (Kayıtlar): every administrator write, newest first, 50 per page, searched and paged on the server. */
export default function Audit() {
  const st = useServerTable<AuditEntry>({ endpoint: '/api/admin/audit', rowsKey: 'entries', columns: useMemo(() => COLUMNS, []), initialPageSize: AUDIT_PAGE_SIZE });
  const action = st.table.getColumn('action');
  const entries = st.rows;
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {!entries ? (
        <Spinner label={T.loading} />
      ) : st.allTotal === 0 && !st.filtered ? (
        <EmptyState title={T.empty} text={T.emptyText} />
      ) : (
        <>
          <div className="mb-3 rounded-2xl border border-stone-200 bg-white shadow-sm">
            <TableSearch st={st} bare>
              <select
                aria-label={T.actionFilter}
                className="rounded-lg border border-stone-300 bg-white px-2 py-2 text-sm"
                value={(action?.getFilterValue() as string) ?? ''}
                onChange={(e) => action?.setFilterValue(e.target.value || undefined)}
              >
                <option value="">{T.allActions}</option>
                {AUDIT_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {AUDIT_ACTION_LABELS[a]}
                  </option>
                ))}
              </select>
            </TableSearch>
          </div>
          {entries.length === 0 ? <EmptyState title={T.noResults} /> : null}
          <ol className={cx('space-y-3 transition-opacity', st.loading && 'opacity-60')} aria-busy={st.loading} data-testid="audit-entries">
            {entries.map((e) => (
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
          <div className="mt-3 rounded-2xl border border-stone-200 bg-white shadow-sm">
            <TablePager st={st} bare />
          </div>
        </>
      )}
    </div>
  );
}
