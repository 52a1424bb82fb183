import { useCallback, useEffect, useState } from 'react';
import { CRITERIA, formatDateTime, type FeedbackItem, type ViewFeedbackResponse } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Badge, Button, Card, EmptyState, PageHeader, Spinner } from '../../components/ui';
import { FEEDBACK_TEXT as T } from '../../texts/tables';
import { useOwnerLive } from './OwnerLive';
import { BranchFilter } from './branchContext';

const avg = (v: number | null) => (v == null ? T.noRating : v.toLocaleString('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 2 }));

function Averages({ data }: { data: ViewFeedbackResponse }) {
  const items = [...CRITERIA.map((c) => ({ key: c.key, label: c.label })), { key: 'genel' as const, label: T.overall }];
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="feedback-averages">
      {items.map((i) => (
        <Card key={i.key} className={i.key === 'genel' ? 'border-brand-300 bg-brand-50' : ''}>
          {/* a break opportunity after the slash: "Fiyat/Performans" fits a 360 px card on two lines */}
          <p className="text-sm font-medium text-stone-700">{i.label.replace('/', '/\u200b')}</p>
          <p className="mt-1 text-2xl font-bold text-stone-900">
            {avg(data.averages[i.key])} <span className="text-sm font-medium text-stone-600">{T.outOf}</span>
          </p>
          <p className="text-xs text-stone-600">{T.ratingsCount(data.distribution[i.key].reduce((a, b) => a + b, 0))}</p>
        </Card>
      ))}
    </div>
  );
}

function Distribution({ data }: { data: ViewFeedbackResponse }) {
  const d = data.distribution.genel;
  const max = Math.max(1, ...d);
  return (
    <Card className="min-w-0">
      <h2 className="mb-3 text-base font-semibold text-stone-900">{T.distribution}</h2>
      <ul className="space-y-2">
        {[5, 4, 3, 2, 1].map((n) => (
          <li key={n} className="flex items-center gap-3 text-sm">
            <span className="w-14 shrink-0 text-stone-700">{T.stars(n)}</span>
            <span className="h-3 flex-1 overflow-hidden rounded-full bg-stone-100">
              <span className="block h-full rounded-full bg-brand-600" style={{ width: `${(d[n - 1] / max) * 100}%` }} />
            </span>
            <span className="w-10 shrink-0 text-right tabular-nums text-stone-700">{d[n - 1].toLocaleString('tr-TR')}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Trend({ data }: { data: ViewFeedbackResponse }) {
  const max = Math.max(1, ...data.trend.map((t) => t.count));
  const w = 300;
  const h = 100;
  const bw = w / data.trend.length;
  return (
    <Card className="min-w-0 lg:col-span-2">
      <h2 className="mb-3 text-base font-semibold text-stone-900">{T.trend}</h2>
      <svg viewBox={`0 0 ${w} ${h + 14}`} className="h-40 w-full" role="img" aria-label={T.trendLabel} preserveAspectRatio="none">
        {data.trend.map((t, i) => {
          const bh = (t.count / max) * h;
          return (
            <rect key={t.day} x={i * bw + 1} y={h - bh} width={bw - 2} height={Math.max(bh, t.count ? 2 : 0.5)} rx={1.5} className={t.count ? 'fill-brand-600' : 'fill-stone-200'}>
              <title>{T.trendDay(t.day.split('-').reverse().join('.'), t.count, t.average)}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-stone-600">
        <span>{data.trend[0]?.day.split('-').reverse().join('.')}</span>
        <span>{data.trend.at(-1)?.day.split('-').reverse().join('.')}</span>
      </div>
    </Card>
  );
}

function Item({ f, onRead }: { f: FeedbackItem; onRead: (id: number) => void }) {
  return (
    <li className={f.read ? 'border-b border-stone-200 py-4 last:border-0' : 'border-b border-stone-200 bg-brand-50/50 py-4 last:border-0'} data-testid="feedback-item">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-stone-900">{f.masa != null ? T.table(f.masa) : T.noTable}</span>
        <span className="text-stone-600">{formatDateTime(f.created_at)}</span>
        {f.read ? null : <Badge tone="amber">{T.newBadge}</Badge>}
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {CRITERIA.map((c) =>
          f.ratings[c.key] != null ? (
            <Badge key={c.key} tone="stone">
              {c.label}: {f.ratings[c.key]} / 5
            </Badge>
          ) : null,
        )}
      </div>
      {/* a diner's comment: shown as plain text (React escapes it) */}
      <p className="mt-2 whitespace-pre-wrap break-words text-stone-800">{f.comment || <span className="text-stone-600">{T.noComment}</span>}</p>
      {f.name || f.tel ? (
        <p className="mt-1 text-sm text-stone-700">
          {T.contact}: {[f.name, f.tel].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      {f.read ? null : (
        <Button variant="secondary" className="mt-2" onClick={() => onRead(f.id)}>
          {T.markRead}
        </Button>
      )}
    </li>
  );
}

/** The owner's feedback: averages, distribution, 30-day trend and the list (newest first, paged). */
export default function Feedback() {
  const live = useOwnerLive();
  const [page, setPage] = useState(1);
  const [branch, setBranch] = useState('');
  const [data, setData] = useState<ViewFeedbackResponse | null>(null);
  const load = useCallback(() => {
    api.get(`/api/view-feedback?page=${page}${branch ? `&branch=${branch}` : ''}`).then((r) => r.status === 200 && setData(r as ViewFeedbackResponse), () => undefined);
  }, [page, branch]);
  const pickBranch = (v: string) => {
    setBranch(v);
    setPage(1);
  };
  useEffect(load, [load]);

  const markRead = async (id: number) => {
    const r = await api.post(`/api/read-feedback/${id}`);
    if (r.status === 200) {
      setData((d) => (d ? { ...d, unread: Math.max(0, d.unread - 1), feedback: d.feedback.map((f) => (f.id === id ? { ...f, read: true } : f)) } : d));
      live?.refreshFeedback();
    }
  };

  if (!data) {
    return (
      <div>
        <PageHeader title={T.title} subtitle={T.subtitle} />
        <Spinner label={T.loading} />
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.per_page));
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <BranchFilter value={branch} onChange={pickBranch} />
      {data.total === 0 ? (
        <EmptyState title={T.empty} text={T.emptyText} />
      ) : (
        <>
          <Averages data={data} />
          <div className="mt-5 grid gap-5 lg:grid-cols-3">
            <Trend data={data} />
            <Distribution data={data} />
          </div>
          <Card className="mt-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-base font-semibold text-stone-900">{T.list}</h2>
              <p className="text-sm text-stone-700">
                {T.total(data.total)} · {T.unread(data.unread)}
              </p>
            </div>
            <ul className="mt-2">
              {data.feedback.map((f) => (
                <Item key={f.id} f={f} onRead={(id) => void markRead(id)} />
              ))}
            </ul>
            {pages > 1 ? (
              <nav className="mt-4 flex items-center justify-between gap-2" aria-label={T.list}>
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  {T.prev}
                </Button>
                <span className="text-sm text-stone-700">{T.page(page, pages)}</span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  {T.next}
                </Button>
              </nav>
            ) : null}
          </Card>
        </>
      )}
    </div>
  );
}
