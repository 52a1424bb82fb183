import { useId } from 'react';
import { COMMON } from '../texts/common';
import { counterState, countCharacters, type TextCounter } from './textCount';
import { FieldError, cx, inputClass } from './ui';

/**
 * A text field (a textarea with `rows`, else one line) with a live `n / max` counter that turns
 * red past the limit. Typing is never cut off at the limit (a pasted text stays whole and can be
 * shortened); the field is marked invalid instead and the server refuses it with the same count.
 */
export function CountedTextField({ label, name, value, onChange, max, count = countCharacters, placeholder, hint, errors, rows, required }: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  max: number;
  /** How the server counts this field (textCount.ts). */
  count?: TextCounter;
  placeholder?: string;
  hint?: string;
  errors?: string[];
  rows?: number;
  required?: boolean;
}) {
  const id = useId();
  const { n, over } = counterState(value, max, count);
  const invalid = Boolean(errors?.length) || over;
  const props = {
    id,
    name,
    value,
    placeholder,
    required,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': [`${id}-count`, errors?.length ? `${id}-err` : ''].filter(Boolean).join(' '),
    className: cx(inputClass, rows ? 'resize-y' : undefined, invalid && 'border-red-500'),
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      {rows ? <textarea rows={rows} {...props} onChange={(e) => onChange(e.target.value)} /> : <input type="text" {...props} onChange={(e) => onChange(e.target.value)} />}
      <div className="mt-1 flex items-start justify-between gap-3">
        <p className="text-xs text-stone-500">{hint}</p>
        <p id={`${id}-count`} className={cx('shrink-0 text-xs tabular-nums', over ? 'font-semibold text-red-700' : 'text-stone-500')} aria-live="polite">
          {COMMON.counter(n, max)}
        </p>
      </div>
      <FieldError errors={errors} id={`${id}-err`} />
    </div>
  );
}
