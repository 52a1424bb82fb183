import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatNumber, formatTrPhone, provinceName, type AdminUserRow } from '@qrmenu/contract';
import { AdminDataTable } from '../../components/AdminDataTable';
import { Badge, PageHeader } from '../../components/ui';
import { EDIT_USER_TEXT, LEVEL_LABELS, USERS_TEXT as T } from '../../texts/admin';
import { ADMIN_ACCOUNTS_TEXT } from '../../texts/account';

const opts = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * Business accounts (spec §2 users table), paged, sorted, searched and filtered on the server
 * (newest first; search: business name, owner name, slug, e-mail). Every column sorts (names and
 * address in Turkish order). The columns that matter come first, the business name stays in view
 * when the table scrolls sideways, so the table reads at 1280 px.
 */
export default function Users() {
  const columns = useMemo<ColumnDef<AdminUserRow, unknown>[]>(
    () => [
      // the business name first and sticky: it stays in view when the table scrolls sideways
      {
        accessorKey: 'companyname',
        header: T.cols.companyname,
        meta: { sticky: true, className: 'max-w-32 truncate font-medium sm:max-w-52' },
        // the name opens the edit form, so the action is at hand however far the table is scrolled
        cell: ({ row, getValue }) => (
          <Link to={`/admin/users/edit-user/${row.original.user_id}`} title={getValue<string>() || T.noCompany} className="text-stone-900 hover:text-brand-700 hover:underline">
            {getValue<string>() || <span className="italic text-stone-500">{T.noCompany}</span>}
          </Link>
        ),
      },
      {
        accessorKey: 'name',
        header: T.cols.name,
        // the name only (spec column "Ad"); the e-mail is a tooltip and stays searchable (hidden column)
        cell: ({ row }) => (
          <span className="font-medium text-stone-900" title={row.original.email}>
            {row.original.name}
          </span>
        ),
      },
      { id: 'email', accessorKey: 'email', header: 'E-posta', enableHiding: true },
      {
        accessorKey: 'userlevel',
        header: T.cols.level,
        meta: { filter: 'select', options: opts(LEVEL_LABELS) },
        cell: ({ getValue }) => <Badge tone={getValue<string>() === '0' ? 'stone' : 'amber'}>{LEVEL_LABELS[getValue<string>()] ?? getValue<string>()}</Badge>,
      },
      {
        id: 'status',
        accessorFn: (r) => String(r.status),
        header: T.cols.status,
        meta: { filter: 'select', options: opts(EDIT_USER_TEXT.statusOptions) },
        // the spec's columns stay as they are: whether the e-mail is confirmed shows under the account status
        cell: ({ getValue, row }) => (
          <span className="flex flex-col items-start gap-1">
            {getValue() === '1' ? <Badge tone="green">{EDIT_USER_TEXT.statusOptions['1']}</Badge> : <Badge tone="red">{EDIT_USER_TEXT.statusOptions['0']}</Badge>}
            <span className={row.original.email_verified ? 'text-xs text-emerald-700' : 'text-xs text-amber-700'} data-testid="email-verified" data-verified={row.original.email_verified}>
              {row.original.email_verified ? ADMIN_ACCOUNTS_TEXT.verified : ADMIN_ACCOUNTS_TEXT.unverified}
            </span>
          </span>
        ),
      },
      { id: 'city', accessorFn: (r) => provinceName(r.city), header: T.cols.city, cell: ({ getValue }) => getValue<string>() || T.noCity },
      { accessorKey: 'tel', header: T.cols.tel, cell: ({ getValue }) => formatTrPhone(getValue<string | null>() ?? '') ?? getValue<string | null>(), meta: { className: 'whitespace-nowrap' } },
      { accessorKey: 'deskcount', header: T.cols.deskcount, meta: { className: 'tabular-nums' }, cell: ({ getValue }) => getValue<number | null>() ?? '—' },
      { accessorKey: 'count', header: T.cols.count, meta: { className: 'tabular-nums' }, cell: ({ getValue }) => formatNumber(getValue<number>()) },
      {
        id: 'qr_status',
        accessorFn: (r) => String(r.qr_status),
        header: T.cols.qrStatus,
        meta: { filter: 'select', options: opts(EDIT_USER_TEXT.qrStatusOptions) },
        cell: ({ getValue }) => (getValue() === '1' ? <Badge tone="blue">{EDIT_USER_TEXT.qrStatusOptions['1']}</Badge> : <Badge tone="amber">{EDIT_USER_TEXT.qrStatusOptions['0']}</Badge>),
      },
      { accessorKey: 'created_at', header: T.cols.createdAt, cell: ({ getValue }) => formatDate(getValue<string>()), meta: { className: 'whitespace-nowrap' } },
      { accessorKey: 'address', header: T.cols.address, meta: { className: 'max-w-48 truncate' }, cell: ({ getValue }) => <span title={getValue<string>()}>{getValue<string>()}</span> },
      {
        accessorKey: 'qrlink',
        header: T.cols.qr,
        enableSorting: false,
        cell: ({ getValue }) =>
          getValue<string | null>() ? (
            <a href={getValue<string>()} target="_blank" rel="noopener noreferrer" className="block max-w-44 truncate text-brand-700 hover:underline" title={getValue<string>()}>
              {getValue<string>()}
            </a>
          ) : (
            <span className="text-stone-400">{T.noQr}</span>
          ),
      },
      { accessorKey: 'id', header: T.cols.id, meta: { className: 'tabular-nums text-stone-500' } },
      {
        id: 'edit',
        header: T.cols.edit,
        enableSorting: false,
        enableGlobalFilter: false,
        enableColumnFilter: false,
        cell: ({ row }) => (
          <Link to={`/admin/users/edit-user/${row.original.user_id}`} className="inline-flex rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100">
            {T.cols.edit}
          </Link>
        ),
      },
    ],
    [],
  );

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <AdminDataTable
        endpoint="/api/view-user"
        rowsKey="users"
        columns={columns}
        columnFilters={false}
        testId="admin-users-table"
        hidden={['email']}
        loadingLabel={T.loading}
        empty={{ title: T.empty, text: T.emptyText }}
      />
    </div>
  );
}
