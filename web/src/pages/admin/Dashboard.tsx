import { Link } from 'react-router';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatNumber, PLANS, USER_LEVELS } from '@qrmenu/contract';
import type { ApiBody } from '../../api/client';
import { useAdminLoad } from '../../components/AdminLoad';
import { Badge, Card, PageHeader, Spinner } from '../../components/ui';
import { DASHBOARD_TEXT as T, LEVEL_LABELS } from '../../texts/admin';
import type { Answer, adminDashboardResponseSchema } from '@qrmenu/contract';

function Stat({ label, value, sub, to, testId }: { label: string; value: string; sub?: string; to?: string; testId?: string }) {
  const body = (
    <>
      <p className="text-sm font-medium text-stone-600">{label}</p>
      <p className="mt-1 text-3xl font-bold tabular-nums tracking-tight text-stone-900">{value}</p>
      {sub ? <p className="mt-1 text-sm text-stone-500">{sub}</p> : null}
    </>
  );
  const cls = 'block rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5';
  return to ? (
    <Link to={to} className={`${cls} transition hover:border-brand-200 hover:shadow`} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/** Admin home: businesses per plan and status, products, views, over-quota businesses, unread messages, newest businesses. */
export default function Dashboard() {
  const { data: d } = useAdminLoad('/api/admin/dashboard', (b: ApiBody<Answer<typeof adminDashboardResponseSchema>>) => b.dashboard);
  if (!d) {
    return (
      <div>
        <PageHeader title={T.title} subtitle={T.subtitle} />
        <Spinner label={T.loading} />
      </div>
    );
  }
  const maxPlan = Math.max(1, ...USER_LEVELS.map((l) => d.businesses.byPlan[l]));
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <Stat label={T.businesses} value={formatNumber(d.businesses.total)} sub={T.activePassive(d.businesses.active, d.businesses.passive)} to="/admin/users" testId="stat-businesses" />
        <Stat label={T.products} value={formatNumber(d.products.total)} sub={T.productsSub(d.products.active, d.categories.total)} to="/admin/products" testId="stat-products" />
        <Stat label={T.views} value={formatNumber(d.views.total)} sub={T.viewsMonth(formatNumber(d.views.thisMonth))} testId="stat-views" />
        <Stat label={T.unread} value={formatNumber(d.unreadMessages)} sub={T.toMessages} to="/admin/messages" testId="stat-unread" />
        <Stat label={T.feedback} value={formatNumber(d.feedback ?? 0)} sub={T.feedbackSub} testId="stat-feedback" />
        {d.orders ? (
          <Stat label={T.orders} value={formatNumber(d.orders.today)} sub={T.ordersSub(formatNumber(d.orders.last7), formatNumber(d.orders.last30), formatNumber(d.orders.ordering_on))} testId="stat-orders" />
        ) : null}
      </div>

      <div className="mt-5 grid gap-5 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <h2 className="mb-3 text-base font-semibold text-stone-900">{T.chart}</h2>
          <div className="h-56 w-full" role="img" aria-label={T.chart}>
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={d.views.daily} margin={{ top: 5, right: 8, left: -16, bottom: 0 }}>
                <defs>
                  <linearGradient id="viewsFill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor="#ea580c" stopOpacity={0.35} />
                    <stop offset="100%" stopColor="#ea580c" stopOpacity={0} />
                  </linearGradient>
                </defs>
                <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 11, fill: '#78716c' }} interval="preserveStartEnd" minTickGap={16} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#78716c' }} tickFormatter={(v: number) => formatNumber(v)} />
                <Tooltip formatter={(v) => [formatNumber(Number(v)), T.chartViews]} labelFormatter={(l) => formatDate(`${l as string}T12:00:00Z`)} />
                <Area type="monotone" dataKey="count" stroke="#ea580c" strokeWidth={2} fill="url(#viewsFill)" />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </Card>

        <Card className="min-w-0">
          <h2 className="mb-4 text-base font-semibold text-stone-900">{T.plans}</h2>
          <ul className="space-y-3" data-testid="plans">
            {USER_LEVELS.map((l) => (
              <li key={l}>
                <div className="flex items-baseline justify-between text-sm">
                  <span className="font-medium text-stone-800">{LEVEL_LABELS[l]}</span>
                  <span className="tabular-nums text-stone-600">{formatNumber(d.businesses.byPlan[l])}</span>
                </div>
                <div className="mt-1 h-2 overflow-hidden rounded-full bg-stone-100">
                  <div className="h-full rounded-full bg-brand-600" style={{ width: `${(d.businesses.byPlan[l] / maxPlan) * 100}%` }} />
                </div>
                <p className="mt-0.5 text-xs text-stone-500">
                  {T.planLimits(PLANS[l].productLimit, PLANS[l].monthlyViews == null ? null : formatNumber(PLANS[l].monthlyViews))}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <Card className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-stone-900">{T.newest}</h2>
            <Link to="/admin/users" className="text-sm font-semibold text-brand-700 hover:underline">
              {T.allUsers}
            </Link>
          </div>
          {d.newest.length === 0 ? (
            <p className="text-sm text-stone-500">{T.newestNone}</p>
          ) : (
            <ul className="divide-y divide-stone-100" data-testid="newest">
              {d.newest.map((b) => (
                <li key={b.user_id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate font-medium text-stone-900">{b.companyname || b.name}</p>
                    <p className="truncate text-xs text-stone-500">
                      {b.email} · {formatDate(b.created_at)}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    {b.status === 1 ? null : <Badge tone="red">{T.passive}</Badge>}
                    <Badge tone={b.userlevel === '0' ? 'stone' : 'amber'}>{LEVEL_LABELS[b.userlevel]}</Badge>
                    <Link to={`/admin/users/edit-user/${b.user_id}`} className="text-sm font-semibold text-brand-700 hover:underline">
                      {T.edit}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className="min-w-0">
          <h2 className="mb-3 text-base font-semibold text-stone-900">{T.overQuota}</h2>
          {d.overQuota.length === 0 ? (
            <p className="text-sm text-stone-500">{T.overQuotaNone}</p>
          ) : (
            <ul className="divide-y divide-stone-100" data-testid="over-quota">
              {d.overQuota.map((b) => (
                <li key={b.user_id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-stone-900">{b.companyname || b.name}</p>
                    <p className="text-xs text-stone-500">{LEVEL_LABELS[b.userlevel]}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    <Badge tone="red">{T.overQuotaRow(formatNumber(b.views), formatNumber(b.limit))}</Badge>
                    <Link to={`/admin/users/edit-user/${b.user_id}`} className="text-sm font-semibold text-brand-700 hover:underline">
                      {T.edit}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
