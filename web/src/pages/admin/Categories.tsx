import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatNumber, type AdminCategoryRow } from '@qrmenu/contract';
import { AdminDataTable } from '../../components/AdminDataTable';
import { useAdminLoad } from '../../components/AdminLoad';
import { Badge, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { assetUrl } from '../../api/client';
import { CATEGORIES_TEXT as T } from '../../texts/admin';
import { COMMON } from '../../texts/common';

const STATUS_OPTIONS = [
  { value: '1', label: COMMON.active },
  { value: '0', label: COMMON.passive },
];

/** Every category of every business (spec §2 admin table, with real data). */
export default function Categories() {
  const { data } = useAdminLoad<AdminCategoryRow[]>('/api/admin/categories', (b) => b.categories);
  const columns = useMemo<ColumnDef<AdminCategoryRow, any>[]>(
    () => [
      { accessorKey: 'id', header: T.cols.id, meta: { className: 'tabular-nums text-stone-500' } },
      {
        accessorKey: 'name',
        header: T.cols.name,
        cell: ({ row }) => (
          <div className="flex items-center gap-2">
            {row.original.image ? <img src={assetUrl(row.original.image)} alt="" className="h-8 w-8 rounded-md object-cover" loading="lazy" /> : null}
            <span className="font-medium text-stone-900">{row.original.name}</span>
          </div>
        ),
      },
      {
        accessorKey: 'companyname',
        header: T.cols.business,
        cell: ({ row }) => (
          <Link to={`/admin/users/edit-user/${row.original.user_id}`} className="text-brand-700 hover:underline">
            {row.original.companyname}
          </Link>
        ),
      },
      { accessorKey: 'product_count', header: T.cols.products, meta: { className: 'tabular-nums' } },
      { accessorKey: 'count', header: T.cols.count, cell: ({ getValue }) => formatNumber(getValue()), meta: { className: 'tabular-nums' } },
      {
        accessorKey: 'status',
        header: T.cols.status,
        meta: { filter: 'select', options: STATUS_OPTIONS },
        cell: ({ getValue }) => (getValue() === '1' ? <Badge tone="green">{COMMON.active}</Badge> : <Badge>{COMMON.passive}</Badge>),
      },
      { accessorKey: 'created_at', header: T.cols.createdAt, cell: ({ getValue }) => formatDate(getValue()), meta: { filter: 'none' } },
    ],
    [],
  );

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {!data ? (
        <Spinner label={T.loading} />
      ) : data.length === 0 ? (
        <EmptyState title={T.empty} text={T.emptyText} />
      ) : (
        <AdminDataTable data={data} columns={columns} testId="admin-categories-table" />
      )}
    </div>
  );
}
