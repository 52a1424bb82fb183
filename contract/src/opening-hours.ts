/**
 * Opening hours of a business: for each weekday (1 = Monday … 7 = Sunday) either closed (no range)
 * or one or two open–close ranges `HH:MM`. A close at or before the open runs past midnight
 * (18:00–02:00 closes at 02:00 the next morning); open = close is open around the clock. `24:00`
 * may close a day. Times are Türkiye's (Europe/Istanbul).
 */

export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening range of a day, `HH:MM` each (`close` may be `24:00`). */
export interface HoursRange {
  open: string;
  close: string;
}
/** The week: every weekday present; an empty list is a closed day. */
export type WeekHours = Record<Weekday, HoursRange[]>;

/** Turkish weekday names, by weekday (1 = Pazartesi). */
export const WEEKDAY_NAMES_TR: Record<Weekday, string> = {
  '1': 'Pazartesi', '2': 'Salı', '3': 'Çarşamba', '4': 'Perşembe', '5': 'Cuma', '6': 'Cumartesi', '7': 'Pazar',
};

export const HOURS_MAX_RANGES = 2;

export const HOURS_MSG = {
  shape: 'Çalışma saatleri her gün için "kapalı" ya da bir veya iki saat aralığı (örneğin 09:00–23:00) olmalıdır.',
  day: 'Günler 1 (Pazartesi) ile 7 (Pazar) arasında olmalıdır.',
  time: (day: string) => `${day}: saatler SS:DD biçiminde olmalıdır (örneğin 09:00 veya 18:30).`,
  tooMany: (day: string) => `${day}: en fazla iki saat aralığı girebilirsiniz.`,
  overlap: (day: string) => `${day}: saat aralıkları çakışmamalıdır.`,
} as const;

/** Minutes since midnight of `HH:MM` (`24:00` → 1440). */
export const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** A range as minutes from the start of its day: [open, close) with close in (open, open + 1440]. */
export function rangeMinutes(r: HoursRange): [number, number] {
  const open = toMinutes(r.open);
  let close = toMinutes(r.close);
  if (close <= open) close += 1440;
  return [open, close];
}

/** `9:00`, `09.00`, `09:00` → `09:00`; anything else → undefined. `24:00` only as a close. */
function time(v: unknown, isClose: boolean): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(v.trim());
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && (min !== 0 || !isClose))) return undefined;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

const CLOSED_WORDS = new Set(['closed', 'kapali', 'kapalı', 'kapalı.', '-', '']);

type DayResult = { ok: true; ranges: HoursRange[] } | { ok: false; message: string };

/** One range: `{ open, close }`, `[open, close]` or `'09:00-23:00'` (hyphen or dash). */
function range(v: unknown, day: string): HoursRange | string {
  let open: unknown;
  let close: unknown;
  if (typeof v === 'string') {
    const parts = v.split(/\s*[-–—]\s*/);
    if (parts.length !== 2) return HOURS_MSG.time(day);
    [open, close] = parts;
  } else if (Array.isArray(v) && v.length === 2) {
    [open, close] = v as unknown[];
  } else if (v && typeof v === 'object') {
    ({ open, close } = v as { open?: unknown; close?: unknown });
  } else {
    return HOURS_MSG.shape;
  }
  const o = time(open, false);
  const c = time(close, true);
  if (!o || !c) return HOURS_MSG.time(day);
  return { open: o, close: c };
}

/** A day's value: closed (null, false, [], 'kapalı', `{ closed: true }`) or its ranges. */
function dayValue(v: unknown, day: string): DayResult {
  if (v == null || v === false) return { ok: true, ranges: [] };
  if (typeof v === 'string') {
    const s = v.trim().toLocaleLowerCase('tr');
    if (CLOSED_WORDS.has(s)) return { ok: true, ranges: [] };
    return dayValue(s.split(/\s*[,;]\s*/), day);
  }
  let list: unknown[];
  if (Array.isArray(v)) {
    // a single [open, close] pair of strings is one range
    list = v.length === 2 && v.every((x) => typeof x === 'string' && time(x, true)) ? [v] : v;
  } else if (typeof v === 'object') {
    const o = v as { closed?: unknown; ranges?: unknown; open?: unknown; close?: unknown };
    if (o.closed === true || o.closed === 1 || o.closed === '1' || o.closed === 'true') return { ok: true, ranges: [] };
    if (o.ranges !== undefined) return dayValue(o.ranges, day);
    if (o.open === undefined && o.close === undefined) return o.closed !== undefined ? { ok: true, ranges: [] } : { ok: false, message: HOURS_MSG.shape };
    list = [o];
  } else {
    return { ok: false, message: HOURS_MSG.shape };
  }
  if (list.length > HOURS_MAX_RANGES) return { ok: false, message: HOURS_MSG.tooMany(day) };
  const ranges: HoursRange[] = [];
  for (const item of list) {
    const r = range(item, day);
    if (typeof r === 'string') return { ok: false, message: r };
    ranges.push(r);
  }
  ranges.sort((a, b) => toMinutes(a.open) - toMinutes(b.open));
  if (ranges.length === 2) {
    const [a0, a1] = rangeMinutes(ranges[0]);
    const [b0, b1] = rangeMinutes(ranges[1]);
    if (a0 < b1 && b0 < a1) return { ok: false, message: HOURS_MSG.overlap(day) };
    if (a1 - a0 === 1440 || b1 - b0 === 1440) return { ok: false, message: HOURS_MSG.overlap(day) };
  }
  return { ok: true, ranges };
}

export type HoursResult = { ok: true; value: WeekHours | null } | { ok: false; message: string };

/**
 * Reads hours as a client sends them, into the one stored shape (`WeekHours`, every day present,
 * ranges sorted). Accepted: `{ "1": [{ "open": "09:00", "close": "23:00" }], "7": [] … }` (days
 * left out are closed; a day may also be `null`, `"kapalı"`, `{ closed: true }`, `"09:00-23:00"`,
 * `[["12:00","15:00"],["18:00","02:00"]]`), an array of seven days (Monday first) or of
 * `{ day, ranges | open/close | closed }`, or the same as JSON text (a form field).
 * null or '' → null (no hours given).
 */
export function parseHours(v: unknown): HoursResult {
  if (v == null) return { ok: true, value: null };
  if (typeof v === 'string') {
    if (v.trim() === '') return { ok: true, value: null };
    try {
      return parseHours(JSON.parse(v) ?? undefined);
    } catch {
      return { ok: false, message: HOURS_MSG.shape };
    }
  }
  const byDay: Partial<Record<Weekday, unknown>> = {};
  if (Array.isArray(v)) {
    if (v.length > 0 && v.every((d) => d && typeof d === 'object' && !Array.isArray(d) && 'day' in d)) {
      for (const d of v as Array<{ day: unknown }>) {
        const key = String(d.day) as Weekday;
        if (!WEEKDAYS.includes(key)) return { ok: false, message: HOURS_MSG.day };
        byDay[key] = d;
      }
    } else if (v.length === 7) {
      v.forEach((d: unknown, i) => {
        byDay[WEEKDAYS[i]] = d;
      });
    } else {
      return { ok: false, message: HOURS_MSG.shape };
    }
  } else if (typeof v === 'object') {
    for (const [k, d] of Object.entries(v as Record<string, unknown>)) {
      if (!WEEKDAYS.includes(k as Weekday)) return { ok: false, message: HOURS_MSG.day };
      byDay[k as Weekday] = d;
    }
  } else {
    return { ok: false, message: HOURS_MSG.shape };
  }
  const week = {} as WeekHours;
  for (const day of WEEKDAYS) {
    const r = dayValue(byDay[day], WEEKDAY_NAMES_TR[day]);
    if (!r.ok) return r;
    week[day] = r.ranges;
  }
  return { ok: true, value: week };
}

/** Stored hours (JSON text) → WeekHours, or null when none or unreadable. */
export function storedHours(stored: string | null | undefined): WeekHours | null {
  if (!stored) return null;
  const r = parseHours(stored);
  return r.ok ? r.value : null;
}
