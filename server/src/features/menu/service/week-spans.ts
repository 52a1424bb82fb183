import { rangeMinutes, WEEKDAYS, type Weekday, type WeekHours } from '@qrmenu/contract';

/**
 * The week arithmetic of weekly hours, shared by the business's open/closed line
 * (pages/open-state.ts) and the items' service hours (service-hours.ts): minutes from today's
 * midnight, in Türkiye's time.
 */

/** Minutes in a day. */
export const DAY = 1440;

/** ISO weekday (1 = Monday) `offset` days from `today`. */
export const weekdayAt = (today: number, offset: number): Weekday => WEEKDAYS[(((today - 1 + offset) % 7) + 7) % 7];

/**
 * Where `t` (minutes since today's midnight, with fractions) stands in `hours`: the opening
 * interval holding it, if any, and the next edge (its close, or the next opening; undefined when
 * nothing changes within the week ahead). Ranges from yesterday (they may run past midnight) to a
 * week ahead are merged first, so a close at midnight followed by a 00:00 opening is no edge.
 */
export function weekPosition(hours: WeekHours, today: number, t: number): { current?: [number, number]; edge?: number } {
  const spans: Array<[number, number]> = [];
  for (let offset = -1; offset <= 8; offset++) {
    for (const r of hours[weekdayAt(today, offset)] ?? []) {
      const [open, close] = rangeMinutes(r);
      spans.push([offset * DAY + open, offset * DAY + close]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([s[0], s[1]]);
  }
  const current = merged.find(([a, b]) => a <= t && t < b);
  return { current, edge: current ? current[1] : merged.find(([a]) => a > t)?.[0] };
}
