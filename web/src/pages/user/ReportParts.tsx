import { formatNumber, formatPrice, type OrdersReport } from '@qrmenu/contract';
import { Card } from '../../components/ui';
import { REPORTS_TEXT as T } from '../../texts/reports';

/** The Raporlar screen's sections: totals, days, best sellers, hours (plain CSS bars). */

/** 2026-11-28 → 28.11.2026 */
export const trDay = (day: string) => day.split('-').reverse().join('.');
/** The first best seller, "Baklava × 3" (a dash on a day without orders). */
const topOf = (list: OrdersReport['best_sellers']) => (list[0] ? T.dayBestItem(list[0].name, formatNumber(list[0].quantity)) : '–');
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

function Figure({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId: string }) {
  return (
    <Card className="min-w-0">
      <p className="text-sm font-medium text-stone-700">{label}</p>
      <p className="mt-1 break-words text-2xl font-bold tabular-nums text-stone-900" data-testid={testId}>{value}</p>
      {sub ? <p className="mt-1 text-xs text-stone-600">{sub}</p> : null}
    </Card>
  );
}

export function Totals({ r }: { r: OrdersReport }) {
  const t = r.totals;
  return (
    <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4" data-testid="report-totals">
      <Figure label={T.orders} value={formatNumber(t.orders)} sub={`${T.items}: ${formatNumber(t.items)}`} testId="total-orders" />
      <Figure label={T.revenue} value={formatPrice(t.revenue)} testId="total-revenue" />
      <Figure label={T.average} value={formatPrice(t.average)} sub={`${T.tables}: ${formatNumber(t.tables)}`} testId="total-average" />
      <Card className="min-w-0">
        <p className="text-sm font-medium text-stone-700">{T.payments}</p>
        <dl className="mt-1 space-y-0.5 text-sm">
          {(['nakit', 'kart', 'acik'] as const).map((k) => (
            <div key={k} className="flex items-baseline justify-between gap-x-2">
              <dt className="text-stone-700">{T[k]}</dt>
              <dd className="text-right tabular-nums">
                <span className="font-semibold text-stone-900">{formatPrice(t.payments[k].revenue)}</span>
                <span className="block text-xs text-stone-600">{T.paymentTables(formatNumber(t.payments[k].tables))}</span>
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

export function DayTable({ r }: { r: OrdersReport }) {
  const num = 'px-3 py-2 text-right tabular-nums';
  return (
    <Card className="min-w-0">
      <h2 className="mb-1 text-base font-semibold text-stone-900">{T.days}</h2>
      <p className="mb-3 text-xs text-stone-600">{T.averageHint}</p>
      <div className="-mx-4 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[40rem] text-sm" data-testid="report-days">
          <thead>
            <tr className="border-b border-stone-200 text-left text-stone-700">
              <th scope="col" className="px-3 py-2 font-semibold">{T.day}</th>
              <th scope="col" className={`${num} font-semibold`}>{T.orders}</th>
              <th scope="col" className={`${num} font-semibold`}>{T.items}</th>
              <th scope="col" className={`${num} font-semibold`}>{T.revenue}</th>
              <th scope="col" className={`${num} font-semibold`}>{T.tables}</th>
              <th scope="col" className={`${num} font-semibold`}>{T.average}</th>
              <th scope="col" className="px-3 py-2 font-semibold">{T.dayBest}</th>
            </tr>
          </thead>
          <tbody>
            {r.days.map((d) => (
              <tr key={d.day} className={d.orders ? 'border-b border-stone-100' : 'border-b border-stone-100 text-stone-500'}>
                <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">{trDay(d.day)}</th>
                <td className={num}>{formatNumber(d.orders)}</td>
                <td className={num}>{formatNumber(d.items)}</td>
                <td className={num}>{formatPrice(d.revenue)}</td>
                <td className={num}>{formatNumber(d.tables)}</td>
                <td className={num}>{formatPrice(d.average)}</td>
                <td className="whitespace-nowrap px-3 py-2">{topOf(d.best_sellers)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold text-stone-900">
              <th scope="row" className="px-3 py-2 text-left">{T.total}</th>
              <td className={num}>{formatNumber(r.totals.orders)}</td>
              <td className={num}>{formatNumber(r.totals.items)}</td>
              <td className={num}>{formatPrice(r.totals.revenue)}</td>
              <td className={num}>{formatNumber(r.totals.tables)}</td>
              <td className={num}>{formatPrice(r.totals.average)}</td>
              <td className="whitespace-nowrap px-3 py-2">{topOf(r.best_sellers)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  );
}

export function BestSellers({ r }: { r: OrdersReport }) {
  const max = Math.max(1, ...r.best_sellers.map((b) => b.quantity));
  return (
    <Card className="min-w-0">
      <h2 className="mb-3 text-base font-semibold text-stone-900">{T.bestSellers}</h2>
      <ol className="space-y-3" data-testid="report-best-sellers">
        {r.best_sellers.map((b, i) => (
          <li key={`${b.product_id ?? ''}:${b.name}`} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 break-words font-medium text-stone-900">
                <span className="mr-1 tabular-nums text-stone-600">{i + 1}.</span>
                {b.name}
              </span>
              <span className="shrink-0 tabular-nums text-stone-700">
                {T.quantity}: <strong>{formatNumber(b.quantity)}</strong> · {formatPrice(b.revenue)}
              </span>
            </div>
            <span className="mt-1 block h-2 overflow-hidden rounded-full bg-stone-100">
              <span className="block h-full rounded-full bg-brand-600" style={{ width: `${(b.quantity / max) * 100}%` }} />
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function Hours({ r }: { r: OrdersReport }) {
  const max = Math.max(1, ...r.hours);
  return (
    <Card className="min-w-0">
      <h2 className="mb-3 text-base font-semibold text-stone-900">{T.hours}</h2>
      <ul className="flex h-40 items-end gap-px sm:gap-1" aria-label={T.hoursLabel} data-testid="report-hours">
        {r.hours.map((n, h) => (
          <li key={h} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={T.hourBar(hh(h), formatNumber(n))}>
            <span className="sr-only">{T.hourBar(hh(h), formatNumber(n))}</span>
            <span className={n ? 'block rounded-t bg-brand-600' : 'block rounded-t bg-stone-200'} style={{ height: n ? `${Math.max(4, (n / max) * 100)}%` : '2px' }} />
          </li>
        ))}
      </ul>
      <div className="mt-1 flex justify-between text-xs tabular-nums text-stone-600" aria-hidden="true">
        {[0, 6, 12, 18, 23].map((h) => (
          <span key={h}>{hh(h)}</span>
        ))}
      </div>
    </Card>
  );
}
