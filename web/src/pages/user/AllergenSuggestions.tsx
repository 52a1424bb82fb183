import { useEffect, useState } from 'react';
import { ALLERGENS, type AllergenSuggestionRow } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Button } from '../../components/ui';
import { notify } from '../../components/notify';
import { ALLERGEN_SUGGESTION_TEXT as S } from '../../texts/content';
import { USER_TOAST } from '../../texts/user';
import { toastResult } from './shared';
import type { Answer, allergenSuggestionsResponseSchema } from '@qrmenu/contract';

/**
 * Products whose free-text allergen note names one of the 14 ("gluten, süt"): what each would
 * become, a checkbox per product (all chosen at first) and one button. Nothing changes until the
 * owner presses it; then the list reloads and `onConverted` refreshes the products.
 */
export function AllergenSuggestions({ onConverted }: { onConverted: () => void }) {
  const [rows, setRows] = useState<AllergenSuggestionRow[]>([]);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const load = () =>
    api
      .get<Answer<typeof allergenSuggestionsResponseSchema>>('/api/allergen-suggestions')
      .then((res) => {
        if (res.status !== 200) return;
        setRows(res.suggestions);
        setChosen(new Set(res.suggestions.map((s) => s.id)));
      })
      .catch(() => undefined);
  useEffect(() => void load(), []);
  if (rows.length === 0) return null;

  const toggle = (id: number, on: boolean) => setChosen((c) => new Set(on ? [...c, id] : [...c].filter((x) => x !== id)));
  const apply = async () => {
    if (chosen.size === 0) return notify.warning(USER_TOAST.warning, S.noneChosen);
    setBusy(true);
    const res = await api.post('/api/apply-allergen-suggestions', { ids: [...chosen] }).catch(() => null);
    setBusy(false);
    if (!res) return notify.error(USER_TOAST.error);
    toastResult(res);
    if (res.status === 200) {
      await load();
      onConverted();
    }
  };
  return (
    <section className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4" aria-labelledby="allergen-suggestions-title" data-testid="allergen-suggestions">
      <h2 id="allergen-suggestions-title" className="text-base font-semibold text-stone-900">{S.title}</h2>
      <p className="mt-1 text-sm text-stone-700">{S.intro(rows.length)}</p>
      <ul className="mt-3 space-y-2">
        {rows.map((r) => (
          <li key={r.id} className="rounded-lg bg-white p-3 text-sm shadow-sm">
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                checked={chosen.has(r.id)}
                onChange={(e) => toggle(r.id, e.target.checked)}
                aria-label={S.choose(r.name)}
              />
              <span className="min-w-0">
                <span className="block font-medium text-stone-900">
                  {r.name} <span className="font-normal text-stone-500">· {r.category}</span>
                </span>
                <span className="block text-stone-600">{S.note}: “{r.allergen}”</span>
                <span className="block text-stone-800">{S.becomes}: {r.codes.map((c) => ALLERGENS[c]).join(', ')}</span>
                <span className="block text-stone-600">{r.rest ? `${S.rest}: “${r.rest}”` : S.nothingLeft}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <Button className="mt-3" onClick={() => void apply()} disabled={busy}>
        {busy ? S.applying : S.apply(chosen.size)}
      </Button>
    </section>
  );
}
