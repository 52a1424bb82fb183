import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OwnerProduct, ProductUsage } from '@qrmenu/contract';
import { formatPrice } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Button, EmptyState, Modal, PageHeader, Spinner, cx } from '../../components/ui';
import { PRODUCT_TEXT as T } from '../../texts/user';
import { ProductForm } from './ProductForm';
import { DeleteButton, reloadWithToast, StatusBadge, TableCard, tableClass, td, th, theadClass, Thumb, trClass, useFlashToast } from './shared';

function UsageMeter({ usage }: { usage: ProductUsage }) {
  const pct = Math.min(100, Math.round((usage.count / Math.max(1, usage.limit)) * 100));
  const full = usage.count >= usage.limit;
  return (
    <div className="mb-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm" data-testid="product-usage">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-stone-800">{T.usage(usage.count, usage.limit)}</p>
        <p className="text-xs text-stone-500">{T.usageHint(usage.plan)}</p>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden>
        <div className={cx('h-full rounded-full', full ? 'bg-red-600' : pct >= 80 ? 'bg-amber-500' : 'bg-brand-600')} style={{ width: `${pct}%` }} />
      </div>
      {full ? <p className="mt-2 text-sm text-red-700">{T.limitReached}</p> : null}
    </div>
  );
}

/** Products (spec §2, title Ürünler): table, Ürün Ekle modal with X close, product limit used. */
export default function Products() {
  useFlashToast();
  const [rows, setRows] = useState<OwnerProduct[] | null>(null);
  const [usage, setUsage] = useState<ProductUsage | null>(null);
  const [categories, setCategories] = useState<Array<{ id: number; name: string }> | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(() => {
    api
      .get('/api/view-product')
      .then((res) => {
        if (res.status !== 200) return;
        setRows(res.products);
        setUsage(res.usage ?? null);
      })
      .catch(() => undefined);
    api
      .get('/api/all-category')
      .then((res) => res.status === 200 && setCategories(res.category))
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);

  const addButton = <Button onClick={() => setAdding(true)}>{T.add}</Button>;
  const noCategories = categories != null && categories.length === 0;

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={addButton} />
      {usage ? <UsageMeter usage={usage} /> : null}
      {rows == null ? (
        <Spinner label={T.loading} />
      ) : rows.length === 0 ? (
        noCategories ? (
          <EmptyState
            title={T.noCategoryTitle}
            text={T.noCategoryText}
            action={
              <Link to="/user/categories" className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
                {T.toCategories}
              </Link>
            }
          />
        ) : (
          <EmptyState title={T.emptyTitle} text={T.emptyText} />
        )
      ) : (
        <TableCard>
          <table role="table" className={tableClass}>
            <thead className={theadClass}>
              <tr role="row">
                <th role="columnheader" className={th}>{T.colCategory}</th>
                <th role="columnheader" className={th}>{T.colName}</th>
                <th role="columnheader" className={th}>{T.colPrice}</th>
                <th role="columnheader" className={th}>{T.colImage}</th>
                <th role="columnheader" className={th}>{T.colStatus}</th>
                <th role="columnheader" className={th}>{T.colEdit}</th>
                <th role="columnheader" className={th}>{T.colDelete}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((p) => (
                <tr key={p.id} role="row" className={trClass}>
                  <td role="cell" data-label={T.colCategory} className={`${td} text-stone-600`}>{p.category?.name}</td>
                  <td role="cell" data-label={T.colName} className={`${td} font-medium`}>
                    <span>
                      {p.name}
                      {p.allergen ? <span className="mt-0.5 block text-xs font-normal text-amber-700">{p.allergen}</span> : null}
                    </span>
                  </td>
                  <td role="cell" data-label={T.colPrice} className={`${td} whitespace-nowrap tabular-nums`}>{p.selling_price == null ? T.noPrice : formatPrice(p.selling_price)}</td>
                  <td role="cell" data-label={T.colImage} className={td}>
                    <Thumb image={p.image} alt={p.name} emptyText={T.noImage} />
                  </td>
                  <td role="cell" data-label={T.colStatus} className={td}>
                    <StatusBadge status={p.status} />
                  </td>
                  <td role="cell" data-label={T.colEdit} className={td}>
                    <Link to={`/user/products/edit-product/${p.id}`} className="inline-flex min-h-9 items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50">
                      {T.edit}
                    </Link>
                  </td>
                  <td role="cell" data-label={T.colDelete} className={td}>
                    <DeleteButton
                      label={T.delete}
                      busyLabel={T.deleting}
                      name={p.name}
                      run={() => api.delete(`/api/delete-product/${p.id}`)}
                      onDeleted={() => {
                        setRows((r) => r?.filter((x) => x.id !== p.id) ?? r);
                        setUsage((u) => (u ? { ...u, count: Math.max(0, u.count - 1) } : u));
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
      <Modal title={T.addTitle} open={adding} onClose={() => setAdding(false)}>
        {noCategories ? (
          <EmptyState
            title={T.noCategoryTitle}
            text={T.noCategoryText}
            action={
              <Link to="/user/categories" className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
                {T.toCategories}
              </Link>
            }
          />
        ) : (
          /* spec §4: add product success reloads the page */
          <ProductForm categories={categories ?? []} url="/api/store-product" submitLabel={T.save} onDone={(res) => res.status === 200 && reloadWithToast(res.message)} />
        )}
      </Modal>
    </div>
  );
}
