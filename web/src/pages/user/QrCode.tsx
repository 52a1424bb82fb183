import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Button, Card, PageHeader, Spinner } from '../../components/ui';
import { QR_TEXT as T, USER_TOAST } from '../../texts/user';
import { TableQrCodes } from './TableQrCodes';

/** spec §9: the QR image is 800x600 with margin 1, downloaded as qrcode.png. */
export const QR_WIDTH = 800;
export const QR_HEIGHT = 600;

/**
 * Draws the QR code of `link` centred on a white 800x600 canvas. The code itself is drawn at
 * 600x600 (the largest square that fits) with a quiet zone (margin) of 1 module, unscaled, so
 * the modules stay sharp for printing.
 */
export async function makeQrPng(link: string, caption?: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  // a table's code carries its number under it ("Masa 4"): the code is drawn smaller to make room
  const band = caption ? 88 : 0;
  const side = Math.min(QR_WIDTH, QR_HEIGHT) - band;
  const qrUrl = await QRCode.toDataURL(link, { width: side, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('qr image'));
    img.src = qrUrl;
  });
  const canvas = document.createElement('canvas');
  canvas.width = QR_WIDTH;
  canvas.height = QR_HEIGHT;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, QR_WIDTH, QR_HEIGHT);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(img, Math.round((QR_WIDTH - side) / 2), caption ? 8 : Math.round((QR_HEIGHT - side) / 2), side, side);
  if (caption) {
    ctx.fillStyle = '#000000';
    ctx.font = 'bold 56px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(caption, QR_WIDTH / 2, QR_HEIGHT - 20);
  }
  return canvas.toDataURL('image/png');
}

/** QR screen (spec §2): QR Kodu Oluştur → preview; İndir → qrcode.png. No qrlink → Ayarlar. */
export default function QrCode() {
  const navigate = useNavigate();
  const [qrlink, setQrlink] = useState<string | null>(null);
  const [deskcount, setDeskcount] = useState(0);
  const [png, setPng] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get('/api/edit-setting')
      .then((res) => {
        if (res.status === 200 && res.settings?.qrlink) {
          setQrlink(res.settings.qrlink);
          setDeskcount(Number(res.settings.deskcount ?? 0));
        } else if (res.status === 200) {
          notify.warning(T.noLinkTitle, T.noLinkText);
          navigate('/user/settings');
        } else if (res.status === 404) {
          notify.warning(USER_TOAST.warning, res.message);
          navigate('/user/settings');
        }
      })
      .catch(() => undefined);
  }, [navigate]);

  const generate = async () => {
    if (!qrlink) return;
    setBusy(true);
    try {
      setPng(await makeQrPng(qrlink));
    } catch (err) {
      console.error(err);
      notify.error(USER_TOAST.error);
    } finally {
      setBusy(false);
    }
  };

  if (!qrlink) {
    return (
      <div>
        <PageHeader title={T.title} />
        <Spinner label={T.loading} />
      </div>
    );
  }

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="h-fit">
          <p className="text-sm font-semibold text-stone-800">{T.link}</p>
          <a href={qrlink} target="_blank" rel="noreferrer" className="mt-1 block break-all font-mono text-sm text-brand-700 hover:underline">
            {qrlink}
          </a>
          <div className="mt-5 flex flex-wrap gap-2">
            <Button onClick={() => void generate()} disabled={busy}>
              {T.generate}
            </Button>
            {png ? (
              <a
                href={png}
                download="qrcode.png"
                className="inline-flex min-h-10 items-center justify-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
              >
                {T.download}
              </a>
            ) : null}
          </div>
          <p className="mt-4 text-xs text-stone-600">{T.size}</p>
          <p className="mt-1 text-xs text-stone-600">{T.tips}</p>
        </Card>
        <Card>
          <div className="flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-xl border border-dashed border-stone-300 bg-stone-50" data-testid="qr-preview">
            {busy ? (
              <Spinner label={T.generating} />
            ) : png ? (
              <img src={png} alt={T.preview} width={QR_WIDTH} height={QR_HEIGHT} className="h-full w-full object-contain" />
            ) : (
              <p className="max-w-xs px-4 text-center text-sm text-stone-600">{T.previewEmpty}</p>
            )}
          </div>
        </Card>
      </div>
      <TableQrCodes qrlink={qrlink} deskcount={deskcount} />
    </div>
  );
}
