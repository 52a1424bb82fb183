import { useEffect, useState } from 'react';
import { formatDateTime, formatPrice, type PriceHistoryEntry } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Card } from '../../components/ui';
import { HISTORY_TEXT as T } from '../../texts/bulk';
import { TableCard, tableClass, td, th, theadClass, trClass } from './shared';
import type { Answer, priceHistoryResponseSchema } from '@qrmenu/contract';

const change = (old: number | null, next: number | null) =>
  old === next ? formatPrice(next) || T.none : `${formatPrice(old) || T.none} → ${formatPrice(next) || T.none}`;

/** The last price changes of a product (edit form, import, bulk update, undo), newest first. */
export function PriceHistory({ productId }: { productId: number }) {
  const [rows, setRows] = useState<PriceHistoryEntry[] | null>(null);
  useEffect(() => {
    api
      .get<Answer<typeof priceHistoryResponseSchema>>(`/api/price-history/${productId}`, { quiet: true })
      .then((res) => setRows(res.status === 200 ? res.history : []))
      .catch(() => setRows([]));
  }, [productId]);
  return (
    <Card className="mt-6 max-w-2xl">
      <h2 className="text-lg font-semibold text-stone-900">{T.title}</h2>
      {rows == null ? (
        <p className="mt-2 text-sm text-stone-600" role="status">{T.loading}</p>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{T.empty}</p>
      ) : (
        <div className="mt-3">
          <TableCard>
            <table role="table" className={tableClass.replace("sm:min-w-[720px]", "")} data-testid="price-history">
              <thead className={theadClass}>
                <tr role="row">
                  <th role="columnheader" className={th}>{T.colDate}</th>
                  <th role="columnheader" className={th}>{T.colPrice}</th>
                  <th role="columnheader" className={th}>{T.colOriginal}</th>
                  <th role="columnheader" className={th}>{T.colSource}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {rows.slice(0, 10).map((h, i) => (
                  <tr role="row" key={i} className={trClass}>
                    <td role="cell" data-label={T.colDate} className={`${td} tabular-nums`}>{formatDateTime(h.at)}</td>
                    <td role="cell" data-label={T.colPrice} className={`${td} tabular-nums`}>{change(h.old, h.new)}</td>
                    <td role="cell" data-label={T.colOriginal} className={`${td} tabular-nums`}>{change(h.old_original, h.new_original)}</td>
                    <td role="cell" data-label={T.colSource} className={td}>{T.sources[h.source] ?? h.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        </div>
      )}
    </Card>
  );
}
