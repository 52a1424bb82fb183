import { forwardRef, useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** Shared building blocks: one look for every screen. */

export function cx(...parts: Array<string | false | null | undefined>) {
  return parts.filter(Boolean).join(' ');
}

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-60',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60',
  ghost: 'text-stone-700 hover:bg-stone-100',
};

export function Button({ variant = 'primary', className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      {...props}
      className={cx('inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition disabled:cursor-not-allowed', VARIANTS[variant], className)}
    />
  );
}

export const inputClass =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 sm:text-sm';

/** Field errors of one field, in red under it (server `errors` are arrays of strings). */
export function FieldError({ errors, id }: { errors?: string[] | string; id?: string }) {
  if (!errors || errors.length === 0) return null;
  const list = Array.isArray(errors) ? errors : [errors];
  return (
    <p id={id} className="mt-1 text-sm text-red-600" role="alert">
      {list.join(' ')}
    </p>
  );
}

interface FieldProps {
  label: ReactNode;
  required?: boolean;
  errors?: string[] | string;
  hint?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(function TextField(
  { label, required, errors, hint, className, id, ...props },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      <input ref={ref} id={inputId} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${inputId}-err` : undefined} className={cx(inputClass, errors && 'border-red-500')} {...props} />
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
      <FieldError errors={errors} id={`${inputId}-err`} />
    </div>
  );
});

export function TextAreaField({ label, required, errors, hint, className, id, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      <textarea id={inputId} rows={3} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${inputId}-err` : undefined} className={cx(inputClass, errors && 'border-red-500')} {...props} />
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
      <FieldError errors={errors} id={`${inputId}-err`} />
    </div>
  );
}

export function SelectField({ label, required, errors, hint, className, id, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      <select id={inputId} aria-invalid={errors ? true : undefined} aria-describedby={errors ? `${inputId}-err` : undefined} className={cx(inputClass, errors && 'border-red-500')} {...props}>
        {children}
      </select>
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
      <FieldError errors={errors} id={`${inputId}-err`} />
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <div className="flex items-center gap-3 py-8 text-stone-500" role="status">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-stone-300 border-t-brand-700" aria-hidden />
      <span>{label ?? 'Yükleniyor…'}</span>
    </div>
  );
}

export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx('rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6', className)}>{children}</div>;
}

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-stone-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
      <p className="font-semibold text-stone-800">{title}</p>
      {text ? <p className="mx-auto mt-1 max-w-md text-sm text-stone-600">{text}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

export function Badge({ tone = 'stone', children }: { tone?: 'green' | 'stone' | 'red' | 'amber' | 'blue'; children: ReactNode }) {
  const tones = {
    green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
    stone: 'bg-stone-100 text-stone-700 ring-stone-500/20',
    red: 'bg-red-50 text-red-700 ring-red-600/20',
    amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
    blue: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  } as const;
  return <span className={cx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone])}>{children}</span>;
}

/** Accessible modal dialog with an X close button. */
export function Modal({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  if (!open) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop is a mouse shortcut; keyboard users close with the labelled X button
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-stone-900/50 p-0 sm:items-center sm:p-4" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label={title} className="max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:max-w-lg sm:rounded-2xl">
        <div className="sticky top-0 flex items-center justify-between border-b border-stone-200 bg-white px-5 py-4">
          <h2 className="text-lg font-semibold">{title}</h2>
          <button type="button" onClick={onClose} aria-label="Kapat" className="rounded-lg p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800">
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="px-5 py-4">{children}</div>
      </div>
    </div>
  );
}

/** Upload progress bar (photos). */
export function Progress({ value, label }: { value: number; label?: string }) {
  return (
    <div className="mt-2" role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} aria-label={label ?? 'Yükleme'}>
      <div className="h-2 overflow-hidden rounded-full bg-stone-200">
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${value}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-600">{label ?? 'Yükleniyor'} %{value}</p>
    </div>
  );
}
