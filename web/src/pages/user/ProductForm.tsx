import { useEffect, useState, type FormEvent } from 'react';
import { formatPrice, gramRequiredTerm, type FieldErrors } from '@qrmenu/contract';
import { api, assetUrl, type ApiBody } from '../../api/client';
import { ImageInput } from '../../components/ImageInput';
import { CountedTextField } from '../../components/CountedTextField';
import { countUnits } from '../../components/textCount';
import { Button, FieldError, inputClass, SelectField, TextField } from '../../components/ui';
import { PRODUCT_CONTENT_TEXT as C, SOLD_OUT_TEXT } from '../../texts/content';
import { PRODUCT_TEXT as T, STATUS_TEXT, USER_TOAST } from '../../texts/user';
import { notify } from '../../components/notify';
import type { MenuProduct } from './content';
import { AllergenChecks, LabelChecks, PortionsEditor, UnitSelect } from './ProductExtras';
import { amountText, amountToSend, portionDrafts, portionsToSend, priceText } from './productPrices';
import { AMOUNT_TEXT as A } from '../../texts/price-list';
import { toastResult } from './shared';
import type { ReferencePriceResponse } from '@qrmenu/contract';
import { HappyHourSection, ServiceHoursSection } from './ServiceHours';
import { happyDraft, happyField, serviceDraft, serviceFields } from './serviceDraft';
import { SERVICE_TEXT } from '../../texts/service-hours';

/** The server's limit of a product's description (contract: `optionalText(1000)`, counted as zod counts). */
const PRODUCT_DESCRIPTION_MAX = 1000;

/**
 * Product form (add modal and edit page): category (Kategori Seç), Ürün Adı, Açıklama, Satış
 * Fiyatı, the price before a discount, allergen text, allergens and labels (checkboxes), portions,
 * photo, status Aktif (1) / Pasif (0), Tükendi. Optional text fields are sent only when non-empty,
 * the image only when chosen (spec §5); allergens, labels, portions and Tükendi always (empty = none).
 */
export function ProductForm({ categories, initial, url, submitLabel, thumbSize, onDone }: {
  categories: Array<{ id: number; name: string }>;
  initial?: MenuProduct;
  url: string;
  submitLabel: string;
  thumbSize?: number;
  onDone: (res: ApiBody) => void;
}) {
  const [form, setForm] = useState({
    category_id: initial ? String(initial.category_id) : '',
    name: initial?.name ?? '',
    description: initial?.description ?? '',
    selling_price: priceText(initial?.selling_price),
    original_price: priceText(initial?.original_price),
    allergen: initial?.allergen ?? '',
    status: initial?.status ?? '1',
    amount: amountText(initial?.amount),
    amount_unit: initial?.amount_unit ?? '',
  });
  // the lowest price of the 30 days before the campaign: the highest "was" price the law allows
  const [lowest, setLowest] = useState<number | null>(null);
  useEffect(() => {
    if (!initial) return;
    api
      .get<ReferencePriceResponse>(`/api/price-list/reference-price/${initial.id}`, { quiet: true })
      .then((res) => setLowest(res.status === 200 && typeof res.lowest === 'number' ? res.lowest : null))
      .catch(() => undefined);
  }, [initial]);
  const was = Number(form.original_price.trim().replace(',', '.'));
  const wasTooHigh = lowest != null && form.original_price.trim() !== '' && Number.isFinite(was) && was > lowest;
  const needsGrams = gramRequiredTerm(form.name) != null && form.amount_unit !== 'g' && form.amount_unit !== 'kg';
  const [allergens, setAllergens] = useState<string[]>(initial?.allergens ?? []);
  const [labels, setLabels] = useState<string[]>(initial?.labels ?? []);
  const [portions, setPortions] = useState(() => portionDrafts(initial?.variants));
  const [soldOut, setSoldOut] = useState(initial?.sold_out === '1');
  const [service, setService] = useState(() => serviceDraft(initial?.service_hours, initial?.service_outside));
  const [happy, setHappy] = useState(() => happyDraft(initial?.happy_hour));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [compressing, setCompressing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = portionsToSend(portions);
    if ('error' in sent) {
      setErrors({ variants: [sent.error] });
      notify.error(USER_TOAST.error, sent.error);
      return;
    }
    const amount = amountToSend(form.amount, form.amount_unit);
    if ('error' in amount) {
      setErrors({ amount: [amount.error] });
      notify.error(USER_TOAST.error, amount.error);
      return;
    }
    const data = new FormData();
    data.append('category_id', form.category_id);
    data.append('amount', amount.amount == null ? '' : String(amount.amount));
    data.append('amount_unit', amount.unit ?? '');
    data.append('name', form.name);
    for (const k of ['description', 'selling_price', 'original_price', 'allergen'] as const) {
      if (form[k].trim()) data.append(k, form[k].trim());
    }
    data.append('status', form.status);
    data.append('allergens', allergens.join(','));
    data.append('labels', labels.join(','));
    data.append('variants', JSON.stringify(sent.variants));
    data.append('sold_out', soldOut ? '1' : '0');
    for (const [k, v] of Object.entries(serviceFields(service))) data.append(k, v);
    // a happy-hour price is for a single price: with portions it is not sent (cleared)
    data.append('happy_hour', sent.variants.length ? '' : happyField(happy));
    if (file) data.append('image', file, file.name);
    setBusy(true);
    setProgress(file ? 0 : null);
    try {
      const res = await api.upload(url, data, { onProgress: file ? setProgress : undefined });
      setErrors(toastResult(res));
      if (res.status === 200 || res.status === 404) onDone(res);
    } catch {
      // transport errors are shown by the API client
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <SelectField label={T.category} required name="category_id" value={form.category_id} onChange={set('category_id')} errors={errors.category_id}>
        <option value="">{T.categoryPlaceholder}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField label={T.name} required name="name" value={form.name} maxLength={150} onChange={set('name')} errors={errors.name} />
      <CountedTextField
        label={T.description}
        name="description"
        rows={3}
        value={form.description}
        max={PRODUCT_DESCRIPTION_MAX}
        count={countUnits}
        onChange={(description) => setForm({ ...form, description })}
        errors={errors.description}
      />
      <TextField
        label={T.price}
        name="selling_price"
        inputMode="decimal"
        placeholder={T.pricePlaceholder}
        value={form.selling_price}
        onChange={set('selling_price')}
        errors={errors.selling_price}
        hint={C.priceOptional}
      />
      <TextField
        label={C.originalPrice}
        name="original_price"
        inputMode="decimal"
        placeholder={T.pricePlaceholder}
        value={form.original_price}
        onChange={set('original_price')}
        errors={errors.original_price}
        hint={C.originalPriceHint}
      />
      {wasTooHigh ? (
        <div role="status" className="-mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="was-price-warning">
          <p>{A.wasTooHigh(formatPrice(lowest))}</p>
          <Button variant="secondary" className="mt-2 min-h-9 px-3 py-1.5" onClick={() => setForm({ ...form, original_price: priceText(lowest) })}>
            {A.takeLowest(formatPrice(lowest))}
          </Button>
        </div>
      ) : null}
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-stone-700">{A.label}</legend>
        <p className="mb-2 text-xs text-stone-500">{A.hint}</p>
        <div className="grid grid-cols-2 gap-2">
          <input name="amount" aria-label={A.label} inputMode="decimal" placeholder="250" value={form.amount} onChange={set('amount')} className={inputClass} />
          <UnitSelect label={A.unit} value={form.amount_unit} onChange={(v) => setForm({ ...form, amount_unit: v })} />
        </div>
        {needsGrams ? <p className="mt-1 text-sm text-amber-800">{A.gramRequired}</p> : null}
        <FieldError errors={errors.amount ?? errors.amount_unit} />
      </fieldset>
      <PortionsEditor value={portions} onChange={setPortions} errors={errors.variants} />
      {/* one place for allergens: the 14 coded ones, then anything else as text (one "İçerir" line on the menu) */}
      <AllergenChecks value={allergens} onChange={setAllergens} errors={errors.allergens} />
      <TextField
        label={C.otherAllergens}
        placeholder={T.allergen}
        name="allergen"
        value={form.allergen}
        maxLength={255}
        onChange={set('allergen')}
        errors={errors.allergen}
        hint={C.otherAllergensHint}
      />
      <LabelChecks value={labels} onChange={setLabels} errors={errors.labels} />
      <ImageInput
        label={T.image}
        value={file}
        onChange={setFile}
        currentUrl={initial?.image ? assetUrl(initial.image) : undefined}
        currentLabel={initial ? `${T.currentImage}: ${initial.name}` : undefined}
        thumbSize={thumbSize}
        errors={errors.image}
        progress={progress}
        onBusy={setCompressing}
      />
      <SelectField label={T.status} required name="status" value={form.status} onChange={set('status')} errors={errors.status}>
        <option value="1">{STATUS_TEXT.active}</option>
        <option value="0">{STATUS_TEXT.passive}</option>
      </SelectField>
      <label className="flex items-start gap-2 text-sm text-stone-800">
        <input type="checkbox" name="sold_out" checked={soldOut} onChange={(e) => setSoldOut(e.target.checked)} className="mt-0.5 h-4 w-4 rounded border-stone-300 accent-brand-700" />
        <span className="font-medium">
          {SOLD_OUT_TEXT.form}
          <span className="block text-xs font-normal text-stone-500">{SOLD_OUT_TEXT.formHint}</span>
        </span>
      </label>
      <ServiceHoursSection value={service} onChange={setService} hint={SERVICE_TEXT.productHint} errors={{ hours: errors.service_hours, outside: errors.service_outside }} />
      {portions.length === 0 ? <HappyHourSection value={happy} onChange={setHappy} errors={errors.happy_hour} /> : null}
      <Button type="submit" disabled={busy || compressing} className="w-full sm:w-auto">
        {busy ? T.saving : submitLabel}
      </Button>
    </form>
  );
}
