import { useRef, useState, type DragEvent } from 'react';
import type { ImportChange, ImportError } from '@qrmenu/contract';
import { api, type ApiBody } from '../../api/client';
import { downloadWithToken, notJson } from '../../api/download';
import { notify } from '../../components/notify';
import { Badge, Button, Card, Progress, cx } from '../../components/ui';
import { BULK_TEXT as T } from '../../texts/bulk';
import { USER_TOAST } from '../../texts/user';
import { hasRowErrors, nothingToApply, previewRows, readImportAnswer, type ImportErrors, type ImportPreview } from './importPreview';
import { OldToNew, PreviewTable, type PreviewColumn } from './PreviewTable';
import type { Answer, importMenuResponseSchema } from '@qrmenu/contract';

const ERROR_COLUMNS: Array<PreviewColumn<ImportError>> = [
  { label: T.colRow, cell: (e) => e.row ?? T.whole, className: 'tabular-nums' },
  { label: T.colField, cell: (e) => (e.field === 'file' ? T.whole : e.field) },
  { label: T.colMessage, cell: (e) => e.message, className: 'text-red-700' },
];

const ACTIONS = {
  create: { tone: 'green', label: T.actionCreate },
  update: { tone: 'blue', label: T.actionUpdate },
  unchanged: { tone: 'stone', label: T.actionUnchanged },
} as const;

/** A changed sheet value as the owner wrote it: codes, Evet/Hayır and translations as in the file. */
const CHANGE_COLUMNS: Array<PreviewColumn<ImportChange>> = [
  { label: T.colRow, cell: (c) => c.row, className: 'tabular-nums' },
  { label: T.colAction, cell: (c) => <Badge tone={ACTIONS[c.action].tone}>{ACTIONS[c.action].label}</Badge> },
  {
    label: T.colCategory,
    cell: (c) => (
      <span>
        {c.category}
        {c.new_category ? <span className="ml-1 text-xs text-emerald-700">({T.newCategory})</span> : null}
      </span>
    ),
  },
  { label: T.colName, cell: (c) => c.name, className: 'font-medium' },
  {
    label: T.colChanges,
    className: 'text-sm',
    cell: (c) => (
      <div className="min-w-0">
        {c.fields.map((f) => (
          <OldToNew key={f.field} label={f.column} old={f.old} next={f.new} />
        ))}
      </div>
    ),
  },
];

/** Export (XLSX, CSV, template) and import with upload progress, preview table, then Uygula. */
export function MenuImportCard() {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'' | 'xlsx' | 'csv' | 'template'>('');
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<'' | 'checking' | 'applying'>('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [errors, setErrors] = useState<ImportErrors | null>(null);
  const [dragging, setDragging] = useState(false);
  const [showUnchanged, setShowUnchanged] = useState(false);

  const exportAs = async (kind: 'xlsx' | 'csv' | 'template') => {
    setBusy(kind);
    try {
      // saved under the server's file name; an answer in JSON is an error, not the export
      await downloadWithToken(kind === 'template' ? '/api/export-menu?format=xlsx&template=1' : `/api/export-menu?format=${kind}`, 'menu', notJson);
    } catch {
      notify.error(USER_TOAST.error, T.downloadFailed);
    } finally {
      setBusy('');
    }
  };

  const send = async (file: File, dryRun: boolean): Promise<ApiBody<Answer<typeof importMenuResponseSchema>> | undefined> => {
    const form = new FormData();
    form.append('dry_run', dryRun ? '1' : '0');
    form.append('file', file);
    setProgress(0);
    setPhase(dryRun ? 'checking' : 'applying');
    try {
      return await api.upload<Answer<typeof importMenuResponseSchema>>('/api/import-menu', form, { onProgress: setProgress });
    } catch {
      return undefined;
    } finally {
      setProgress(null);
      setPhase('');
    }
  };

  const check = async (file: File | undefined) => {
    if (!file) return;
    setPreview(null);
    setErrors(null);
    setShowUnchanged(false);
    const res = await send(file, true);
    if (!res) return;
    const read = readImportAnswer(res, file);
    if ('preview' in read) setPreview(read.preview);
    else setErrors(read.errors);
    if (input.current) input.current.value = '';
  };

  const apply = async () => {
    if (!preview) return;
    const res = await send(preview.file, false);
    if (!res) return;
    if (res.status === 200) {
      notify.success(USER_TOAST.success, `${res.message} ${T.summary(res.summary)}`);
      setPreview(null);
    } else {
      const read = readImportAnswer(res, preview.file);
      if ('errors' in read) setErrors(read.errors);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void check(e.dataTransfer.files[0]);
  };

  const shown = preview ? previewRows(preview.changes, showUnchanged) : { rows: [], more: 0 };
  const nothing = preview && nothingToApply(preview.summary);
  const working = phase !== '';

  return (
    <Card>
      <h2 className="text-lg font-semibold text-stone-900">{T.ioTitle}</h2>
      <p className="mt-1 text-sm text-stone-600">{T.ioText}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => void exportAs('xlsx')} disabled={busy !== ''}>{busy === 'xlsx' ? T.downloading : T.exportXlsx}</Button>
        <Button variant="secondary" onClick={() => void exportAs('csv')} disabled={busy !== ''}>{busy === 'csv' ? T.downloading : T.exportCsv}</Button>
        <Button variant="ghost" onClick={() => void exportAs('template')} disabled={busy !== ''}>{busy === 'template' ? T.downloading : T.template}</Button>
      </div>

      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx('mt-5 rounded-xl border-2 border-dashed px-4 py-6 text-center', dragging ? 'border-brand-600 bg-brand-50' : 'border-stone-300')}
      >
        <p className="font-medium text-stone-800">{T.dropTitle}</p>
        <p className="mt-1 text-sm text-stone-600">{T.dropHint}</p>
        <label className="mt-3 inline-flex min-h-10 cursor-pointer items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50">
          {T.chooseFile}
          <input
            ref={input}
            type="file"
            className="sr-only"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={working}
            onChange={(e) => void check(e.target.files?.[0])}
          />
        </label>
        {progress != null && progress < 100 ? <Progress value={progress} label={T.uploading} /> : null}
        {working && (progress == null || progress >= 100) ? (
          <p className="mt-3 flex items-center justify-center gap-2 text-sm text-stone-600" role="status">
            <span className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-brand-700" aria-hidden />
            {phase === 'checking' ? T.checking : T.applying}
          </p>
        ) : null}
      </div>

      {errors ? (
        <div className="mt-5" role="alert">
          <p className="font-semibold text-red-700">{T.errorsTitle}</p>
          <p className="mt-1 text-sm text-stone-700">{errors.message}</p>
          {hasRowErrors(errors) ? (
            <div className="mt-3">
              <PreviewTable rows={errors.list} columns={ERROR_COLUMNS} rowKey={(_, i) => i} />
            </div>
          ) : null}
        </div>
      ) : null}

      {preview ? (
        <div className="mt-5">
          <h3 className="font-semibold text-stone-900">{T.previewTitle}</h3>
          <p className="mt-1 text-sm text-stone-700" data-testid="import-summary">{T.summary(preview.summary)}</p>
          {nothing ? <p className="mt-2 text-sm text-stone-600">{T.nothingToApply}</p> : null}
          {shown.rows.length > 0 ? (
            <div className="mt-3">
              <PreviewTable rows={shown.rows} columns={CHANGE_COLUMNS} rowKey={(c) => c.row} />
            </div>
          ) : null}
          {shown.more > 0 ? <p className="mt-2 text-sm text-stone-600">{T.moreRows(shown.more)}</p> : null}
          {preview.summary.unchanged > 0 && !showUnchanged ? (
            <button type="button" className="mt-2 text-sm font-semibold text-brand-700 hover:underline" onClick={() => setShowUnchanged(true)}>
              {T.showUnchanged(preview.summary.unchanged)}
            </button>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={() => void apply()} disabled={working || Boolean(nothing)}>{phase === 'applying' ? T.applying : T.apply}</Button>
            <Button variant="secondary" onClick={() => setPreview(null)} disabled={working}>{T.cancel}</Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
