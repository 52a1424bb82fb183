import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatNumber, type AdminCategoryRow } from '@qrmenu/contract';
import { AdminDataTable } from '../../components/AdminDataTable';
import { Badge, PageHeader } from '../../components/ui';
import { assetUrl } from '../../api/client';
import { CATEGORIES_TEXT as T } from '../../texts/admin';
import { COMMON } from '../../texts/common';

const STATUS_OPTIONS = [
  { value: '1', label: COMMON.active },
  { value: '0', label: COMMON.passive },
];

/** Every category of every business (spec §2 admin table, with real data), paged on the server. */
export default function Categories() {
  const columns = useMemo<ColumnDef<AdminCategoryRow, unknown>[]>(
    () => [
      { accessorKey: 'id', header: T.cols.id, meta: { className: 'tabular-nums text-stone-500' } },
      {
        accessorKey: 'name',
        header: T.cols.name,
        meta: { param: 'q' },
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
        meta: { param: 'business' },
        cell: ({ row }) => (
          <Link to={`/admin/users/edit-user/${row.original.user_id}`} className="text-brand-700 hover:underline">
            {row.original.companyname}
          </Link>
        ),
      },
      { accessorKey: 'product_count', header: T.cols.products, enableSorting: false, meta: { className: 'tabular-nums', filter: 'none' } },
      { accessorKey: 'count', header: T.cols.count, cell: ({ getValue }) => formatNumber(getValue<number>()), meta: { className: 'tabular-nums' } },
      {
        accessorKey: 'status',
        header: T.cols.status,
        meta: { filter: 'select', options: STATUS_OPTIONS },
        cell: ({ getValue }) => (getValue() === '1' ? <Badge tone="green">{COMMON.active}</Badge> : <Badge>{COMMON.passive}</Badge>),
      },
      { accessorKey: 'created_at', header: T.cols.createdAt, cell: ({ getValue }) => formatDate(getValue<string>()), meta: { filter: 'none' } },
    ],
    [],
  );

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <AdminDataTable endpoint="/api/admin/categories" rowsKey="categories" columns={columns} initialPageSize={10} testId="admin-categories-table" loadingLabel={T.loading} empty={{ title: T.empty, text: T.emptyText }} />
    </div>
  );
}
