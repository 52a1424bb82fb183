import type { ReactNode } from 'react';
import { cx } from '../../components/ui';
import { TableCard, tableClass, td, th, theadClass, trClass } from './shared';

/**
 * The tables of the Toplu İşlemler page (import errors, import preview, price preview): a table on
 * wide screens, one card per row on phones (each cell with its column's name). A column without
 * a cell in any row is left out.
 */
export interface PreviewColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Classes of the cell, or of each row's cell. */
  className?: string | ((row: T) => string);
  /** Shown only when some row has something for it. */
  when?: (row: T) => boolean;
}

export function PreviewTable<T>({ rows, columns, rowKey }: { rows: T[]; columns: Array<PreviewColumn<T>>; rowKey: (row: T, index: number) => string | number }) {
  const shown = columns.filter((c) => !c.when || rows.some(c.when));
  return (
    <TableCard>
      <table role="table" className={tableClass}>
        <thead className={theadClass}>
          <tr role="row">
            {shown.map((c) => (
              <th role="columnheader" key={c.label} className={th}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((r, i) => (
            <tr role="row" key={rowKey(r, i)} className={trClass}>
              {shown.map((c) => (
                <td role="cell" key={c.label} data-label={c.label} className={cx(td, typeof c.className === 'function' ? c.className(r) : c.className)}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

/** "old → new": the old value struck through (none: only the new one). Prices (`nowrap`) may wrap at the arrow, never inside. */
export function OldToNew({ old, next, label, nowrap }: { old: string; next: string; label?: string; nowrap?: boolean }) {
  const value = nowrap ? 'whitespace-nowrap' : 'break-words';
  return (
    <span className="block">
      {label ? <span className="text-stone-500">{label}: </span> : null}
      {old ? (
        <>
          <span className={cx(value, 'text-stone-500 line-through')}>{old}</span> →{' '}
        </>
      ) : null}
      <span className={cx(value, 'font-semibold')}>{next || '—'}</span>
    </span>
  );
}
