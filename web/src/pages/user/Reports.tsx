import { useEffect, useState, type FormEvent } from 'react';
import { addDays, istanbulDay, REPORT_DEFAULT_DAYS, type FieldErrors, type OrdersReport, type ReportFormat } from '@qrmenu/contract';
import type { Answer, ordersReportResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { downloadWithToken, notJson } from '../../api/download';
import { notify } from '../../components/notify';
import { Button, Card, EmptyState, PageHeader, Spinner, TextField } from '../../components/ui';
import { BranchFilter, useRememberedBranch } from './branchContext';
import { REPORTS_TEXT as T } from '../../texts/reports';
import { USER_TOAST } from '../../texts/user';
import { BestSellers, DayTable, Hours, Totals, trDay } from './ReportParts';

interface Range {
  from: string;
  to: string;
}

/** The report's query: the range, and the branch when one is picked ('' every branch). */
const reportQuery = (range: Range, branch: string, extra: Record<string, string> = {}) => new URLSearchParams({ ...range, ...extra, ...(branch ? { branch } : {}) });

/** Downloads the report's file with the owner's token, saved under the server's file name (an answer in JSON is an error). */
const download = (range: Range, format: ReportFormat, branch: string) =>
  downloadWithToken(`/api/reports/orders/export?${reportQuery(range, branch, { format })}`, `rapor.${format}`, notJson);

const lastDays = (n: number): Range => {
  const to = istanbulDay();
  return { from: addDays(to, -(n - 1)), to };
};

/** /user/raporlar: the owner's (and a yonetici's) orders report over a date range, with its exports. */
export default function Reports() {
  const [draft, setDraft] = useState<Range>(() => lastDays(REPORT_DEFAULT_DAYS));
  const [range, setRange] = useState<Range>(draft);
  const [report, setReport] = useState<OrdersReport | null>(null);
  const [loading, setLoading] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<ReportFormat | ''>('');
  const [branch, setBranch] = useRememberedBranch('qrmenu_reports_branch');

  // every range chosen (a new object) loads the report once; a later choice wins over an earlier answer
  useEffect(() => {
    let current = true;
    api
      .get<Answer<typeof ordersReportResponseSchema>>(`/api/reports/orders?${reportQuery(range, branch)}`)
      .then((b) => {
        if (!current) return;
        if (b.status === 200) {
          setReport(b.report);
          setErrors({});
        } else setErrors(b.errors ?? {});
      })
      .catch(() => current && notify.error(USER_TOAST.error, T.loadError))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [range, branch]);

  const apply = (r: Range) => {
    setLoading(true);
    setRange(r);
  };
  const choose = (r: Range) => {
    setDraft(r);
    apply(r);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ ...draft });
  };
  // the file of the report on the screen (not of a range the server refused)
  const exportAs = async (format: ReportFormat, shown: OrdersReport) => {
    setBusy(format);
    try {
      await download({ from: shown.from, to: shown.to }, format, branch);
    } catch {
      notify.error(USER_TOAST.error, T.downloadFailed);
    } finally {
      setBusy('');
    }
  };

  const shown = report && !loading ? report : null;
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <BranchFilter
        value={branch}
        onChange={(v) => {
          setLoading(true);
          setBranch(v);
        }}
      />
      <Card className="mb-5">
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate data-testid="report-range">
          <TextField label={T.from} type="date" value={draft.from} max={draft.to || undefined} errors={errors.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} className="w-full min-[400px]:w-44" />
          <TextField label={T.to} type="date" value={draft.to} min={draft.from || undefined} errors={errors.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} className="w-full min-[400px]:w-44" />
          <Button type="submit" disabled={loading}>{T.show}</Button>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" onClick={() => choose(lastDays(1))}>{T.today}</Button>
            <Button type="button" variant="secondary" onClick={() => choose(lastDays(7))}>{T.last7}</Button>
            <Button type="button" variant="secondary" onClick={() => choose(lastDays(30))}>{T.last30}</Button>
          </div>
        </form>
      </Card>

      {loading ? <Spinner label={T.loading} /> : null}
      {shown ? (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-lg font-semibold text-stone-900" data-testid="report-period">{T.range(trDay(shown.from), trDay(shown.to))}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void exportAs('xlsx', shown)} disabled={busy !== ''}>{busy === 'xlsx' ? T.downloading : T.exportXlsx}</Button>
              <Button variant="secondary" onClick={() => void exportAs('csv', shown)} disabled={busy !== ''}>{busy === 'csv' ? T.downloading : T.exportCsv}</Button>
            </div>
          </div>
          {shown.totals.orders === 0 ? (
            <EmptyState title={T.empty} text={T.emptyText} />
          ) : (
            <div className="space-y-5">
              <Totals r={shown} />
              <DayTable r={shown} />
              <div className="grid gap-5 lg:grid-cols-2">
                <BestSellers r={shown} />
                <Hours r={shown} />
              </div>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
