import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { DEFAULT_THEME_COLOR, type FieldErrors, type OwnerSettings } from '@qrmenu/contract';
import { api, assetUrl, type ApiBody } from '../../api/client';
import { confirmDialog } from '../../components/confirm';
import { notify } from '../../components/notify';
import { Button, Card, cx } from '../../components/ui';
import { BRANDING_TEXT as T, COLOR_TEXT, DETAILS_TEXT, HOURS_TEXT, IMAGES_TEXT } from '../../texts/branding';
import { USER_TOAST } from '../../texts/user';
import { BrandDetails, type DetailsDraft } from './BrandDetails';
import { BrandImages, noChange, useImagePreview, type ImageDraft } from './BrandImages';
import { HoursEditor } from './HoursEditor';
import { weekDraft, weekHours, type WeekDraft } from './hoursDraft';
import { MenuPreview } from './MenuPreview';
import { ThemeColorField } from './ThemeColorField';
import type { Answer, settingsResponseSchema } from '@qrmenu/contract';

interface Draft {
  theme_color: string | null;
  hours: WeekDraft | null;
  details: DetailsDraft;
}
const draftOf = (s: OwnerSettings): Draft => ({
  theme_color: s.theme_color ?? null,
  hours: weekDraft(s.hours ?? null),
  details: {
    about: s.about ?? '',
    wifi_name: s.wifi_name ?? '',
    wifi_password: s.wifi_password ?? '',
    instagram: s.instagram ? `@${s.instagram}` : '',
    website: s.website ?? '',
    service_note: s.service_note ?? '',
  },
});
/** The section's fields as the API names them (null clears one). */
const fieldsOf = (d: Draft) => ({ theme_color: d.theme_color, hours: weekHours(d.hours), ...d.details });

/**
 * A refusal's toast and field errors. Not the profile form's 'All fields are mandetory': these
 * fields are optional, the server's own message says what to correct.
 */
function refused(res: ApiBody): FieldErrors {
  if (res.status === 422 || res.status === 400) {
    notify.error(USER_TOAST.error, res.message);
    return res.errors ?? {};
  }
  notify.warning(USER_TOAST.warning, res.message);
  return {};
}

/** Unsaved changes: asks before another screen of the app opens, and the browser asks before a reload or close. */
function useLeaveGuard(active: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog(T.leaveTitle, T.leaveText, T.leaveYes, T.leaveNo).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
    // once per blocked navigation (the blocker object itself may change between renders)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);
  useEffect(() => {
    if (!active) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

function Section({ title, text, children, className }: { title: string; text?: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <h3 className="text-base font-semibold text-stone-900">{title}</h3>
      {text ? <p className="mt-1 max-w-prose text-sm text-stone-600">{text}</p> : null}
      <div className="mt-5">{children}</div>
    </Card>
  );
}

export function PreviewLink({ slug, className }: { slug: string; className?: string }) {
  return (
    <a
      href={`/qr/${slug}`}
      target="_blank"
      rel="noreferrer"
      className={cx(
        'inline-flex min-h-10 items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50',
        className,
      )}
    >
      {T.preview}
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </svg>
      <span className="sr-only">({T.previewHint})</span>
    </a>
  );
}

/**
 * "Menü Görünümü" in Ayarlar: logo and cover, the theme colour with a live preview, the weekly
 * hours and the place's details, saved together by one Kaydet (update-branding); the server's
 * Turkish field errors show under each field.
 */
export function MenuAppearance({ settings, onSaved }: { settings: OwnerSettings; onSaved: (s: OwnerSettings) => void }) {
  const [saved, setSaved] = useState(() => draftOf(settings));
  const [draft, setDraft] = useState(saved);
  const [logo, setLogo] = useState<ImageDraft>(noChange);
  const [cover, setCover] = useState<ImageDraft>(noChange);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [compressing, setCompressing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [imagesKey, setImagesKey] = useState(0);
  const logoUrl = settings.logo ? assetUrl(settings.logo) : undefined;
  const coverUrl = settings.cover ? assetUrl(settings.cover) : undefined;
  const logoShown = useImagePreview(logo, logoUrl);
  const coverShown = useImagePreview(cover, coverUrl);

  const imagesChanged = Boolean(logo.file || logo.remove || cover.file || cover.remove);
  const dirty = useMemo(() => imagesChanged || JSON.stringify(fieldsOf(draft)) !== JSON.stringify(fieldsOf(saved)), [imagesChanged, draft, saved]);
  useLeaveGuard(dirty && !busy);
  const hoursErrors = Object.entries(errors)
    .filter(([k]) => k === 'hours' || k.startsWith('hours.'))
    .flatMap(([, v]) => v ?? []);

  /**
   * One multipart update-branding call: the fields (all of them; '' clears one) and the new or
   * removed logo and cover. The server changes nothing when any part is refused.
   */
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const data = new FormData();
    const fields = fieldsOf(draft);
    for (const [k, v] of Object.entries(fields)) data.append(k, v == null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
    if (logo.file) data.append('logo', logo.file, logo.file.name);
    else if (logo.remove) data.append('remove_logo', '1');
    if (cover.file) data.append('cover', cover.file, cover.file.name);
    else if (cover.remove) data.append('remove_cover', '1');
    const uploading = Boolean(logo.file || cover.file);
    setBusy(true);
    setProgress(uploading ? 0 : null);
    try {
      const res = await api.upload<Answer<typeof settingsResponseSchema>>('/api/update-branding', data, { onProgress: uploading ? setProgress : undefined });
      if (res.status !== 200) {
        setErrors(refused(res));
        return;
      }
      setErrors({});
      notify.success(USER_TOAST.success, res.message ?? T.saved);
      setLogo(noChange());
      setCover(noChange());
      setImagesKey((k) => k + 1); // fresh file inputs: the same file can be chosen again
      if (res.settings) {
        const next = res.settings;
        const d = draftOf(next);
        setSaved(d);
        setDraft(d);
        onSaved(next);
      }
    } catch {
      // transport errors are shown by the API client
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <section aria-labelledby="appearance-title" className="mt-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="appearance-title" className="text-xl font-bold tracking-tight text-stone-900">
            {T.title}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-stone-600">{T.subtitle}</p>
        </div>
        {settings.companyengname ? <PreviewLink slug={settings.companyengname} /> : <p className="max-w-xs text-xs text-stone-500">{T.needProfile}</p>}
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6">
        <Section title={IMAGES_TEXT.section} text={IMAGES_TEXT.sectionHint}>
          <BrandImages
            key={imagesKey}
            logo={logo}
            cover={cover}
            onLogo={setLogo}
            onCover={setCover}
            logoUrl={logoUrl}
            coverUrl={coverUrl}
            logoShown={logoShown}
            coverShown={coverShown}
            errors={errors}
            progress={progress}
            onBusy={setCompressing}
          />
        </Section>
        <Section title={COLOR_TEXT.section} text={COLOR_TEXT.sectionHint}>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_300px] lg:items-start">
            <ThemeColorField value={draft.theme_color} onChange={(theme_color) => setDraft((d) => ({ ...d, theme_color }))} errors={errors.theme_color} />
            <MenuPreview color={draft.theme_color ?? DEFAULT_THEME_COLOR} name={settings.companyname} logo={logoShown} cover={coverShown} />
          </div>
        </Section>
        <Section title={HOURS_TEXT.section} text={HOURS_TEXT.sectionHint}>
          <HoursEditor
            value={draft.hours}
            onChange={(hours) => setDraft((d) => ({ ...d, hours }))}
            errors={hoursErrors.length ? hoursErrors : undefined}
            onCopied={() => notify.success(USER_TOAST.success, HOURS_TEXT.copied)}
          />
        </Section>
        <Section title={DETAILS_TEXT.section} text={DETAILS_TEXT.sectionHint}>
          <BrandDetails value={draft.details} onChange={(details) => setDraft((d) => ({ ...d, details }))} errors={errors} />
        </Section>
        <div className="sticky bottom-0 z-10 -mx-3 border-t border-stone-200 bg-white/95 px-3 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-5 sm:shadow-lg">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className={cx('text-sm', dirty ? 'font-medium text-amber-800' : 'text-stone-500')} role="status">
              {dirty ? T.unsaved : T.allSaved}
            </p>
            <div className="flex w-full gap-2 sm:w-auto">
              <Button type="submit" disabled={busy || compressing} className="flex-1 sm:flex-none sm:px-8">
                {busy ? T.saving : T.save}
              </Button>
            </div>
          </div>
        </div>
      </form>
    </section>
  );
}
