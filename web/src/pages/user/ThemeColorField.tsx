import { useId, useState } from 'react';
import { FieldError, cx, inputClass } from '../../components/ui';
import { COLOR_TEXT as T } from '../../texts/branding';
import { DEFAULT_THEME_COLOR } from '@qrmenu/contract';
import { colorAdvice, normalizeHex, PRESETS, readTypedColor } from './themeColor';

/**
 * The theme colour: native colour input, a hex field, presets and a way back to the default;
 * `value` null means the default colour. Says which text colour the menu will use on it.
 */
export function ThemeColorField({ value, onChange, errors }: { value: string | null; onChange: (v: string | null) => void; errors?: string[] }) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);
  // follow outside changes (a preset, reset, the saved value) unless the owner is mid-typing the same colour
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText((t) => (normalizeHex(t) === value ? t : value ?? ''));
    setInvalid(false);
  }
  const { shown, darkText, ratioText } = colorAdvice(value);
  // a half-typed code is not an error yet: it is judged when the field is left
  const typed = (t: string) => {
    setText(t);
    const read = readTypedColor(t);
    if (read.kind === 'partial') return;
    setInvalid(false);
    onChange(read.kind === 'color' ? read.hex : null);
  };
  const shownErrors = invalid ? [T.hexInvalid] : errors;
  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-picker`} className="mb-1 block text-sm font-medium text-stone-700">
            {T.picker}
          </label>
          <input
            id={`${id}-picker`}
            type="color"
            value={shown}
            onChange={(e) => onChange(e.target.value.toLowerCase())}
            className="block h-11 w-16 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
          />
        </div>
        <div className="min-w-0 flex-1 basis-36">
          <label htmlFor={`${id}-hex`} className="mb-1 block text-sm font-medium text-stone-700">
            {T.hex}
          </label>
          <input
            id={`${id}-hex`}
            name="theme_color"
            type="text"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            placeholder={DEFAULT_THEME_COLOR}
            value={text}
            onChange={(e) => typed(e.target.value)}
            onBlur={() => setInvalid(readTypedColor(text).kind === 'partial')}
            aria-invalid={shownErrors ? true : undefined}
            aria-describedby={`${id}-hint`}
            className={cx(inputClass, 'font-mono uppercase placeholder:normal-case', shownErrors && 'border-red-500')}
          />
        </div>
        {value ? (
          <button type="button" onClick={() => onChange(null)} className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
            {T.reset}
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        {value ? T.hexHint : T.usingDefault}
      </p>
      <FieldError errors={shownErrors} />
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-medium text-stone-700">{T.presets}</legend>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((hex) => (
            <button
              key={hex}
              type="button"
              onClick={() => onChange(hex)}
              aria-label={T.preset(hex)}
              aria-pressed={shown === hex}
              title={hex}
              style={{ backgroundColor: hex }}
              className={cx(
                'h-9 w-9 rounded-full ring-1 ring-black/10 ring-inset transition hover:scale-110',
                shown === hex && 'outline-2 outline-offset-2 outline-stone-900',
              )}
            />
          ))}
        </div>
      </fieldset>
      {darkText ? (
        <p className="mt-4 flex gap-2 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset" role="status" data-testid="dark-text-warning">
          <svg viewBox="0 0 24 24" className="mt-0.5 h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
          </svg>
          {T.darkText}
        </p>
      ) : (
        <p className="mt-4 text-sm text-emerald-800" role="status">
          {T.lightText(ratioText)}
        </p>
      )}
    </div>
  );
}
