import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { downloadWithToken, envelopeOf, isPdf } from '../../api/download';
import { notify } from '../../components/notify';
import { Button, Card, inputClass } from '../../components/ui';
import { BRANCH_PICKER_TEXT as B } from '../../texts/branches';
import { TABLE_QR_TEXT as T } from '../../texts/tables';
import { USER_TOAST } from '../../texts/user';
import type { QrOptionsState } from './QrOptions';
import { makeQrPng, tableLink, type QrLook } from './qrImage';

/** Tables previewed on the screen at most (the PDF takes any range). */
const SHOWN = 60;

function TableCode({ qrlink, masa, look }: { qrlink: string; masa: number; look: QrLook }) {
  const [preview, setPreview] = useState<string | null>(null);
  const { color, logo } = look;
  useEffect(() => {
    let live = true;
    makeQrPng(tableLink(qrlink, masa), { width: 160, height: 160, margin: 4, color, logo })
      .then((url) => live && setPreview(url), () => undefined);
    return () => {
      live = false;
    };
  }, [qrlink, masa, color, logo]);
  const download = async () => {
    try {
      const png = await makeQrPng(tableLink(qrlink, masa), { margin: 4, caption: T.table(masa), color, logo });
      const a = document.createElement('a');
      a.href = png;
      a.download = `qrcode-masa-${masa}.png`;
      a.click();
    } catch {
      notify.error(USER_TOAST.error);
    }
  };
  return (
    <li className="rounded-xl border border-stone-200 p-3 text-center" data-testid={`table-qr-${masa}`}>
      <p className="font-semibold text-stone-900">{T.table(masa)}</p>
      <div className="mx-auto my-2 aspect-square w-full max-w-[140px] bg-white">
        {preview ? <img src={preview} alt={T.previewAlt(masa)} width={140} height={140} className="h-full w-full" /> : null}
      </div>
      <button type="button" onClick={() => void download()} className="text-sm font-semibold text-brand-700 hover:underline">
        {T.download}
      </button>
    </li>
  );
}

/**
 * Per-table QR codes (preview, PNG) and the printable table cards (`GET /api/qr-cards.pdf`); `branch`:
 * an extra branch's (its address and tables are given; the PDF is asked with `?branch=`).
 */
export function TableQrCodes({ qrlink, deskcount, look, options, branch }: { qrlink: string; deskcount: number; look: QrLook; options: QrOptionsState; branch?: number }) {
  const [range, setRange] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const downloadPdf = async () => {
    setBusy(true);
    setError(null);
    try {
      const params = new URLSearchParams();
      if (range.trim()) params.set('tables', range.trim());
      if (options.logo) params.set('logo', '1');
      if (options.color) params.set('renk', '1');
      if (branch) params.set('branch', String(branch));
      const q = params.toString() ? `?${params.toString()}` : '';
      await downloadWithToken(`/api/qr-cards.pdf${q}`, 'masa-kartlari.pdf', isPdf);
    } catch (err) {
      const body = envelopeOf(err);
      setError(body?.errors?.tables?.[0] ?? body?.errors?.logo?.[0] ?? body?.errors?.renk?.[0] ?? body?.errors?.branch?.[0] ?? body?.message ?? USER_TOAST.error);
    } finally {
      setBusy(false);
    }
  };

  const shown = Array.from({ length: Math.min(deskcount, SHOWN) }, (_, i) => i + 1);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card className="h-fit">
        <h2 className="text-base font-semibold text-stone-900">{T.cardsTitle}</h2>
        <p className="mt-1 text-sm text-stone-600">{T.cardsText}</p>
        {deskcount > 0 ? (
          <label className="mt-4 block">
            <span className="block text-sm font-medium text-stone-800">{T.range}</span>
            <input className={inputClass} value={range} onChange={(e) => setRange(e.target.value)} placeholder="1-10" inputMode="numeric" aria-describedby="range-hint" />
            <span id="range-hint" className="mt-1 block text-xs text-stone-600">
              {T.rangeHint(deskcount)}
            </span>
          </label>
        ) : (
          <p className="mt-3 text-xs text-stone-600">{T.rangeHintNoTables}</p>
        )}
        {error ? (
          <p className="mt-2 text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
        <Button className="mt-4" onClick={() => void downloadPdf()} disabled={busy}>
          {busy ? T.preparing : T.pdf}
        </Button>
      </Card>
      <Card>
        <h2 className="text-base font-semibold text-stone-900">{T.tablesTitle}</h2>
        <p className="mt-1 text-sm text-stone-600">{T.tablesText}</p>
        {deskcount > 0 ? (
          <>
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
              {shown.map((n) => (
                <TableCode key={n} qrlink={qrlink} masa={n} look={look} />
              ))}
            </ul>
            {deskcount > SHOWN ? <p className="mt-3 text-xs text-stone-600">{T.more(SHOWN, deskcount)}</p> : null}
          </>
        ) : (
          <p className="mt-4 text-sm text-stone-700">
            {branch ? B.noTablesBranch : T.noTables}{' '}
            <Link to={branch ? '/user/subeler' : '/user/settings'} className="font-semibold text-brand-700 hover:underline">
              {branch ? B.toBranches : T.toSettings}
            </Link>
          </p>
        )}
      </Card>
    </div>
  );
}
