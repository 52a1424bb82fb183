import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatPriceRange, type AdminProductRow } from '@qrmenu/contract';
import { AdminDataTable } from '../../components/AdminDataTable';
import { Badge, PageHeader } from '../../components/ui';
import { assetUrl } from '../../api/client';
import { PRODUCTS_TEXT as T } from '../../texts/admin';
import { COMMON } from '../../texts/common';

const STATUS_OPTIONS = [
  { value: '1', label: COMMON.active },
  { value: '0', label: COMMON.passive },
];

/** Every product of every business, in the same table as the categories, paged on the server. */
export default function Products() {
  const columns = useMemo<ColumnDef<AdminProductRow, unknown>[]>(
    () => [
      { accessorKey: 'id', header: T.cols.id, meta: { className: 'tabular-nums text-stone-500' } },
      {
        id: 'image',
        header: T.cols.image,
        enableSorting: false,
        enableColumnFilter: false,
        enableGlobalFilter: false,
        cell: ({ row }) =>
          row.original.image ? (
            <img src={assetUrl(row.original.image.replace(/\.webp$/, '-sm.webp'))} onError={(e) => ((e.currentTarget.src = assetUrl(row.original.image)))} alt="" className="h-10 w-10 rounded-md object-cover" loading="lazy" />
          ) : (
            <span className="inline-block h-10 w-10 rounded-md bg-stone-100" aria-hidden />
          ),
      },
      { accessorKey: 'name', header: T.cols.name, meta: { param: 'q' }, cell: ({ getValue }) => <span className="font-medium text-stone-900">{getValue<string>()}</span> },
      { id: 'category', accessorFn: (r) => r.category.name, header: T.cols.category, meta: { filter: 'none' } },
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
      {
        accessorKey: 'selling_price',
        header: T.cols.price,
        // a product with portions has no single price: the range of its portions
        cell: ({ row }) => formatPriceRange(row.original.selling_price, row.original.variants),
        meta: { className: 'tabular-nums whitespace-nowrap' },
      },
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
      <AdminDataTable endpoint="/api/admin/products" rowsKey="products" columns={columns} initialPageSize={10} testId="admin-products-table" loadingLabel={T.loading} empty={{ title: T.empty, text: T.emptyText }} />
    </div>
  );
}
