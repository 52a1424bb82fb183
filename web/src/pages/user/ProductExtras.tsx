import { ALLERGEN_CODES, ALLERGENS, AMOUNT_UNITS, LABEL_CODES, LABELS, MAX_VARIANTS } from '@qrmenu/contract';
import { askDelete } from '../../components/confirm';
import { portionQuestion } from '../../components/deleteQuestions';
import { AMOUNT_TEXT as A } from '../../texts/price-list';
import type { PortionDraft } from './productPrices';
import { Button, FieldError, inputClass, cx } from '../../components/ui';
import { PRODUCT_CONTENT_TEXT as C } from '../../texts/content';

/** A set of checkboxes (allergens or labels) with their Turkish names. */
export function CodeChecks({ legend, hint, codes, names, value, onChange, errors, name }: {
  legend: string;
  hint?: string;
  codes: readonly string[];
  names: Record<string, string>;
  value: string[];
  onChange: (v: string[]) => void;
  errors?: string[];
  name: string;
}) {
  const toggle = (code: string, on: boolean) => onChange(on ? codes.filter((c) => c === code || value.includes(c)) : value.filter((c) => c !== code));
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-stone-700">{legend}</legend>
      {hint ? <p className="mb-2 text-xs text-stone-500">{hint}</p> : null}
      <div className="grid grid-cols-2 gap-x-3 gap-y-1">
        {codes.map((code) => (
          <label key={code} className="flex min-h-9 items-center gap-2 text-sm leading-tight text-stone-800">
            <input type="checkbox" name={name} value={code} checked={value.includes(code)} onChange={(e) => toggle(code, e.target.checked)} className="h-4 w-4 shrink-0 rounded border-stone-300 accent-brand-700" />
            {names[code]}
          </label>
        ))}
      </div>
      <FieldError errors={errors} />
    </fieldset>
  );
}

export const AllergenChecks = (p: { value: string[]; onChange: (v: string[]) => void; errors?: string[] }) => (
  <CodeChecks legend={C.allergens} hint={C.allergensHint} codes={ALLERGEN_CODES} names={ALLERGENS} name="allergens" {...p} />
);
export const LabelChecks = (p: { value: string[]; onChange: (v: string[]) => void; errors?: string[] }) => (
  <CodeChecks legend={C.labels} codes={LABEL_CODES} names={LABELS} name="labels" {...p} />
);

/** The unit choices (g, kg, ml, cl, L, adet, porsiyon). */
export function UnitSelect({ value, onChange, label, id }: { value: string; onChange: (v: string) => void; label: string; id?: string }) {
  return (
    <select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
      <option value="">{A.unitNone}</option>
      {AMOUNT_UNITS.map((u) => (
        <option key={u} value={u}>
          {u}
        </option>
      ))}
    </select>
  );
}

/** Up to MAX_VARIANTS name + price rows, added and removed with buttons. */
export function PortionsEditor({ value, onChange, errors }: { value: PortionDraft[]; onChange: (v: PortionDraft[]) => void; errors?: string[] }) {
  const set = (i: number, k: keyof PortionDraft, v: string) => onChange(value.map((d, j) => (j === i ? { ...d, [k]: v } : d)));
  // a filled-in row is removed only after the question naming it; an empty one goes at once
  const remove = async (i: number) => {
    const question = portionQuestion(value[i], i);
    if (question && !(await askDelete(question))) return;
    onChange(value.filter((_, j) => j !== i));
  };
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-stone-700">{C.portions}</legend>
      <p className="mb-2 text-xs text-stone-500">{C.portionsHint}</p>
      <div className="space-y-2">
        {value.map((d, i) => (
          <div key={i} className="grid grid-cols-[minmax(0,1fr)_6.5rem_auto] items-center gap-2">
            <input aria-label={C.portionName(i + 1)} placeholder={C.portionNamePlaceholder} maxLength={40} value={d.name} onChange={(e) => set(i, 'name', e.target.value)} className={inputClass} />
            <input aria-label={C.portionPrice(i + 1)} placeholder={C.portionPricePlaceholder} inputMode="decimal" value={d.price} onChange={(e) => set(i, 'price', e.target.value)} className={cx(inputClass, 'tabular-nums')} />
            <Button variant="ghost" className="min-h-9 px-2 py-1.5 text-red-700" aria-label={C.removePortion(i + 1)} title={C.removePortion(i + 1)} onClick={() => void remove(i)}>
              {C.remove}
            </Button>
            <div className="col-span-2 grid grid-cols-2 gap-2">
              <input aria-label={A.portionAmountLabel(i + 1)} placeholder={A.portionAmount} inputMode="decimal" value={d.amount ?? ''} onChange={(e) => set(i, 'amount', e.target.value)} className={cx(inputClass, 'tabular-nums')} />
              <UnitSelect label={A.portionUnitLabel(i + 1)} value={d.unit ?? ''} onChange={(v) => set(i, 'unit', v)} />
            </div>
          </div>
        ))}
      </div>
      {value.length < MAX_VARIANTS ? (
        <Button variant="secondary" className="mt-2 min-h-9 px-3 py-1.5" onClick={() => onChange([...value, { name: '', price: '', amount: '', unit: '' }])}>
          + {C.addPortion}
        </Button>
      ) : (
        <p className="mt-2 text-xs text-stone-500">{C.maxPortions(MAX_VARIANTS)}</p>
      )}
      <FieldError errors={errors} />
    </fieldset>
  );
}
