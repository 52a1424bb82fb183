import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { SortableList } from '../../components/Sortable';
import { Button, EmptyState, Modal, PageHeader, Spinner } from '../../components/ui';
import { SORT_TEXT } from '../../texts/content';
import { CATEGORY_TEXT as T } from '../../texts/user';
import { CategoryForm } from './CategoryForm';
import { CategoryHead, CategoryRow } from './CategoryRow';
import { saveOrder, type MenuCategory } from './content';
import { reloadWithToast, TableCard, useFlashToast } from './shared';
import type { Answer, categoriesResponseSchema } from '@qrmenu/contract';

/** Categories (spec §2): table in the menu's order (drag and drop, saved at once), add-category modal, delete. */
export default function Categories() {
  useFlashToast();
  const [rows, setRows] = useState<MenuCategory[] | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(() => {
    api
      .get<Answer<typeof categoriesResponseSchema>>('/api/view-category')
      .then((res) => res.status === 200 && setRows(res.category))
      .catch(() => undefined); // spec §8: the spinner stays
  }, []);
  useEffect(load, [load]);

  const reorder = (ids: number[]) => {
    if (!rows) return;
    const byId = new Map(rows.map((c) => [c.id, c]));
    void saveOrder(rows, ids.map((id) => byId.get(id)!), setRows, '/api/sort-categories', { ids });
  };

  const addButton = <Button onClick={() => setAdding(true)}>{T.add}</Button>;

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={addButton} />
      {rows == null ? (
        <Spinner label={T.loading} />
      ) : rows.length === 0 ? (
        <EmptyState title={T.emptyTitle} text={T.emptyText} />
      ) : (
        <>
          <p className="mb-2 text-xs text-stone-500">{SORT_TEXT.hint}</p>
          <TableCard>
            <table role="table" className="w-full sm:min-w-[720px]">
              <thead className="sr-only bg-stone-50 sm:not-sr-only sm:table-header-group">
                <CategoryHead />
              </thead>
              <tbody className="block divide-y divide-stone-100 sm:table-row-group">
                <SortableList ids={rows.map((c) => c.id)} nameOf={(id) => rows.find((c) => c.id === id)?.name ?? ''} onReorder={reorder}>
                  {rows.map((c) => (
                    <CategoryRow key={c.id} c={c} onDeleted={() => setRows((r) => r?.filter((x) => x.id !== c.id) ?? r)} />
                  ))}
                </SortableList>
              </tbody>
            </table>
          </TableCard>
        </>
      )}
      <Modal title={T.addTitle} open={adding} onClose={() => setAdding(false)}>
        {/* spec §4: add category success reloads the page */}
        <CategoryForm url="/api/store-category" submitLabel={T.save} onDone={(res) => res.status === 200 && reloadWithToast(res.message)} />
      </Modal>
    </div>
  );
}
