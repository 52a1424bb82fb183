import { useId, useRef, useState } from 'react';
import { askDelete } from '../../components/confirm';
import { imageQuestion } from '../../components/deleteQuestions';
import { compressImage, useObjectUrl } from '../../components/ImageInput';
import { FieldError, Progress, cx } from '../../components/ui';
import { IMAGES_TEXT as T } from '../../texts/branding';

/** One image's pending change: a new (compressed) file, or removal of the stored one. */
export interface ImageDraft {
  file: File | null;
  remove: boolean;
}
export const noChange = (): ImageDraft => ({ file: null, remove: false });

/** The address shown for a draft: the chosen file, nothing when removed, else the stored image. */
export function useImagePreview(draft: ImageDraft, currentUrl: string | undefined) {
  const objectUrl = useObjectUrl(draft.file);
  return objectUrl ?? (draft.remove ? undefined : currentUrl);
}

function ImagePicker({ kind, label, hint, draft, onChange, currentUrl, shown, errors, onBusy }: {
  kind: 'logo' | 'cover';
  label: string;
  hint: string;
  draft: ImageDraft;
  onChange: (d: ImageDraft) => void;
  currentUrl?: string;
  shown?: string;
  errors?: string[];
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const reset = () => {
    if (inputRef.current) inputRef.current.value = '';
  };
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setPreparing(true);
    onBusy(true);
    try {
      onChange({ file: await compressImage(file), remove: false });
    } finally {
      setPreparing(false);
      onBusy(false);
    }
  };
  const frame = kind === 'logo' ? 'h-28 w-28 rounded-2xl' : 'aspect-[3/1] w-full rounded-2xl';
  return (
    <div className={kind === 'logo' ? 'sm:w-44 sm:shrink-0' : 'min-w-0 flex-1'}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <div
        className={cx(
          frame,
          'relative flex items-center justify-center overflow-hidden border bg-stone-50',
          shown ? 'border-stone-200' : 'border-dashed border-stone-300',
          draft.file && 'ring-2 ring-brand-500 ring-offset-2',
        )}
      >
        {shown ? (
          <img src={shown} alt={kind === 'logo' ? T.logoAlt : T.coverAlt} className={cx('h-full w-full', kind === 'logo' ? 'object-contain p-1' : 'object-cover')} />
        ) : (
          <span className="flex flex-col items-center gap-1 px-2 text-center text-xs text-stone-500">
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <circle cx="9" cy="10" r="2" />
              <path d="m21 16-5-5-9 9" />
            </svg>
            {T.empty}
          </span>
        )}
      </div>
      <div className="relative mt-2 flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          name={kind}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => void choose(e.target.files?.[0])}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 hover:bg-brand-100"
        >
          {shown ? T.change : T.choose}
        </label>
        {draft.file ? (
          <button
            type="button"
            onClick={() => {
              onChange(noChange());
              reset();
            }}
            className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            {T.cancelChoice}
          </button>
        ) : draft.remove ? (
          <button type="button" onClick={() => onChange(noChange())} className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
            {T.undoRemove}
          </button>
        ) : currentUrl ? (
          <button
            type="button"
            onClick={() => void askDelete(imageQuestion(kind)).then((yes) => yes && onChange({ file: null, remove: true }))}
            aria-label={`${label}: ${T.remove}`}
            className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            {T.remove}
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-stone-500">{draft.file ? T.newNote : draft.remove ? T.removeNote : hint}</p>
      {preparing ? (
        <p className="mt-1 text-xs text-stone-600" role="status">
          {T.preparing}
        </p>
      ) : null}
      <FieldError errors={errors} />
    </div>
  );
}

/** Logo and cover with previews, in-browser compression and removal; sent when the section is saved. */
export function BrandImages({ logo, cover, onLogo, onCover, logoUrl, coverUrl, logoShown, coverShown, errors, progress, onBusy }: {
  logo: ImageDraft;
  cover: ImageDraft;
  onLogo: (d: ImageDraft) => void;
  onCover: (d: ImageDraft) => void;
  logoUrl?: string;
  coverUrl?: string;
  logoShown?: string;
  coverShown?: string;
  errors: Record<string, string[] | undefined>;
  progress: number | null;
  onBusy: (busy: boolean) => void;
}) {
  return (
    <div>
      <div className="flex flex-col gap-5 sm:flex-row">
        <ImagePicker kind="logo" label={T.logo} hint={T.logoHint} draft={logo} onChange={onLogo} currentUrl={logoUrl} shown={logoShown} errors={errors.logo} onBusy={onBusy} />
        <ImagePicker kind="cover" label={T.cover} hint={T.coverHint} draft={cover} onChange={onCover} currentUrl={coverUrl} shown={coverShown} errors={errors.cover} onBusy={onBusy} />
      </div>
      <p className="mt-3 text-xs text-stone-500">{T.formats}</p>
      {progress != null ? <Progress value={progress} label={T.uploading} /> : null}
    </div>
  );
}
