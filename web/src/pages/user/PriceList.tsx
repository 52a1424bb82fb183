import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  formatDateTime, formatNumber, formatPrice, LANGUAGE_TURKISH_NAMES, MENU_LANGUAGES, PRICE_LIST_SIZES,
  type PriceListCheckResponse, type PriceListFinding, type PriceListFormat, type PriceListVersionsResponse,
} from '@qrmenu/contract';
import { api } from '../../api/client';
import { downloadWithToken, envelopeOf, isPdf } from '../../api/download';
import { Badge, Button, Card, PageHeader, Spinner, inputClass } from '../../components/ui';
import { BRANCH_PICKER_TEXT } from '../../texts/branches';
import { PRICE_LIST_TEXT as T } from '../../texts/price-list';
import { BranchPicker, useBranches } from './branchContext';
import { USER_TOAST } from '../../texts/user';

/** Downloads a price list PDF; the server's message when it refuses (null when saved). */
async function downloadPdf(query: string, fallbackName: string): Promise<string | null> {
  try {
    await downloadWithToken(`/api/price-list.pdf${query}`, fallbackName, isPdf);
    return null;
  } catch (err) {
    return envelopeOf(err)?.message ?? USER_TOAST.error;
  }
}

/** `&branch=N` of an extra branch's list (none: the main branch's). */
const branchQuery = (branch: number) => (branch ? `&branch=${branch}` : '');

function PrintCard({ format, branch, onPrinted }: { format: PriceListFormat; branch: number; onPrinted: () => void }) {
  const sizes = PRICE_LIST_SIZES[format];
  const [size, setSize] = useState(sizes[0]);
  const [lang, setLang] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `pl-${format}`;
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const q = new URLSearchParams({ format, size, ...(lang ? { lang } : {}) });
      const err = await downloadPdf(`?${q}${branchQuery(branch)}`, `fiyat-listesi-${format}.pdf`);
      setError(err);
      if (!err) onPrinted();
    } catch {
      setError(USER_TOAST.error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rounded-xl border border-stone-200 p-4">
      <h3 className="font-semibold text-stone-900">{format === 'kapi' ? T.door : T.table}</h3>
      <p className="text-sm text-stone-600">{format === 'kapi' ? T.doorHint : T.tableHint}</p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <label className="text-sm font-medium text-stone-700" htmlFor={`${id}-size`}>
          {T.size}
          <select id={`${id}-size`} className={inputClass} value={size} onChange={(e) => setSize(e.target.value)}>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-stone-700" htmlFor={`${id}-lang`}>
          {T.lang}
          <select id={`${id}-lang`} className={inputClass} value={lang} onChange={(e) => setLang(e.target.value)}>
            <option value="">{T.langNone}</option>
            {/* Arabic is printed from the public page: the PDF cannot set it right to left */}
            {MENU_LANGUAGES.filter((l) => l !== 'ar').map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_TURKISH_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Button className="mt-3 w-full" onClick={() => void run()} disabled={busy}>
        {busy ? T.downloading : `${format === 'kapi' ? T.door : T.table}: ${T.download}`}
      </Button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Finding({ f }: { f: PriceListFinding }) {
  return (
    <li className="rounded-xl border border-stone-200 p-3" data-testid="price-list-finding">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={f.severity === 'error' ? 'red' : 'amber'}>{f.severity === 'error' ? T.error : T.warning}</Badge>
        {f.product_name ? <span className="font-semibold text-stone-900">{f.product_name}</span> : null}
      </div>
      <p className="mt-1 text-sm text-stone-700">{f.message}</p>
      {f.reference_price != null ? <p className="mt-1 text-sm font-semibold text-stone-800">{T.reference(formatPrice(f.reference_price))}</p> : null}
      {f.product_id ? (
        <Link to={`/user/products/edit-product/${f.product_id}`} className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline">
          {T.toProduct}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * Fiyat Listesi (/user/fiyat-listesi): the printed lists, the compliance findings and the dated
 * versions — of the branch picked (from the second branch on; issue 43), the main one by default.
 */
export default function PriceList() {
  const { selected: branch } = useBranches();
  const [versions, setVersions] = useState<PriceListVersionsResponse | null>(null);
  const [check, setCheck] = useState<PriceListCheckResponse | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'noAddress' | 'error'>('loading');
  const [busyVersion, setBusyVersion] = useState<number | null>(null);

  const load = () => {
    const q = branch ? `?branch=${branch}` : '';
    Promise.all([api.get(`/api/price-list/versions${q}`), api.get(`/api/price-list/check${q}`)])
      .then(([v, c]) => {
        if (v.status === 404) return setState(branch ? 'error' : 'noAddress');
        setVersions(v as unknown as PriceListVersionsResponse);
        setCheck(c as unknown as PriceListCheckResponse);
        setState('ready');
      })
      .catch(() => setState('error'));
  };
  useEffect(load, [branch]);

  if (state === 'loading') return <Spinner label={T.loading} />;
  if (state === 'error') return <p role="alert" className="text-red-700">{T.loadError}</p>;
  if (state === 'noAddress') {
    return (
      <div>
        <PageHeader title={T.title} subtitle={T.subtitle} />
        <Card>
          <p>{T.noAddress}</p>
          <Link to="/user/settings" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
            {T.toSettings}
          </Link>
        </Card>
      </div>
    );
  }
  const findings = check?.findings ?? [];
  const list = versions?.versions ?? [];
  const past = async (v: number) => {
    setBusyVersion(v);
    await downloadPdf(`?format=kapi&version=${v}${branchQuery(branch)}`, `fiyat-listesi-v${v}.pdf`).catch(() => USER_TOAST.error);
    setBusyVersion(null);
  };
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <BranchPicker hint={BRANCH_PICKER_TEXT.priceListHint} />
      <Card>
        <h2 className="text-lg font-semibold text-stone-900">{T.printTitle}</h2>
        <p className="mt-1 text-sm text-stone-600">{T.printText}</p>
        <div className="mt-4 grid gap-3 md:grid-cols-2">
          <PrintCard format="kapi" branch={branch} onPrinted={load} />
          <PrintCard format="masa" branch={branch} onPrinted={load} />
        </div>
        {versions?.public_url ? (
          <p className="mt-3 text-sm text-stone-600">
            {T.publicPage}:{' '}
            <a href={versions.public_url} target="_blank" rel="noreferrer" className="break-all font-mono text-brand-700 hover:underline">
              {versions.public_url}
            </a>
          </p>
        ) : null}
      </Card>

      <Card className="mt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold text-stone-900">{T.findingsTitle}</h2>
          <span className="text-sm text-stone-600">{T.findingsCount(findings.length)}</span>
        </div>
        {findings.length === 0 ? (
          <p className="mt-2 text-sm text-green-800">{T.findingsNone}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {findings.map((f, i) => (
              <Finding key={`${f.code}-${f.product_id ?? ''}-${i}`} f={f} />
            ))}
          </ul>
        )}
      </Card>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-stone-900">{T.versionsTitle}</h2>
        <p className="mt-1 text-sm text-stone-600">{T.versionsText}</p>
        {list.length === 0 ? (
          <p className="mt-3 text-sm text-stone-600">{T.versionsEmpty}</p>
        ) : (
          <div className="mt-3">
            {/* phones: one block per version, nothing to scroll sideways */}
            <ul className="divide-y divide-stone-200 text-sm sm:hidden">
              {list.map((v, i) => (
                <li key={v.version} className="py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">
                      {T.colVersion} {v.version} {i === 0 ? <Badge tone="green">{T.current}</Badge> : null}
                    </span>
                    <span className="tabular-nums text-stone-600">{formatDateTime(v.created_at)}</span>
                  </div>
                  <p className="mt-1 text-stone-700">
                    {T.changes(v.changes, v.price_changes)} · {T.colProducts}: {formatNumber(v.products)}
                  </p>
                  {v.printed.length > 0 ? (
                    <p className="mt-1 text-stone-600">
                      {T.colPrinted}: {v.printed.map((p) => (p === 'kapi' ? T.printedDoor : T.printedTable)).join(', ')}
                    </p>
                  ) : null}
                  <button type="button" className="mt-2 min-h-11 font-semibold text-brand-700 hover:underline disabled:opacity-50" disabled={busyVersion === v.version} onClick={() => void past(v.version)}>
                    {T.downloadVersion(v.version)}
                  </button>
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-left text-sm sm:table">
              <thead className="text-stone-600">
                <tr>
                  <th className="py-2 pr-3">{T.colVersion}</th>
                  <th className="py-2 pr-3">{T.colDate}</th>
                  <th className="py-2 pr-3">{T.colChanges}</th>
                  <th className="py-2 pr-3">{T.colProducts}</th>
                  <th className="py-2 pr-3">{T.colPrinted}</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {list.map((v, i) => (
                  <tr key={v.version} className="border-t border-stone-200">
                    <td className="py-2 pr-3 font-semibold">
                      {v.version} {i === 0 ? <Badge tone="green">{T.current}</Badge> : null}
                    </td>
                    <td className="py-2 pr-3 tabular-nums">{formatDateTime(v.created_at)}</td>
                    <td className="py-2 pr-3">{T.changes(v.changes, v.price_changes)}</td>
                    <td className="py-2 pr-3 tabular-nums">{formatNumber(v.products)}</td>
                    <td className="py-2 pr-3">{v.printed.map((p) => (p === 'kapi' ? T.printedDoor : T.printedTable)).join(', ')}</td>
                    <td className="py-2 text-right">
                      <button type="button" className="font-semibold text-brand-700 hover:underline disabled:opacity-50" disabled={busyVersion === v.version} onClick={() => void past(v.version)}>
                        {T.downloadVersion(v.version)}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
