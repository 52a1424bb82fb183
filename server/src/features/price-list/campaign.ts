import type { Selectable } from 'kysely';
import { CAMPAIGN_REFERENCE_DAYS } from '@qrmenu/contract';
import type { PriceHistoryTable } from '../../platform/db/schema.js';

/** The campaign rule: a struck-through "was" price may not be above the lowest price of the 30 days before the campaign began. */

/** A product's price change as price_history stores it (the Kysely schema's row). */
export type HistoryRow = Pick<Selectable<PriceHistoryTable>, 'old_selling' | 'new_selling' | 'old_original' | 'new_original' | 'created_at'>;

const DAY = 24 * 60 * 60 * 1000;

/**
 * When the running campaign began: the change that first gave the product its current "was"
 * price run (from no original price to one). Null when the history does not show it (a product
 * created on campaign, before any change was recorded).
 */
export function campaignStart(rows: HistoryRow[]): string | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i];
    if (r.new_original == null) return null;
    if (r.old_original == null) return r.created_at;
  }
  return null;
}

/**
 * The lowest selling price (kuruş) in effect during the `days` before `start`: the price at the
 * window's start and every price set within it. `current` when no change was ever recorded.
 */
export function lowestBefore(rows: HistoryRow[], start: string, current: number | null, days = CAMPAIGN_REFERENCE_DAYS): number | null {
  if (rows.length === 0) return current;
  const from = new Date(new Date(start).getTime() - days * DAY).toISOString();
  const prices: number[] = [];
  const before = rows.filter((r) => r.created_at <= from);
  const atFrom = before.length ? before[before.length - 1].new_selling : rows.find((r) => r.created_at > from)?.old_selling;
  if (atFrom != null) prices.push(atFrom);
  for (const r of rows) {
    if (r.created_at <= from || r.created_at > start) continue;
    // the change at `start` itself set the campaign price: the price before it counts, not the new one
    if (r.created_at === start) {
      if (r.old_selling != null) prices.push(r.old_selling);
    } else if (r.new_selling != null) prices.push(r.new_selling);
  }
  return prices.length ? Math.min(...prices) : current;
}
