import { useEffect, useId, useRef, useState } from 'react';
import imageCompression from 'browser-image-compression';
import { FieldError, Progress, cx } from './ui';
import { IMAGE_TEXT } from '../texts/user';

/** Browser-side limits of spec §5: at most 1 MB and 1920 px on the longer side. */
const COMPRESSION = { maxSizeMB: 1, maxWidthOrHeight: 1920, useWebWorker: false, initialQuality: 0.85 } as const;

/**
 * Compresses a chosen photo before upload. On failure the original is sent and the failure is
 * only logged (spec §4, §8).
 */
export async function compressImage(file: File): Promise<File> {
  try {
    const out = await imageCompression(file, COMPRESSION);
    return out instanceof File ? out : new File([out], file.name, { type: (out as Blob).type || file.type });
  } catch (err) {
    console.error('Fotoğraf sıkıştırılamadı, orijinal dosya gönderilecek.', err);
    return file;
  }
}

interface Props {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** URL of the stored photo, shown until a new one is chosen. */
  currentUrl?: string;
  currentLabel?: string;
  /** Size in px of the current-photo thumbnail (edit product: 50). */
  thumbSize?: number;
  errors?: string[];
  /** Upload progress 0–100 while the form is being sent. */
  progress?: number | null;
  /** Reports compression running, so the form can wait before sending. */
  onBusy?: (busy: boolean) => void;
}

/** A local address of `file` for a preview while it is chosen (revoked when it changes or the screen goes). */
export function useObjectUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = file ? URL.createObjectURL(file) : null;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is an external resource this effect makes and revokes
    setUrl(made);
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [file]);
  return url;
}

/** Photo field: preview, in-browser compression and upload progress. */
export function ImageInput({ label, value, onChange, currentUrl, currentLabel, thumbSize = 64, errors, progress, onBusy }: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const preview = useObjectUrl(value);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setPreparing(true);
    onBusy?.(true);
    try {
      onChange(await compressImage(file));
    } finally {
      setPreparing(false);
      onBusy?.(false);
    }
  };

  const shown = preview ?? currentUrl;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <div className="flex items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={preview ? value?.name ?? '' : currentLabel ?? ''}
            width={thumbSize}
            height={thumbSize}
            style={{ width: thumbSize, height: thumbSize }}
            className="shrink-0 rounded-lg border border-stone-200 object-cover"
          />
        ) : null}
        <input
          ref={inputRef}
          id={id}
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => void choose(e.target.files?.[0])}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className={cx(
            'inline-flex min-h-10 cursor-pointer items-center rounded-lg bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100',
            'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
          )}
        >
          {value || currentUrl ? IMAGE_TEXT.change : IMAGE_TEXT.choose}
        </label>
      </div>
      <p className="mt-1 text-xs text-stone-500">
        {value ? IMAGE_TEXT.selected(value.name, Math.max(1, Math.round(value.size / 1024))) : IMAGE_TEXT.hint}
      </p>
      {value ? (
        <button
          type="button"
          className="mt-1 text-xs font-medium text-stone-600 underline hover:text-stone-900"
          onClick={() => {
            onChange(null);
            if (inputRef.current) inputRef.current.value = '';
          }}
        >
          {IMAGE_TEXT.remove}
        </button>
      ) : null}
      {preparing ? (
        <p className="mt-1 text-xs text-stone-600" role="status">
          {IMAGE_TEXT.preparing}
        </p>
      ) : null}
      {progress != null ? <Progress value={progress} label={IMAGE_TEXT.uploading} /> : null}
      <FieldError errors={errors} />
    </div>
  );
}
