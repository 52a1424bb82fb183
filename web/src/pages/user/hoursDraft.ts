import { HOURS_MAX_RANGES, WEEKDAYS, type WeekHours } from '@qrmenu/contract';

/**
 * The hours editor's draft and every change it makes, as pure functions (tested in
 * hoursDraft.test.ts); HoursEditor only draws them.
 */

/** One weekday in the editor: closed, or one or two open–close ranges ("HH:MM"). */
export interface DayDraft {
  open: boolean;
  ranges: Array<[string, string]>;
}
/** Monday first (index 0 = weekday 1). */
export type WeekDraft = DayDraft[];

const DEFAULT_RANGE: [string, string] = ['09:00', '22:00'];
const SECOND_RANGE: [string, string] = ['18:00', '23:00'];
const defaultRanges = (): Array<[string, string]> => [[...DEFAULT_RANGE]];

export const emptyWeek = (): WeekDraft => Array.from({ length: 7 }, () => ({ open: true, ranges: defaultRanges() }));

/** Stored hours → the editor (a closed day keeps a range ready for when it is opened again). */
export function weekDraft(hours: WeekHours | null): WeekDraft | null {
  if (!hours) return null;
  return WEEKDAYS.map((d) => {
    const ranges = hours[d] ?? [];
    // 24:00 closes at midnight, as 00:00 does (a time input cannot show 24:00)
    return ranges.length
      ? { open: true, ranges: ranges.map((r) => [r.open, r.close === '24:00' ? '00:00' : r.close] as [string, string]) }
      : { open: false, ranges: defaultRanges() };
  });
}

/** The editor → the API's shape (every weekday, [] = closed); null = no hours. */
export function weekHours(draft: WeekDraft | null): WeekHours | null {
  if (!draft) return null;
  return Object.fromEntries(WEEKDAYS.map((d, i) => [d, draft[i].open ? draft[i].ranges.map(([open, close]) => ({ open, close })) : []])) as WeekHours;
}

export const isTime = (t: string) => /^\d\d:\d\d$/.test(t);

/** A close before the open ends after midnight (18:00–02:00); the same time is open around the clock. */
export function rangeKind([from, to]: [string, string]): 'allDay' | 'nextDay' | null {
  if (!isTime(from) || !isTime(to)) return null;
  return from === to ? 'allDay' : to < from ? 'nextDay' : null;
}

/**
 * `9` → `09:00`, `930` / `9.30` / `9 30` → `09:30`, `1830` → `18:30`; `24:00` is midnight (`00:00`).
 * Anything else → null (left as typed: the server names the day in its error).
 */
export function normalizeTime(text: string): string | null {
  const t = text.trim().replace(/[.,\s]+/g, ':');
  const m = /^(\d{1,2})(?::?(\d{2}))?$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return `${String(h % 24).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** Opens or closes a day; its ranges are kept for when it is opened again. */
export const toggleDay = (day: DayDraft): DayDraft => ({ open: !day.open, ranges: day.ranges.length ? day.ranges : defaultRanges() });

/** Sets the opening (part 0) or closing (part 1) time of a day's range `i`. */
export const setRangeTime = (day: DayDraft, i: number, part: 0 | 1, v: string): DayDraft => ({
  ...day,
  ranges: day.ranges.map((r, j) => (j === i ? ((part === 0 ? [v, r[1]] : [r[0], v])) : r)),
});

/** Adds the evening range (up to HOURS_MAX_RANGES); removes the second one. */
export const addRange = (day: DayDraft): DayDraft => (day.ranges.length >= HOURS_MAX_RANGES ? day : { ...day, ranges: [...day.ranges, [...SECOND_RANGE]] });
export const removeSecondRange = (day: DayDraft): DayDraft => ({ ...day, ranges: day.ranges.slice(0, 1) });

/** Every day gets Monday's state and its own copy of Monday's ranges. */
export const copyMonday = (week: WeekDraft): WeekDraft => week.map(() => ({ open: week[0].open, ranges: week[0].ranges.map((r) => [...r] as [string, string]) }));

/** Replaces day `i` of the week. */
export const setDay = (week: WeekDraft, i: number, d: DayDraft): WeekDraft => week.map((x, j) => (j === i ? d : x));
