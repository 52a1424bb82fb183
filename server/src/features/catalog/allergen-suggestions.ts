import { ALLERGEN_CODES, suggestAllergenCodes, type AllergenSuggestionRow } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { allergensOf } from './product-content.js';

/**
 * Free-text allergen notes that name some of the 14 ("gluten, süt"): the owner sees what each
 * would become and converts the ones chosen. Nothing is rewritten without that choice. Every query
 * carries the owner id in its WHERE.
 */

const notes = (db: DB, userId: number) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', userId))
    .select(['p.id', 'p.name', 'p.allergen', 'p.allergens', 'c.name as category'])
    .where('p.user_id', '=', userId)
    .where('p.allergen', 'is not', null)
    .where('p.allergen', '<>', '');

/** The owner's products whose note names one of the 14, in menu order. */
export async function listAllergenSuggestions(db: DB, userId: number): Promise<AllergenSuggestionRow[]> {
  const rows = await notes(db, userId).orderBy('c.sort_order').orderBy('c.id').orderBy('p.sort_order').orderBy('p.id').execute();
  return rows.flatMap((r) => {
    const s = suggestAllergenCodes(r.allergen);
    return s ? [{ id: r.id, name: r.name, category: r.category, allergen: r.allergen!, allergens: allergensOf(r.allergens), codes: s.codes, rest: s.rest }] : [];
  });
}

export type ConvertResult = { kind: 'not-found' } | { kind: 'ok'; converted: Array<{ id: number; allergens: string[]; allergen: string | null }> };

/**
 * Converts the chosen products' notes: the named allergens join the product's codes, the rest of the
 * note stays as text (none left → no note). An id that is not the owner's → nothing changes.
 */
export async function applyAllergenSuggestions(db: DB, userId: number, ids: number[], now: string): Promise<ConvertResult> {
  const wanted = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom('products').select(['id', 'allergen', 'allergens']).where('user_id', '=', userId).where('id', 'in', wanted).execute();
    if (owned.length !== wanted.length) return { kind: 'not-found' } as const;
    const converted: Array<{ id: number; allergens: string[]; allergen: string | null }> = [];
    for (const p of owned) {
      const s = suggestAllergenCodes(p.allergen);
      if (!s) continue;
      const codes = new Set<string>([...allergensOf(p.allergens), ...s.codes]);
      const allergens = ALLERGEN_CODES.filter((c) => codes.has(c));
      const allergen = s.rest || null;
      await trx.updateTable('products').set({ allergens: allergens.join(','), allergen, updated_at: now }).where('id', '=', p.id).where('user_id', '=', userId).execute();
      converted.push({ id: p.id, allergens, allergen });
    }
    return { kind: 'ok', converted } as const;
  });
}
