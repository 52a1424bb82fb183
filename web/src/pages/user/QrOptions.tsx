import { Link } from 'react-router';
import { qrInk } from '@qrmenu/contract';
import { getToken } from '../../api/storage';
import { Card } from '../../components/ui';
import { QR_TEXT as T } from '../../texts/user';
import type { QrLogo } from './qrImage';

/** The owner's choices for every code of the QR screen (off by default). */
export interface QrOptionsState {
  logo: boolean;
  color: boolean;
}

/** The business's logo as a picture the canvas can draw: `GET /api/qr-logo.png` (same origin, so the canvas stays exportable). */
export async function loadQrLogo(): Promise<QrLogo> {
  const res = await fetch('/api/qr-logo.png', { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (!res.ok || !res.headers.get('content-type')?.includes('image/png')) throw new Error('logo');
  return createImageBitmap(await res.blob());
}

/** `Logoyu ortaya koy` and `Tema rengini kullan`, with what the colour will be (darkened when too light to scan). */
export function QrOptions({ value, onChange, hasLogo, themeColor, busy }: {
  value: QrOptionsState;
  onChange: (next: QrOptionsState) => void;
  hasLogo: boolean;
  themeColor: string | null;
  busy: boolean;
}) {
  const { ink, darkened } = qrInk(themeColor);
  const colorNote = !themeColor ? T.colorDefault(ink) : darkened ? T.colorDarkened(themeColor, ink) : T.colorUsed(ink);
  return (
    <Card className="mt-2">
      <h2 className="text-base font-semibold text-stone-900">{T.optionsTitle}</h2>
      <p className="mt-1 text-sm text-stone-600">{T.optionsText}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <label className="flex items-center gap-3 text-sm font-medium text-stone-900">
            <input
              type="checkbox"
              className="h-5 w-5 shrink-0 accent-brand-700"
              checked={value.logo}
              disabled={!hasLogo || busy}
              aria-describedby="qr-logo-hint"
              onChange={(e) => onChange({ ...value, logo: e.target.checked })}
            />
            {T.withLogo}
          </label>
          <p id="qr-logo-hint" className="mt-1 pl-8 text-xs text-stone-600">
            {hasLogo ? (
              T.withLogoHint
            ) : (
              <Link to="/user/settings" className="text-brand-700 hover:underline">
                {T.noLogo}
              </Link>
            )}
          </p>
        </div>
        <div>
          <label className="flex items-center gap-3 text-sm font-medium text-stone-900">
            <input
              type="checkbox"
              className="h-5 w-5 shrink-0 accent-brand-700"
              checked={value.color}
              disabled={busy}
              aria-describedby="qr-color-hint"
              onChange={(e) => onChange({ ...value, color: e.target.checked })}
            />
            {T.withColor}
            <span aria-hidden="true" className="inline-block h-4 w-4 rounded border border-stone-300" style={{ backgroundColor: ink }} />
          </label>
          <p id="qr-color-hint" className="mt-1 pl-8 text-xs text-stone-600" data-testid="qr-color-note">
            {colorNote}
          </p>
        </div>
      </div>
    </Card>
  );
}
