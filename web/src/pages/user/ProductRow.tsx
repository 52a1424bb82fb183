import { Link } from 'react-router';
import { formatPrice } from '@qrmenu/contract';
import { api } from '../../api/client';
import { productQuestion } from '../../components/deleteQuestions';
import { DragHandle, useSortableRow } from '../../components/Sortable';
import { cx } from '../../components/ui';
import { PRODUCT_CONTENT_TEXT as C, SOLD_OUT_TEXT, SORT_TEXT } from '../../texts/content';
import { PRODUCT_TEXT as T } from '../../texts/user';
import { SoldOutSwitch, type MenuProduct } from './content';
import { priceSummary } from './productPrices';
import { DeleteButton, StatusBadge, Thumb } from './shared';

/**
 * Row layout: a table row from 640 px on; below it a compact three-line grid (about 110 px high):
 * grip and photo | name / price and status / Tükendi switch, Düzenle, Sil.
 */
export const rowGrid =
  'grid grid-cols-[1.75rem_3rem_minmax(0,1fr)_auto_auto] items-center gap-x-1.5 gap-y-1 px-2 py-2 sm:table-row sm:p-0 sm:hover:bg-stone-50/60';
export const cell = 'min-w-0 text-sm text-stone-800 sm:table-cell sm:px-3 sm:py-2 sm:align-middle';
export const headCell = 'whitespace-nowrap px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-stone-500';
export const editLink =
  'inline-flex min-h-9 items-center rounded-lg px-2.5 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50';

export function ProductHead() {
  return (
    <tr role="row">
      <th role="columnheader" className={`${headCell} w-10`}><span className="sr-only">{SORT_TEXT.col}</span></th>
      <th role="columnheader" className={headCell}>{T.colImage}</th>
      <th role="columnheader" className={headCell}>{T.colName}</th>
      <th role="columnheader" className={headCell}>{T.colCategory}</th>
      <th role="columnheader" className={headCell}>{T.colPrice}</th>
      <th role="columnheader" className={headCell}>{T.colStatus}</th>
      <th role="columnheader" className={headCell}>{SOLD_OUT_TEXT.col}</th>
      <th role="columnheader" className={headCell}>{T.colEdit}</th>
      <th role="columnheader" className={headCell}>{T.colDelete}</th>
    </tr>
  );
}
export const PRODUCT_COLUMNS = 9;

export function ProductRow({ p, onChange, onDeleted }: { p: MenuProduct; onChange: (p: MenuProduct) => void; onDeleted: () => void }) {
  const { rowRef, rowStyle, isDragging, handle } = useSortableRow(p.id);
  const soldOut = p.sold_out === '1';
  const discounted = p.original_price != null && p.selling_price != null && p.original_price > p.selling_price;
  return (
    <tr ref={rowRef} style={rowStyle} role="row" data-testid="product-row" className={cx(rowGrid, 'bg-white', isDragging && 'shadow-lg ring-1 ring-brand-200')}>
      <td role="cell" className={`${cell} col-start-1 row-span-2 row-start-1 sm:w-10`}>
        <DragHandle handle={handle} name={p.name} />
      </td>
      <td role="cell" className={`${cell} col-start-2 row-span-2 row-start-1`}>
        <Thumb image={p.image} alt={p.name} emptyText={T.noImage} />
      </td>
      <td role="cell" className={`${cell} col-span-3 col-start-3 row-start-1 font-medium`}>
        <span className={cx('block truncate sm:whitespace-normal', soldOut && 'text-stone-500')}>{p.name}</span>
        {p.allergen ? <span className="hidden text-xs font-normal text-amber-700 sm:block">{p.allergen}</span> : null}
      </td>
      <td role="cell" className={`${cell} hidden text-stone-600`}>{p.category?.name}</td>
      <td role="cell" className={`${cell} col-span-2 col-start-3 row-start-2 truncate whitespace-nowrap tabular-nums sm:whitespace-normal`}>
        <span className={soldOut ? 'text-stone-500' : undefined}>{priceSummary(p)}</span>
        {discounted ? (
          <span className="ml-1.5 text-xs text-stone-500 sm:ml-0 sm:block">
            <span className="sr-only">{C.originalPrice}: </span>
            <s>{formatPrice(p.original_price)}</s> <span className="hidden font-semibold text-red-700 sm:inline">{C.discount}</span>
          </span>
        ) : null}
        {(p.variants?.length ?? 0) > 0 ? <span className="hidden text-xs text-stone-500 sm:block">({C.portionsCount(p.variants.length)})</span> : null}
      </td>
      <td role="cell" className={`${cell} col-start-5 row-start-2 justify-self-end sm:justify-self-auto`}>
        <StatusBadge status={p.status} />
      </td>
      <td role="cell" className={`${cell} col-span-3 col-start-1 row-start-3`}>
        <SoldOutSwitch product={p} onChange={onChange} />
      </td>
      <td role="cell" className={`${cell} col-start-4 row-start-3`}>
        <Link to={`/user/products/edit-product/${p.id}`} className={editLink} title={`${T.edit}: ${p.name}`}>
          {T.edit}
        </Link>
      </td>
      <td role="cell" className={`${cell} col-start-5 row-start-3`}>
        <DeleteButton label={T.delete} busyLabel={T.deleting} name={p.name} question={productQuestion(p.name)} run={() => api.delete(`/api/delete-product/${p.id}`)} onDeleted={onDeleted} />
      </td>
    </tr>
  );
}

/** A category's heading inside the products table (its own row group). */
export function GroupHeading({ name, count, columns }: { name: string; count: string; columns: number }) {
  return (
    <tr role="row" className="block bg-stone-50 sm:table-row">
      <th role="rowheader" scope="rowgroup" colSpan={columns} className="block px-3 py-2 text-left text-sm font-semibold text-stone-700 sm:table-cell">
        {name} <span className="font-normal text-stone-500">· {count}</span>
      </th>
    </tr>
  );
}
