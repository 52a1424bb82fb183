import { useState } from 'react';
import { HOURS_MAX_RANGES } from '@qrmenu/contract';
import { FieldError, cx, inputClass } from '../../components/ui';
import { HOURS_TEXT as T } from '../../texts/branding';
import { addRange, copyMonday, emptyWeek, isTime, normalizeTime, rangeKind, removeSecondRange, setDay, setRangeTime, toggleDay, type DayDraft, type WeekDraft } from './hoursDraft';

const rangeNote = (r: [string, string], T: HoursTexts) => {
  const kind = rangeKind(r);
  return kind ? T[kind] : null;
};

/**
 * A 24-hour `SS:DD` field. A text field rather than `type="time"`: that one follows the browser's
 * language (AM/PM on an English phone) and is too wide for two ranges on a phone.
 */
function TimeInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [editing, setEditing] = useState(false);
  const invalid = !editing && !isTime(value);
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      placeholder={T.timePlaceholder}
      aria-label={label}
      value={value}
      onFocus={() => setEditing(true)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => {
        setEditing(false);
        const t = normalizeTime(value);
        if (t && t !== value) onChange(t);
      }}
      aria-invalid={invalid || undefined}
      className={cx(inputClass, 'min-w-0 px-2 text-center tabular-nums sm:text-sm', invalid && 'border-red-500')}
    />
  );
}

/** The words of the editor (the business's opening hours by default; service hours pass their own). */
export type HoursTexts = { [K in keyof typeof T]: (typeof T)[K] extends string ? string : (typeof T)[K] extends readonly string[] ? readonly string[] : (typeof T)[K] };

function DayRow({ index, day, onChange, T }: { index: number; day: DayDraft; onChange: (d: DayDraft) => void; T: HoursTexts }) {
  const name = T.days[index];
  const setRange = (i: number, part: 0 | 1, v: string) => onChange(setRangeTime(day, i, part, v));
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[8rem_7rem_minmax(0,1fr)] sm:items-center sm:gap-4" data-testid={`hours-day-${index + 1}`}>
      <div className="flex items-center justify-between gap-3 sm:contents">
        <span className="font-medium text-stone-900">{name}</span>
        <button
          type="button"
          role="switch"
          aria-checked={day.open}
          aria-label={T.openToggle(name)}
          onClick={() => onChange(toggleDay(day))}
          className="group inline-flex min-h-10 items-center gap-2 rounded-lg text-sm"
        >
          <span
            aria-hidden
            className={cx(
              'relative h-6 w-11 shrink-0 rounded-full transition after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition',
              day.open ? 'bg-emerald-600 after:translate-x-5' : 'bg-stone-300',
            )}
          />
          <span aria-hidden className={cx('w-12 text-left', day.open ? 'text-emerald-700' : 'text-stone-500')}>
            {day.open ? T.open : T.closed}
          </span>
        </button>
      </div>
      {day.open ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {day.ranges.map((r, i) => (
            <div key={i} className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 sm:w-auto">
              <div
                className={cx(
                  'grid w-full items-center gap-2 sm:w-auto sm:grid-cols-[5.5rem_auto_5.5rem_2.25rem]',
                  i === 1 ? 'grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_2.25rem]' : 'grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]',
                )}
              >
                <TimeInput label={T.from(name, i + 1)} value={r[0]} onChange={(v) => setRange(i, 0, v)} />
                <span aria-hidden className="text-stone-400">
                  –
                </span>
                <TimeInput label={T.to(name, i + 1)} value={r[1]} onChange={(v) => setRange(i, 1, v)} />
                {i === 1 ? (
                  <button
                    type="button"
                    onClick={() => onChange(removeSecondRange(day))}
                    aria-label={T.removeRange(name)}
                    title={T.removeRange(name)}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-800"
                  >
                    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
                      <path d="M6 6l12 12M18 6L6 18" />
                    </svg>
                  </button>
                ) : (
                  <span className="hidden sm:block" />
                )}
              </div>
              {rangeNote(r, T) ? <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-indigo-700 ring-1 ring-indigo-600/20 ring-inset">{rangeNote(r, T)}</span> : null}
            </div>
          ))}
          {day.ranges.length < HOURS_MAX_RANGES ? (
            <button
              type="button"
              onClick={() => onChange(addRange(day))}
              aria-label={T.addRangeFor(name)}
              className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              <span aria-hidden>+</span> {T.addRange}
            </button>
          ) : null}
        </div>
      ) : (
        // the switch already says Kapalı on a phone
        <p className="hidden text-sm text-stone-500 sm:block sm:py-2">{T.closed}</p>
      )}
    </li>
  );
}

/**
 * The weekly hours: per day closed or one or two ranges, "Pazartesiyi tüm günlere kopyala".
 * `value` null means no hours were given (the menu shows none); the owner can add them.
 */
export function HoursEditor({ value, onChange, errors, onCopied, texts = T }: { value: WeekDraft | null; onChange: (w: WeekDraft | null) => void; errors?: string[]; onCopied?: () => void; texts?: HoursTexts }) {
  return <Editor value={value} onChange={onChange} errors={errors} onCopied={onCopied} T={texts} />;
}

function Editor({ value, onChange, errors, onCopied, T }: { value: WeekDraft | null; onChange: (w: WeekDraft | null) => void; errors?: string[]; onCopied?: () => void; T: HoursTexts }) {
  if (!value) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center">
        <p className="text-sm text-stone-600">{T.notSet}</p>
        <button
          type="button"
          onClick={() => onChange(emptyWeek())}
          className="mt-3 inline-flex min-h-10 items-center rounded-lg bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
        >
          {T.notSetButton}
        </button>
        <FieldError errors={errors} />
      </div>
    );
  }
  const copy = () => {
    onChange(copyMonday(value));
    onCopied?.();
  };
  return (
    <div>
      <ul className="divide-y divide-stone-100">
        {value.map((day, i) => (
          <DayRow key={i} index={i} day={day} T={T} onChange={(d) => onChange(setDay(value, i, d))} />
        ))}
      </ul>
      <FieldError errors={errors} />
      <div className="mt-3 flex flex-wrap gap-2 border-t border-stone-100 pt-4">
        <button
          type="button"
          onClick={copy}
          className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <rect x="9" y="9" width="11" height="11" rx="2" />
            <path d="M5 15V6a2 2 0 0 1 2-2h9" />
          </svg>
          {T.copyMonday}
        </button>
        <button type="button" onClick={() => onChange(null)} className="inline-flex min-h-10 items-center rounded-lg px-4 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
          {T.clear}
        </button>
      </div>
    </div>
  );
}
