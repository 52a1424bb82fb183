import { Link } from 'react-router';
import { formatNumber } from '@qrmenu/contract';
import { api } from '../../api/client';
import { categoryQuestion } from '../../components/deleteQuestions';
import { DragHandle, useSortableRow } from '../../components/Sortable';
import { cx } from '../../components/ui';
import { SORT_TEXT } from '../../texts/content';
import { CATEGORY_TEXT as T } from '../../texts/user';
import type { MenuCategory } from './content';
import { cell, editLink, headCell } from './ProductRow';
import { DeleteButton, StatusBadge, Thumb } from './shared';

/** Below 640 px a compact grid: grip and photo | name / description; views, status, Düzenle, Sil. */
const rowGrid =
  'grid grid-cols-[1.75rem_3rem_minmax(0,1fr)_auto_auto] items-center gap-x-1.5 gap-y-1 px-2 py-2 sm:table-row sm:p-0 sm:hover:bg-stone-50/60';

export function CategoryHead() {
  return (
    <tr role="row">
      <th role="columnheader" className={`${headCell} w-10`}><span className="sr-only">{SORT_TEXT.col}</span></th>
      <th role="columnheader" className={headCell}>{T.colImage}</th>
      <th role="columnheader" className={headCell}>{T.colName}</th>
      <th role="columnheader" className={headCell}>{T.colDescription}</th>
      <th role="columnheader" className={headCell}>{T.colCount}</th>
      <th role="columnheader" className={headCell}>{T.colStatus}</th>
      <th role="columnheader" className={headCell}>{T.colEdit}</th>
      <th role="columnheader" className={headCell}>{T.colDelete}</th>
    </tr>
  );
}

export function CategoryRow({ c, onDeleted }: { c: MenuCategory; onDeleted: () => void }) {
  const { rowRef, rowStyle, isDragging, handle } = useSortableRow(c.id);
  return (
    <tr ref={rowRef} style={rowStyle} role="row" data-testid="category-row" className={cx(rowGrid, 'bg-white', isDragging && 'shadow-lg ring-1 ring-brand-200')}>
      <td role="cell" className={`${cell} col-start-1 row-span-2 row-start-1 sm:w-10`}>
        <DragHandle handle={handle} name={c.name} />
      </td>
      <td role="cell" className={`${cell} col-start-2 row-span-2 row-start-1`}>
        <Thumb image={c.image} alt={c.name} emptyText={T.noImage} />
      </td>
      <td role="cell" className={`${cell} col-span-3 col-start-3 row-start-1 font-medium`}>
        <span className="block truncate sm:whitespace-normal">{c.name}</span>
      </td>
      <td role="cell" className={`${cell} col-span-3 col-start-3 row-start-2 text-xs text-stone-500 sm:max-w-xs sm:text-sm sm:text-stone-600`}>
        <span className="block truncate sm:line-clamp-2 sm:whitespace-normal">{c.description}</span>
      </td>
      <td role="cell" className={`${cell} col-span-2 col-start-1 row-start-3 text-xs tabular-nums text-stone-600 sm:text-sm sm:text-stone-800`}>
        <span className="inline-flex items-center gap-1" title={T.colCount}>
          <svg viewBox="0 0 24 24" className="h-4 w-4 text-stone-400 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
            <circle cx="12" cy="12" r="3" />
          </svg>
          {formatNumber(c.count)}
          <span className="sr-only"> {T.colCount.toLocaleLowerCase('tr')}</span>
        </span>
      </td>
      <td role="cell" className={`${cell} col-start-3 row-start-3 justify-self-end sm:justify-self-auto`}>
        <StatusBadge status={c.status} />
      </td>
      <td role="cell" className={`${cell} col-start-4 row-start-3`}>
        <Link to={`/user/categories/edit-category/${c.id}`} className={editLink} title={`${T.edit}: ${c.name}`}>
          {T.edit}
        </Link>
      </td>
      <td role="cell" className={`${cell} col-start-5 row-start-3`}>
        <DeleteButton label={T.delete} busyLabel={T.deleting} name={c.name} question={categoryQuestion(c)} run={() => api.delete(`/api/delete-category/${c.id}`)} onDeleted={onDeleted} />
      </td>
    </tr>
  );
}
