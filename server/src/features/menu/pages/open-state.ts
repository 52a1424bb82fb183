import { rangeMinutes, WEEKDAYS, type Weekday, type WeekHours } from '@qrmenu/contract';

/**
 * Whether a business is open at an instant, from its weekly hours, in Türkiye's time
 * (Europe/Istanbul: UTC+3 all year, no daylight saving since 2016, as `istanbulDay` assumes).
 */
export const ISTANBUL_OFFSET_MS = 3 * 3_600_000;
const DAY = 1440;
const MINUTE_MS = 60_000;

export interface OpenState {
  open: boolean;
  /**
   * The next opening (when closed) or closing (when open): its time as shown (`HH:MM`, a close at
   * midnight `24:00`), its weekday, how many calendar days from today, and the instant (ms).
   * Undefined when it never changes (open around the clock, or closed every day).
   */
  next?: { time: string; weekday: Weekday; days: number; at: number };
  /** When this state's words stop being true: the change, or the midnight before it when it is still two or more days away (the words name its day until the day before). */
  validUntil: number;
}

const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** ISO weekday (1 = Monday) `offset` days from `today`. */
const weekdayAt = (today: number, offset: number) => WEEKDAYS[(((today - 1 + offset) % 7) + 7) % 7];

export function openState(hours: WeekHours, now: number): OpenState {
  const local = new Date(now + ISTANBUL_OFFSET_MS);
  const today = ((local.getUTCDay() + 6) % 7) + 1;
  const midnight = now - (local.getUTCHours() * 60 + local.getUTCMinutes()) * MINUTE_MS - local.getUTCSeconds() * 1000 - local.getUTCMilliseconds();
  const t = (now - midnight) / MINUTE_MS; // minutes since today's midnight (with fractions)

  // opening intervals from yesterday (its ranges may run past midnight) to a week ahead, merged
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
  const change = current ? current[1] : merged.find(([a]) => a > t)?.[0];
  // no change within a week: always open (or never)
  if (change === undefined || change - t > 7 * DAY) return { open: Boolean(current), validUntil: Infinity };

  // a close at midnight is that day's 24:00
  const closeAtMidnight = Boolean(current) && change % DAY === 0;
  const days = Math.floor(change / DAY) - (closeAtMidnight ? 1 : 0);
  const time = closeAtMidnight ? '24:00' : hhmm(change % DAY);
  const at = midnight + change * MINUTE_MS;
  const validUntil = days >= 2 ? Math.min(at, midnight + (days - 1) * DAY * MINUTE_MS) : at;
  return { open: Boolean(current), next: { time, weekday: weekdayAt(today, days), days, at }, validUntil };
}
