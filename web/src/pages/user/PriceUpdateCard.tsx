import { useCallback, useEffect, useState } from 'react';
import { formatDateTime, formatPrice, ROUND_STEPS, type FieldErrors, type PriceChange, type PriceOperation } from '@qrmenu/contract';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Button, Card, SelectField, TextField } from '../../components/ui';
import { BULK_TEXT as T } from '../../texts/bulk';
import { USER_TOAST } from '../../texts/user';
import { OldToNew, PreviewTable, type PreviewColumn } from './PreviewTable';
import type { Answer, bulkPriceResponseSchema, lastPriceOperationResponseSchema } from '@qrmenu/contract';
import { BULK_BRANCHES_TEXT as BT } from '../../texts/branches';
import { useBranches } from './branchContext';

interface Form {
  scope: string;
  mode: 'percent' | 'amount';
  value: string;
  round: string;
  /** The branches it applies to (0: the main one), shown from the second branch on. */
  branches: number[];
}

const priceCell = (old: number | null, next: number | null) => (old == null ? '—' : <OldToNew old={formatPrice(old)} next={formatPrice(next)} nowrap />);

const COLUMNS: Array<PreviewColumn<PriceChange>> = [
  { label: T.colCategory, cell: (c) => c.category, className: 'text-stone-600' },
  { label: T.colName, cell: (c) => c.name, className: 'font-medium' },
  { label: T.colPrice, cell: (c) => priceCell(c.old, c.new), className: 'tabular-nums sm:whitespace-nowrap' },
  { label: T.colOriginal, cell: (c) => priceCell(c.old_original, c.new_original), className: 'tabular-nums sm:whitespace-nowrap' },
  {
    label: T.colPortions,
    // a phone's card shows the line only for a product with portions
    className: (c) => (c.portions.length ? 'tabular-nums sm:whitespace-nowrap' : 'max-sm:hidden'),
    when: (c) => c.portions.length > 0,
    cell: (c) =>
      c.portions.length === 0 ? '—' : (
        <div>
          {c.portions.map((p) => (
            <OldToNew key={p.name} label={p.name} old={formatPrice(p.old)} next={formatPrice(p.new)} nowrap />
          ))}
        </div>
      ),
  },
];

/** Bulk price update: scope, percent/amount, rounding, live preview (old → new), Uygula, Geri al. */
export function PriceUpdateCard({ categories }: { categories: Array<{ id: number; name: string }> }) {
  const [form, setForm] = useState<Form>({ scope: 'all', mode: 'percent', value: '', round: '1', branches: [0] });
  const { branches } = useBranches();
  const branchName = (id: number | undefined) => branches.find((b) => b.id === (id ?? 0))?.name ?? '';
  const [changes, setChanges] = useState<PriceChange[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);
  const [working, setWorking] = useState<'' | 'apply' | 'undo'>('');
  const [last, setLast] = useState<PriceOperation | null>(null);

  const body = (dryRun: boolean) => ({ scope: form.scope, mode: form.mode, value: form.value, round: form.round, dry_run: dryRun, ...(branches.length > 1 ? { branches: form.branches } : {}) });
  const toggleBranch = (id: number, on: boolean) => setForm((f) => ({ ...f, branches: on ? [...f.branches, id] : f.branches.filter((b) => b !== id) }));
  const loadLast = useCallback(() => {
    api.get<Answer<typeof lastPriceOperationResponseSchema>>('/api/bulk-price/last').then((res) => res.status === 200 && setLast(res.operation)).catch(() => undefined);
  }, []);
  useEffect(loadLast, [loadLast]);

  // live preview: the server computes it (the same rounding as the apply), a moment after typing stops
  useEffect(() => {
    if (form.value.trim() === '' || form.value.trim() === '-') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the preview belongs to the value: no value, no preview (one place decides it)
      setChanges(null);
      setErrors({});
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      api
        .post<Answer<typeof bulkPriceResponseSchema>>('/api/bulk-price', body(true), { signal: ctrl.signal })
        .then((res) => {
          if (res.status === 200) {
            setChanges(res.changes);
            setErrors({});
          } else {
            setChanges(null);
            setErrors((res.errors as FieldErrors) ?? { value: [res.message ?? ''] });
          }
        })
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }, 350);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  const apply = async () => {
    setWorking('apply');
    try {
      const res = await api.post('/api/bulk-price', body(false));
      if (res.status === 200) {
        notify.success(USER_TOAST.success, res.message);
        setForm((f) => ({ ...f, value: '' }));
        loadLast();
      } else {
        setErrors(res.errors ?? {});
        notify.warning(USER_TOAST.warning, res.message);
      }
    } catch {
      /* the client has shown it */
    } finally {
      setWorking('');
    }
  };

  const undo = async () => {
    if (!last) return;
    setWorking('undo');
    try {
      const res = await api.post('/api/bulk-price/undo', { operation_id: last.id });
      if (res.status === 200) notify.success(USER_TOAST.success, res.message);
      else notify.warning(USER_TOAST.warning, res.message);
      loadLast();
    } catch {
      /* the client has shown it */
    } finally {
      setWorking('');
    }
  };

  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const what = last ? (last.mode === 'percent' ? T.percentWhat : T.amountWhat)(`${last.value > 0 ? '+' : ''}${last.value.toLocaleString('tr-TR')}`) : '';

  return (
    <Card>
      <h2 className="text-lg font-semibold text-stone-900">{T.priceTitle}</h2>
      <p className="mt-1 text-sm text-stone-600">{T.priceText}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label={T.scope} value={form.scope} onChange={set('scope')} errors={errors.scope}>
          <option value="all">{T.scopeAll}</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>{c.name}</option>
          ))}
        </SelectField>
        <SelectField label={T.mode} value={form.mode} onChange={set('mode')} errors={errors.mode}>
          <option value="percent">{T.modePercent}</option>
          <option value="amount">{T.modeAmount}</option>
        </SelectField>
        <TextField
          label={T.value}
          inputMode="decimal"
          value={form.value}
          onChange={set('value')}
          errors={errors.value}
          hint={form.mode === 'percent' ? T.valueHintPercent : T.valueHintAmount}
        />
        <SelectField label={T.round} value={form.round} onChange={set('round')} errors={errors.round}>
          {ROUND_STEPS.map((r) => (
            <option key={r} value={String(r)}>{T.roundOption(r)}</option>
          ))}
        </SelectField>
      </div>
      {branches.length > 1 ? (
        <fieldset className="mt-4" data-testid="bulk-branches">
          <legend className="text-sm font-medium text-stone-800">{BT.legend}</legend>
          <p className="text-xs text-stone-600">{BT.hint}</p>
          <div className="mt-1 flex flex-wrap gap-x-4">
            {branches.map((b) => (
              <label key={b.id} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                <input type="checkbox" className="h-5 w-5" checked={form.branches.includes(b.id)} onChange={(e) => toggleBranch(b.id, e.target.checked)} />
                {b.name}
              </label>
            ))}
          </div>
          {errors.branches ? <p className="mt-1 text-sm text-red-700">{errors.branches[0]}</p> : null}
        </fieldset>
      ) : null}

      <div className="mt-4" aria-live="polite">
        {loading ? (
          <p className="text-sm text-stone-600" role="status">{T.previewLoading}</p>
        ) : changes == null ? (
          <p className="text-sm text-stone-600">{T.previewEmpty}</p>
        ) : (
          <p className="text-sm font-medium text-stone-800" data-testid="price-preview-count">{T.changesCount(changes.length)}</p>
        )}
      </div>
      {changes && changes.length > 0 ? (
        <div className="mt-3 max-h-[28rem] overflow-y-auto">
          <PreviewTable
            rows={branches.length > 1 ? changes.map((c) => ({ ...c, name: `${c.name} · ${branchName(c.branch_id)}` })) : changes}
            columns={COLUMNS}
            rowKey={(c) => `${c.branch_id ?? 0}-${c.id}`}
          />
        </div>
      ) : null}
      <div className="mt-4">
        <Button onClick={() => void apply()} disabled={!changes || changes.length === 0 || loading || working !== ''}>{working === 'apply' ? T.applying : T.apply}</Button>
      </div>

      {last ? (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-stone-50 px-4 py-3" data-testid="last-operation">
          <div className="text-sm">
            <p className="font-semibold text-stone-800">{T.lastTitle}</p>
            <p className="text-stone-600">
              {T.lastText({ when: formatDateTime(last.at), what, count: last.count })}
              {last.undone ? ` (${T.lastUndone})` : ''}
            </p>
          </div>
          {!last.undone ? (
            <Button variant="secondary" onClick={() => void undo()} disabled={working !== ''}>{working === 'undo' ? T.undoing : T.undo}</Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
