import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Button, Card, PageHeader, Spinner } from '../../components/ui';
import { QR_TEXT as T, USER_TOAST } from '../../texts/user';
import { TableQrCodes } from './TableQrCodes';
import { BranchPicker, useBranches } from './branchContext';
import { BRANCH_PICKER_TEXT } from '../../texts/branches';
import { QrOptions, loadQrLogo, type QrOptionsState } from './QrOptions';
import { QR_HEIGHT, QR_WIDTH, makeQrPng, type QrLogo, type QrLook } from './qrImage';
import { qrInk, type Answer, type settingsResponseSchema } from '@qrmenu/contract';

/**
 * QR screen (spec §2): QR Kodu Oluştur → preview; İndir → qrcode.png. No qrlink → Ayarlar. The
 * options (`Logoyu ortaya koy`, `Tema rengini kullan`; off by default) apply to every code here:
 * the menu's PNG, each table's PNG and the table cards' PDF. From the second branch on, a branch
 * picker: an extra branch's codes go to its address, its tables are its own (issue 43).
 */
export default function QrCode() {
  const navigate = useNavigate();
  const [qrlink, setQrlink] = useState<string | null>(null);
  const [deskcount, setDeskcount] = useState(0);
  // the image and the address it was made for: another branch's address shows none
  const [made, setMade] = useState<{ link: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [branding, setBranding] = useState<{ logo: boolean; theme: string | null }>({ logo: false, theme: null });
  const [options, setOptions] = useState<QrOptionsState>({ logo: false, color: false });
  const [logo, setLogo] = useState<QrLogo | null>(null);
  const look: QrLook = { color: options.color ? qrInk(branding.theme).ink : undefined, logo: options.logo ? logo : null };
  const { branches, selected } = useBranches();
  // the extra branch chosen (none: the main branch, the business's own settings)
  const branch = selected ? branches.find((b) => b.id === selected) : undefined;
  const link = branch?.qrlink ?? qrlink ?? '';
  const tables = branch ? Number(branch.deskcount ?? 0) : deskcount;
  const png = made && made.link === link ? made.url : null;

  useEffect(() => {
    api
      .get<Answer<typeof settingsResponseSchema>>('/api/edit-setting')
      .then((res) => {
        if (res.status === 200 && res.settings?.qrlink) {
          setQrlink(res.settings.qrlink);
          setDeskcount(Number(res.settings.deskcount ?? 0));
          setBranding({ logo: Boolean(res.settings.logo), theme: res.settings.theme_color ?? null });
        } else if (res.status === 200) {
          notify.warning(T.noLinkTitle, T.noLinkText);
          void navigate('/user/settings');
        } else if (res.status === 404) {
          notify.warning(USER_TOAST.warning, res.message);
          void navigate('/user/settings');
        }
      })
      .catch(() => undefined);
  }, [navigate]);

  const generate = async (withLook: QrLook = look) => {
    if (!link) return;
    setBusy(true);
    try {
      setMade({ link, url: await makeQrPng(link, withLook) });
    } catch (err) {
      console.error(err);
      notify.error(USER_TOAST.error);
    } finally {
      setBusy(false);
    }
  };

  /** A changed option redraws the menu's image when it is shown (the logo is fetched once, on first use). */
  const changeOptions = async (next: QrOptionsState) => {
    setOptions(next);
    let image = logo;
    if (next.logo && !image) {
      try {
        image = await loadQrLogo();
        setLogo(image);
      } catch {
        notify.error(T.logoFailed);
        setOptions({ ...next, logo: false });
        return;
      }
    }
    if (png) await generate({ color: next.color ? qrInk(branding.theme).ink : undefined, logo: next.logo ? image : null });
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
      <BranchPicker hint={BRANCH_PICKER_TEXT.qrHint} />
      <QrOptions value={options} onChange={(next) => void changeOptions(next)} hasLogo={branding.logo} themeColor={branding.theme} busy={busy} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="h-fit">
          <p className="text-sm font-semibold text-stone-800">{T.link}</p>
          <a href={link} target="_blank" rel="noreferrer" className="mt-1 block break-all font-mono text-sm text-brand-700 hover:underline">
            {link}
          </a>
          <div className="mt-5 flex flex-wrap gap-2">
            <Button onClick={() => void generate()} disabled={busy}>
              {T.generate}
            </Button>
            {png ? (
              <a
                href={png}
                download={branch?.slug ? `qrcode-${branch.slug}.png` : 'qrcode.png'}
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
      {/* another branch: a fresh range and no error left from the last one */}
      <TableQrCodes key={branch?.id ?? 0} qrlink={link} deskcount={tables} look={look} options={options} branch={branch?.id} />
    </div>
  );
}
