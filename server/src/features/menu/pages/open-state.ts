import type { Weekday, WeekHours } from '@qrmenu/contract';
import { DAY, weekdayAt, weekPosition } from '../service/week-spans.js';

/**
 * Whether a business is open at an instant, from its weekly hours, in Türkiye's time
 * (Europe/Istanbul: UTC+3 all year, no daylight saving since 2016, as `istanbulDay` assumes).
 */
export const ISTANBUL_OFFSET_MS = 3 * 3_600_000;
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


export function openState(hours: WeekHours, now: number): OpenState {
  const local = new Date(now + ISTANBUL_OFFSET_MS);
  const today = ((local.getUTCDay() + 6) % 7) + 1;
  const midnight = now - (local.getUTCHours() * 60 + local.getUTCMinutes()) * MINUTE_MS - local.getUTCSeconds() * 1000 - local.getUTCMilliseconds();
  const t = (now - midnight) / MINUTE_MS; // minutes since today's midnight (with fractions)

  const { current, edge: change } = weekPosition(hours, today, t);
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
