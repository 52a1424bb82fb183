/**
 * Istanbul's calendar for the report: which day and hour (Europe/Istanbul) an instant falls on,
 * and the instant a day begins. Read from the time-zone data, not from a fixed +03:00.
 */

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23',
});

/** The Istanbul day (YYYY-MM-DD) and hour (0–23) of an instant. */
export function istanbulDayHour(at: Date): { day: string; hour: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) % 24 };
}

/** Istanbul's offset from UTC at an instant, in milliseconds. */
function offsetAt(ms: number): number {
  const { day, hour } = istanbulDayHour(new Date(ms));
  const local = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  return local - (ms - (ms % 3_600_000));
}

/** The instant (ISO 8601, UTC) at which the Istanbul day `day` (YYYY-MM-DD) begins. */
export function istanbulDayStart(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - offsetAt(midnightUtc);
  return new Date(midnightUtc - offsetAt(guess)).toISOString();
}
