import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatNumber, formatTrPhone, provinceName, type AdminListBranch, type AdminUserRow } from '@qrmenu/contract';
import { AdminDataTable } from '../../components/AdminDataTable';
import { Badge, PageHeader } from '../../components/ui';
import { EDIT_USER_TEXT, LEVEL_LABELS, USERS_BRANCHES_TEXT as BT, USERS_TEXT as T } from '../../texts/admin';
import { ADMIN_ACCOUNTS_TEXT } from '../../texts/account';

const opts = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The account's extra branches under it: their count, opened into name, menu address, city and views. */
function BranchList({ branches }: { branches: AdminListBranch[] }) {
  return (
    <details className="group/branches max-w-72" data-testid="user-branches">
      <summary className="cursor-pointer select-none whitespace-nowrap font-medium text-brand-700 hover:underline">{BT.count(branches.length)}</summary>
      <ul className="mt-1.5 space-y-1.5 whitespace-normal">
        {branches.map((b) => (
          <li key={b.id} className="rounded-md bg-stone-50 px-2 py-1.5 text-xs ring-1 ring-stone-200">
            <span className="block font-semibold text-stone-900 [overflow-wrap:anywhere]">{b.name}</span>
            <a href={b.qrlink} target="_blank" rel="noopener noreferrer" className="block font-mono text-brand-700 hover:underline [overflow-wrap:anywhere]" title={`${BT.menu}: ${b.qrlink}`}>
              /qr/{b.slug}
            </a>
            <span className="text-stone-600">
              {provinceName(b.city) || T.noCity} · {BT.views(formatNumber(b.views))}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Business accounts (spec §2 users table), paged, sorted, searched and filtered on the server
 * (newest first; search: business name, owner name, slug, e-mail, a branch's name or slug). Each
 * row shows its extra branches under the business name ("2 ek şube", opened into name, menu
 * address, city, views), and the filter under Firma Adı (Şubeler filtrele) lists the accounts with such a branch. Every column sorts (names and
 * address in Turkish order). The columns that matter come first, the business name stays in view
 * when the table scrolls sideways, so the table reads at 1280 px.
 */
export default function Users() {
  const columns = useMemo<ColumnDef<AdminUserRow, unknown>[]>(
    () => [
      // the business name first and sticky: it stays in view when the table scrolls sideways; the
      // account's extra branches under it (the spec's columns stay as they are), and the filter
      // under it finds accounts by a branch's name or slug
      {
        accessorKey: 'companyname',
        header: T.cols.companyname,
        meta: { sticky: true, className: 'font-medium', param: 'branch', filterLabel: BT.col, filterPlaceholder: BT.filterPlaceholder },
        // the name opens the edit form, so the action is at hand however far the table is scrolled
        cell: ({ row, getValue }) => (
          <span className="flex max-w-32 flex-col items-start gap-0.5 sm:max-w-52">
            <Link to={`/admin/users/edit-user/${row.original.user_id}`} title={getValue<string>() || T.noCompany} className="block max-w-full truncate text-stone-900 hover:text-brand-700 hover:underline">
              {getValue<string>() || <span className="italic text-stone-500">{T.noCompany}</span>}
            </Link>
            {row.original.branches.length > 0 ? <BranchList branches={row.original.branches} /> : null}
          </span>
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
        // text filters only where a column names its parameter: the branch filter
        testId="admin-users-table"
        hidden={['email']}
        loadingLabel={T.loading}
        empty={{ title: T.empty, text: T.emptyText }}
      />
    </div>
  );
}
