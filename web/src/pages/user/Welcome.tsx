import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, LANGUAGE_TURKISH_NAMES, type OwnerDashboard } from '@qrmenu/contract';
import { api } from '../../api/client';
import { getName } from '../../api/storage';
import { notify } from '../../components/notify';
import { Card, PageHeader, Spinner, cx } from '../../components/ui';
import { USER_TOAST, WELCOME_TEXT as T } from '../../texts/user';
import { useBranches } from './branchContext';
import { WELCOME_PRICE_LIST as PL } from '../../texts/price-list';
import type { Answer, ownerDashboardResponseSchema, PriceListCheckResponse } from '@qrmenu/contract';

const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

function Stat({ label, value, sub, pct }: { label: string; value: ReactNode; sub?: ReactNode; pct?: number | null }) {
  return (
    <Card>
      <p className="text-xs font-medium text-stone-600 [overflow-wrap:anywhere] sm:text-sm">{label}</p>
      <p className="mt-1 text-xl font-bold tabular-nums text-stone-900 sm:text-2xl">{value}</p>
      {sub ? <p className="mt-0.5 text-xs text-stone-500">{sub}</p> : null}
      {pct != null ? (
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden>
          <div className={cx('h-full rounded-full', pct >= 100 ? 'bg-red-600' : pct >= 80 ? 'bg-amber-500' : 'bg-brand-600')} style={{ width: `${Math.min(100, pct)}%` }} />
        </div>
      ) : null}
    </Card>
  );
}

type ChargeText = OwnerDashboard['charge_texts'][number];

/** Where the text is, in the owner's words ("Ürün: Çay — açıklama, İngilizce çeviri"), and where it is edited. */
function chargePlace(c: ChargeText): { label: string; to: string } {
  const where = c.kind === 'category' ? T.chargeWhere.category(c.name ?? '') : c.kind === 'product' ? T.chargeWhere.product(c.name ?? '') : T.chargeWhere[c.kind];
  const parts = [where, T.chargeField[c.field], c.lang ? T.chargeLang(LANGUAGE_TURKISH_NAMES[c.lang]) : ''].filter(Boolean);
  const to = c.lang
    ? '/user/translations'
    : c.kind === 'category'
      ? `/user/categories/edit-category/${c.id}`
      : c.kind === 'product'
        ? `/user/products/edit-product/${c.id}`
        : '/user/settings';
  return { label: parts.join(' — '), to };
}

/** Texts saved before the charge rule that announce a service or cover charge: hidden from the menu until edited. */
function ChargeTexts({ items }: { items: ChargeText[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="charge-title" className="mb-6 rounded-2xl border border-red-200 bg-red-50 p-5" data-testid="charge-texts">
      <h2 id="charge-title" className="font-semibold text-red-900">
        {T.chargeTitle}
      </h2>
      <p className="mt-1 text-sm text-red-900/80">{T.chargeText}</p>
      <ul className="mt-3 space-y-2">
        {items.map((c, i) => {
          const place = chargePlace(c);
          return (
            <li key={i} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-3 text-sm ring-1 ring-red-200">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium text-stone-900">{place.label}</span>
                <span className="block text-stone-600" dir="auto">
                  “{c.text}”
                </span>
              </span>
              <Link to={place.to} className="inline-flex min-h-10 items-center rounded-lg px-3 font-semibold text-brand-700 hover:underline">
                {T.chargeEdit}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Whose views the page shows ('' every branch, '0' the main one, an id): shown from the second branch
 * on. Its own label, apart from the header's branch switcher (which chooses the branch Şube fiyatları edits).
 */
function ViewsBranchPicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { branches } = useBranches();
  if (branches.length < 2) return null;
  return (
    <label className="mt-3 flex flex-wrap items-center gap-2 text-sm font-medium text-stone-700" data-testid="views-branch">
      {T.viewsOf}
      <select className="min-h-11 min-w-0 max-w-full rounded-lg border border-stone-300 bg-white px-3 text-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{T.allBranches}</option>
        {branches.map((b) => (
          <option key={b.id} value={String(b.id)}>
            {b.name}
          </option>
        ))}
      </select>
    </label>
  );
}

const quickLink = 'inline-flex min-h-10 items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50';

/**
 * Welcome (/user): greeting, this month's views against the plan, products against the limit, 30-day
 * chart; from the second branch on a `Şube` picker shows one branch's views (total and 30 days).
 */
export default function Welcome() {
  const navigate = useNavigate();
  const [d, setD] = useState<OwnerDashboard | null>(null);
  // the branch whose views are shown ('' every branch, '0' the main one): the picker shows from the second branch on
  const [branch, setBranch] = useState('');
  // open findings of the price-list check (null: not known, e.g. no address yet)
  const [findings, setFindings] = useState<number | null>(null);

  useEffect(() => {
    // the chosen branch's own printed list (each branch has its own); every branch or the main one: the main list
    let live = true;
    const one = branch && branch !== '0' ? `?branch=${encodeURIComponent(branch)}` : '';
    api
      .get<PriceListCheckResponse>(`/api/price-list/check${one}`, { quiet: true })
      .then((res) => live && setFindings(res.status === 200 ? Number(res.count) : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [branch]);

  useEffect(() => {
    // an answer for a branch no longer chosen is dropped
    let live = true;
    api
      .get<Answer<typeof ownerDashboardResponseSchema>>(branch ? `/api/dashboard?branch=${encodeURIComponent(branch)}` : '/api/dashboard')
      .then((res) => {
        if (!live) return;
        if (res.status === 200) setD(res.dashboard);
        else if (res.status === 404 && branch) {
          // the branch was deleted meanwhile: back to the whole account
          notify.warning(USER_TOAST.warning, res.message);
          setBranch('');
        } else if (res.status === 404) {
          notify.warning(USER_TOAST.warning, res.message);
          void navigate('/user/settings');
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [navigate, branch]);

  if (!d) {
    return (
      <div>
        <PageHeader title={getName() ? T.hello(getName()!) : T.helloPlain} />
        <Spinner label={T.loading} />
      </div>
    );
  }

  const quota = d.plan.monthlyViews;
  const hasViews = d.days.some((x) => x.count > 0);
  // the plan's quota counts the whole account's views, whichever branch is shown
  const accountMonth = d.branch ? d.branch.account_month_views : d.monthViews;
  return (
    <div>
      <PageHeader title={T.hello(d.companyname || d.name)} subtitle={`${T.plan(d.plan.name)} · ${T.subtitle}`} />

      {!d.companyname ? (
        <div className="mb-6 rounded-2xl border border-brand-200 bg-brand-50 p-5">
          <p className="font-semibold text-brand-900">{T.setupTitle}</p>
          <p className="mt-1 text-sm text-brand-900/80">{T.setupText}</p>
          <Link to="/user/settings" className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {T.toSettings}
          </Link>
        </div>
      ) : null}

      <ChargeTexts items={d.charge_texts ?? []} />

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat
          label={d.branch ? T.accountMonthViews : T.monthViews}
          value={quota ? `${formatNumber(accountMonth)} / ${formatNumber(quota)}` : formatNumber(accountMonth)}
          sub={T.ofQuota(quota ? formatNumber(quota) : T.unlimited)}
          pct={quota ? Math.round((accountMonth / quota) * 100) : null}
        />
        <Stat label={T.products} value={`${formatNumber(d.products)} / ${formatNumber(d.plan.productLimit)}`} sub={T.ofLimit(d.plan.productLimit)} pct={Math.round((d.products / d.plan.productLimit) * 100)} />
        <Stat label={T.categories} value={formatNumber(d.categories)} />
        <Stat label={d.branch ? T.branchTotalViews(d.branch.name) : T.totalViews} value={formatNumber(d.totalViews)} />
      </div>

      {findings != null ? (
        <Card className="mt-6">
          <div className="flex flex-wrap items-center justify-between gap-3" data-testid="price-list-findings">
            <div>
              <h2 className="text-lg font-semibold text-stone-900">{PL.title}</h2>
              <p className={cx('mt-1 text-sm font-semibold', findings > 0 ? 'text-red-700' : 'text-green-800')}>
                {PL.open(findings)} · <span className="font-normal text-stone-600">{findings > 0 ? PL.some : PL.none}</span>
              </p>
            </div>
            <Link to="/user/fiyat-listesi" className={quickLink}>
              {PL.link}
            </Link>
          </div>
        </Card>
      ) : null}

      <Card className="mt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold text-stone-900 [overflow-wrap:anywhere]">{d.branch ? T.branchChart(d.branch.name) : T.chartTitle}</h2>
          <p className="text-sm text-stone-500">{d.branch ? T.branchMonth(formatNumber(d.monthViews)) : T.chartSubtitle}</p>
        </div>
        <ViewsBranchPicker value={branch} onChange={setBranch} />
        <div className="mt-4 h-64 w-full" data-testid="views-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={d.days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 11, fill: '#78716c' }} interval="preserveStartEnd" minTickGap={16} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#78716c' }} width={48} />
              <Tooltip labelFormatter={(l) => shortDay(l as string)} formatter={(v) => [formatNumber(Number(v)), T.views]} />
              <Bar dataKey="count" name={T.views} fill="#c2410c" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        {!hasViews ? <p className="mt-3 text-sm text-stone-500">{d.branch ? T.branchEmpty : T.chartEmpty}</p> : null}
      </Card>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-stone-900">{T.quick}</h2>
        {d.qrlink ? (
          <p className="mt-1 text-sm text-stone-600">
            {T.menuLink}:{' '}
            <a href={d.qrlink} target="_blank" rel="noreferrer" className="break-all font-mono text-brand-700 hover:underline">
              {d.qrlink}
            </a>
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to="/user/categories" className={quickLink}>
            {T.toCategories}
          </Link>
          <Link to="/user/products" className={quickLink}>
            {T.toProducts}
          </Link>
          <Link to="/user/qr" className={quickLink}>
            {T.toQr}
          </Link>
        </div>
      </Card>
    </div>
  );
}
