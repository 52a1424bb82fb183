import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LANGUAGE_NATIVE_NAMES, LANGUAGE_TURKISH_NAMES, RTL_LANGUAGES, type BusinessTexts, type FieldErrors, type MenuLanguage, type TranslationItem, type TranslationText, type TranslationsResponse } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Button, Card, EmptyState, PageHeader, Spinner, TextAreaField, TextField, cx } from '../../components/ui';
import { TRANSLATIONS_TEXT as T } from '../../texts/translations';
import { toastResult } from './shared';

type Drafts = Record<string, TranslationText>;
const keyOf = (i: TranslationItem) => `${i.type}:${i.id}`;
const draftOf = (i: TranslationItem): TranslationText => ({
  name: i.translation?.name ?? '',
  description: i.translation?.description ?? '',
  variants: i.source.variants ? i.source.variants.map((_, n) => i.translation?.variants?.[n] ?? '') : undefined,
  allergen: i.source.allergen ? (i.translation?.allergen ?? '') : undefined,
});
const BUSINESS_FIELDS = [
  { key: 'about', label: T.about, max: 300, area: true },
  { key: 'service_note', label: T.serviceNote, max: 200, area: false },
  { key: 'wifi_name', label: T.wifiName, max: 64, area: false },
] as const;
const NO_TEXTS: BusinessTexts = { about: '', service_note: '', wifi_name: '' };

/** Çeviriler: the Turkish text beside an input per menu language, completeness, save. */
export default function Translations() {
  const [languages, setLanguages] = useState<MenuLanguage[] | null>(null);
  const [lang, setLang] = useState<MenuLanguage | null>(null);
  const [items, setItems] = useState<TranslationItem[]>([]);
  const [completeness, setCompleteness] = useState(0);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [business, setBusiness] = useState<BusinessTexts>(NO_TEXTS);
  const [businessDraft, setBusinessDraft] = useState<BusinessTexts>(NO_TEXTS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const apply = useCallback((res: TranslationsResponse) => {
    setLanguages(res.languages);
    setBusiness(res.business?.source ?? NO_TEXTS);
    setBusinessDraft(res.business?.translation ?? NO_TEXTS);
    setLang(res.lang);
    setItems(res.items);
    setCompleteness(res.completeness);
    setDrafts(Object.fromEntries(res.items.map((i) => [keyOf(i), draftOf(i)])));
  }, []);

  const load = useCallback(
    (code?: MenuLanguage) => {
      api
        .get(`/api/translations${code ? `?lang=${code}` : ''}`)
        .then((res) => {
          if (res.status === 200) apply(res as unknown as TranslationsResponse);
          else setLanguages([]);
        })
        .catch(() => undefined);
    },
    [apply],
  );
  useEffect(() => load(), [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!lang) return;
    setBusy(true);
    try {
      const res = await api.post('/api/translations', {
        lang,
        items: items.map((i) => ({ type: i.type, id: i.id, ...drafts[keyOf(i)] })),
        business: businessDraft,
      });
      setErrors(toastResult(res));
      if (res.status === 200) apply(res as unknown as TranslationsResponse);
    } catch {
      // transport errors are shown by the API client
    } finally {
      setBusy(false);
    }
  };

  if (languages === null) {
    return (
      <div>
        <PageHeader title={T.title} />
        <Spinner label={T.loading} />
      </div>
    );
  }
  if (languages.length === 0 || !lang) {
    return (
      <div>
        <PageHeader title={T.title} subtitle={T.subtitle} />
        <EmptyState
          title={T.noLanguages}
          text={T.noLanguagesHint}
          action={
            <Link to="/user/settings" className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {T.toSettings}
            </Link>
          }
        />
      </div>
    );
  }

  const dir = RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
  const set = (k: string, patch: Partial<TranslationText>) => setDrafts({ ...drafts, [k]: { ...drafts[k], ...patch } });
  const ownTexts = BUSINESS_FIELDS.filter((f) => business[f.key] !== '');

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <nav aria-label={T.languageTabs} className="mb-4 flex flex-wrap gap-2">
        {languages.map((code) => (
          <button
            key={code}
            type="button"
            onClick={() => load(code)}
            aria-current={code === lang ? 'page' : undefined}
            className={cx('min-h-10 rounded-lg border px-4 py-2 text-sm font-semibold', code === lang ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50')}
          >
            {LANGUAGE_TURKISH_NAMES[code]} ({LANGUAGE_NATIVE_NAMES[code]})
          </button>
        ))}
      </nav>
      <p className="mb-4 text-sm font-medium text-stone-700" data-testid="completeness">
        {LANGUAGE_TURKISH_NAMES[lang]}: {T.completeness(completeness)}
      </p>
      {items.length === 0 && ownTexts.length === 0 ? (
        <EmptyState title={T.empty} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          {ownTexts.length > 0 ? (
            <Card className="border-l-4 border-l-stone-500">
              <h2 className="text-sm font-semibold uppercase text-stone-500">{T.business}</h2>
              <p className="mt-1 text-sm text-stone-600">{T.businessHint}</p>
              <div className="mt-3 grid gap-4">
                {ownTexts.map((f) => {
                  const field = {
                    label: `${f.label} (${LANGUAGE_NATIVE_NAMES[lang]})`,
                    'aria-label': `${f.label} (${LANGUAGE_TURKISH_NAMES[lang]})`,
                    value: businessDraft[f.key],
                    maxLength: f.max,
                    errors: errors[`business.${f.key}`],
                  };
                  const change = (value: string) => setBusinessDraft({ ...businessDraft, [f.key]: value });
                  return (
                    <div key={f.key} className="grid gap-2 md:grid-cols-2 md:gap-4">
                      <div>
                        <p className="text-xs font-semibold uppercase text-stone-500">
                          {f.label} · {T.turkish}
                        </p>
                        <p className="mt-1 text-sm text-stone-900 [overflow-wrap:anywhere]" lang="tr">
                          {business[f.key]}
                        </p>
                      </div>
                      <div lang={lang} dir={dir}>
                        {f.area ? (
                          <TextAreaField {...field} rows={2} onChange={(e) => change(e.target.value)} />
                        ) : (
                          <TextField {...field} onChange={(e) => change(e.target.value)} />
                        )}
                      </div>
                    </div>
                  );
                })}
              </div>
            </Card>
          ) : null}
          {items.map((i, n) => {
            const k = keyOf(i);
            const d = drafts[k];
            return (
              <Card key={k} className={i.type === 'category' ? 'border-l-4 border-l-brand-600' : undefined}>
                <div className="grid gap-4 md:grid-cols-2">
                  <div>
                    <p className="text-xs font-semibold uppercase text-stone-500">
                      {i.type === 'category' ? T.category : T.product} · {T.turkish}
                    </p>
                    <p className="mt-1 font-semibold text-stone-900" lang="tr">{i.source.name}</p>
                    {i.source.description ? <p className="mt-1 text-sm text-stone-600" lang="tr">{i.source.description}</p> : null}
                  </div>
                  <div className="grid gap-3" lang={lang} dir={dir}>
                    <TextField label={`${T.name} (${LANGUAGE_NATIVE_NAMES[lang]})`} aria-label={`${i.source.name}: ${T.name} (${LANGUAGE_TURKISH_NAMES[lang]})`} value={d.name} maxLength={150} onChange={(e) => set(k, { name: e.target.value })} errors={errors[`items.${n}.name`]} />
                    <TextAreaField label={`${T.description} (${LANGUAGE_NATIVE_NAMES[lang]})`} rows={2} value={d.description} maxLength={1000} onChange={(e) => set(k, { description: e.target.value })} errors={errors[`items.${n}.description`]} />
                    {i.source.variants?.map((v, vi) => (
                      <TextField
                        key={vi}
                        label={T.portion(v)}
                        value={d.variants?.[vi] ?? ''}
                        maxLength={40}
                        onChange={(e) => set(k, { variants: (d.variants ?? []).map((x, xi) => (xi === vi ? e.target.value : x)) })}
                        errors={errors[`items.${n}.variants.${vi}`]}
                      />
                    ))}
                    {i.source.allergen !== undefined ? (
                      <TextField
                        label={`${T.allergen}: ${i.source.allergen}`}
                        aria-label={`${i.source.name}: ${T.allergen} (${LANGUAGE_TURKISH_NAMES[lang]})`}
                        value={d.allergen ?? ''}
                        maxLength={255}
                        onChange={(e) => set(k, { allergen: e.target.value })}
                        errors={errors[`items.${n}.allergen`]}
                      />
                    ) : null}
                  </div>
                </div>
              </Card>
            );
          })}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? T.saving : T.save}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
