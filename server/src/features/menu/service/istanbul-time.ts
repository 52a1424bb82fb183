/**
 * Türkiye's wall clock (Europe/Istanbul) read through Intl, so that the code assumes neither that
 * the zone keeps UTC+3 all year (no daylight saving since 2016) nor that it does not: the offset is
 * whatever the runtime's time-zone data says at that instant.
 */

const FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Istanbul',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export interface WallClock {
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes since the wall clock's midnight (with fractions). */
  minutes: number;
  /** Today's wall-clock midnight, written as if it were UTC (ms). */
  midnight: number;
  /** Wall clock minus UTC at this instant (ms): 10 800 000 while the zone is UTC+3. */
  offset: number;
}

/** Istanbul's wall clock at the instant `now` (ms). */
export function istanbulClock(now: number): WallClock {
  const p: Record<string, number> = {};
  for (const part of FORMAT.formatToParts(new Date(now))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const ms = ((now % 1000) + 1000) % 1000;
  const midnight = Date.UTC(p.year, p.month - 1, p.day);
  const wall = midnight + ((p.hour * 60 + p.minute) * 60 + p.second) * 1000 + ms;
  return {
    weekday: ((new Date(midnight).getUTCDay() + 6) % 7) + 1,
    minutes: (wall - midnight) / 60_000,
    midnight,
    offset: wall - now,
  };
}

/**
 * The instant at which Istanbul's wall clock shows `wall` (a wall time written as if UTC), starting
 * from the offset `hint` (that of a nearby instant) and correcting it once when the offset there
 * differs. In a gap of a (hypothetical) clock change it gives the instant the clock jumps over it.
 */
export function instantOfWall(wall: number, hint: number): number {
  const guess = wall - hint;
  const offset = istanbulClock(guess).offset;
  return offset === hint ? guess : wall - offset;
}
