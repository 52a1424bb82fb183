import { TextField } from '../../components/ui';
import { SERVICE_TEXT as T } from '../../texts/service-hours';
import { HoursEditor } from './HoursEditor';
import { applyPreset, PRESETS, type HappyDraft, type Preset, type ServiceDraft } from './serviceDraft';

const presetButton = 'inline-flex min-h-9 items-center rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50';

function Presets({ onPick }: { onPick: (p: Preset) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={T.presets}>
      <span className="text-sm text-stone-600">{T.presets}:</span>
      {(Object.keys(PRESETS) as Preset[]).map((p) => (
        <button key={p} type="button" className={presetButton} onClick={() => onPick(p)}>
          {T[p]}
        </button>
      ))}
    </div>
  );
}

/**
 * "Servis saatleri" of a category or product form: the days and ranges it is served (quick presets
 * Hafta içi / Hafta sonu / Her gün), and whether it is hidden or shown greyed outside them.
 */
export function ServiceHoursSection({ value, onChange, errors, hint }: { value: ServiceDraft; onChange: (d: ServiceDraft) => void; errors?: { hours?: string[]; outside?: string[] }; hint: string }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-stone-200 p-4">
      <legend className="px-1 text-sm font-semibold text-stone-900">{T.section}</legend>
      <p className="text-sm text-stone-600">{hint}</p>
      <Presets onPick={(p) => onChange({ ...value, hours: applyPreset(value.hours, p) })} />
      <HoursEditor value={value.hours} onChange={(hours) => onChange({ ...value, hours })} errors={errors?.hours} texts={T.editor} />
      {value.hours ? (
        <div role="radiogroup" aria-label={T.outside} className="space-y-1">
          <p className="text-sm font-medium text-stone-900">{T.outside}</p>
          {(['hide', 'show'] as const).map((o) => (
            <label key={o} className="flex items-center gap-2 text-sm text-stone-800">
              <input type="radio" name="service_outside" value={o} checked={value.outside === o} onChange={() => onChange({ ...value, outside: o })} className="h-4 w-4 accent-brand-700" />
              {o === 'hide' ? T.outsideHide : T.outsideShow}
            </label>
          ))}
          {errors?.outside ? <p className="text-sm text-red-700">{errors.outside[0]}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/** "Happy hour" of the product form: its days and ranges and the price in them. */
export function HappyHourSection({ value, onChange, errors }: { value: HappyDraft; onChange: (d: HappyDraft) => void; errors?: string[] }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-stone-200 p-4">
      <legend className="px-1 text-sm font-semibold text-stone-900">{T.happy}</legend>
      <p className="text-sm text-stone-600">{T.happyHint}</p>
      {value.hours ? (
        <>
          <Presets onPick={(p) => onChange({ ...value, hours: applyPreset(value.hours, p) })} />
          <HoursEditor value={value.hours} onChange={(hours) => onChange({ ...value, hours })} texts={{ ...T.editor, clear: T.happyRemove }} />
          <TextField label={T.happyPrice} name="happy_hour_price" inputMode="decimal" value={value.price} onChange={(e) => onChange({ ...value, price: e.target.value })} errors={errors} />
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-stone-600">{T.happyNone}</p>
          <button type="button" className={presetButton} onClick={() => onChange({ ...value, hours: applyPreset(null, 'everyDay').map((d) => ({ ...d, ranges: [['17:00', '19:00']] })) })}>
            {T.happyAdd}
          </button>
          {errors ? <p className="w-full text-sm text-red-700">{errors[0]}</p> : null}
        </div>
      )}
    </fieldset>
  );
}
