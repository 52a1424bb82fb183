import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OwnerCategory } from '@qrmenu/contract';
import { formatNumber } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Button, EmptyState, Modal, PageHeader, Spinner } from '../../components/ui';
import { CATEGORY_TEXT as T } from '../../texts/user';
import { CategoryForm } from './CategoryForm';
import { DeleteButton, reloadWithToast, StatusBadge, TableCard, tableClass, td, th, theadClass, Thumb, trClass, useFlashToast } from './shared';

/** Categories (spec §2): table, add-category modal, delete with 'Siliniyor...'. */
export default function Categories() {
  useFlashToast();
  const [rows, setRows] = useState<OwnerCategory[] | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(() => {
    api
      .get('/api/view-category')
      .then((res) => res.status === 200 && setRows(res.category))
      .catch(() => undefined); // spec §8: the spinner stays
  }, []);
  useEffect(load, [load]);

  const addButton = <Button onClick={() => setAdding(true)}>{T.add}</Button>;

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={addButton} />
      {rows == null ? (
        <Spinner label={T.loading} />
      ) : rows.length === 0 ? (
        <EmptyState title={T.emptyTitle} text={T.emptyText} />
      ) : (
        <TableCard>
          <table role="table" className={tableClass}>
            <thead className={theadClass}>
              <tr role="row">
                <th role="columnheader" className={th}>{T.colName}</th>
                <th role="columnheader" className={th}>{T.colDescription}</th>
                <th role="columnheader" className={th}>{T.colImage}</th>
                <th role="columnheader" className={th}>{T.colCount}</th>
                <th role="columnheader" className={th}>{T.colStatus}</th>
                <th role="columnheader" className={th}>{T.colEdit}</th>
                <th role="columnheader" className={th}>{T.colDelete}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((c) => (
                <tr key={c.id} role="row" className={trClass}>
                  <td role="cell" data-label={T.colName} className={`${td} font-medium`}>{c.name}</td>
                  <td role="cell" data-label={T.colDescription} className={`${td} text-stone-600 sm:max-w-xs`}>
                    <span className="line-clamp-2">{c.description}</span>
                  </td>
                  <td role="cell" data-label={T.colImage} className={td}>
                    <Thumb image={c.image} alt={c.name} emptyText={T.noImage} />
                  </td>
                  <td role="cell" data-label={T.colCount} className={`${td} tabular-nums`}>{formatNumber(c.count)}</td>
                  <td role="cell" data-label={T.colStatus} className={td}>
                    <StatusBadge status={c.status} />
                  </td>
                  <td role="cell" data-label={T.colEdit} className={td}>
                    <Link to={`/user/categories/edit-category/${c.id}`} className="inline-flex min-h-9 items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50">
                      {T.edit}
                    </Link>
                  </td>
                  <td role="cell" data-label={T.colDelete} className={td}>
                    <DeleteButton
                      label={T.delete}
                      busyLabel={T.deleting}
                      name={c.name}
                      run={() => api.delete(`/api/delete-category/${c.id}`)}
                      onDeleted={() => setRows((r) => r?.filter((x) => x.id !== c.id) ?? r)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
      <Modal title={T.addTitle} open={adding} onClose={() => setAdding(false)}>
        {/* spec §4: add category success reloads the page */}
        <CategoryForm url="/api/store-category" submitLabel={T.save} onDone={(res) => res.status === 200 && reloadWithToast(res.message)} />
      </Modal>
    </div>
  );
}
