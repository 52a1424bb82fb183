import { describe, expect, it } from 'vitest';
import { instantOfWall, istanbulClock } from './istanbul-time.js';

/** Istanbul's wall clock read through Intl (the zone's data, not a fixed +03:00). */
describe('istanbulClock', () => {
  it('reads the weekday and minutes of Istanbul at an instant, across midnight and Sunday → Monday', () => {
    const sunday = istanbulClock(Date.parse('2026-11-29T20:59:30Z')); // 23:59:30 in Istanbul
    expect([sunday.weekday, sunday.minutes]).toEqual([7, 23 * 60 + 59.5]);
    const monday = istanbulClock(Date.parse('2026-11-29T21:00:00Z'));
    expect([monday.weekday, monday.minutes]).toEqual([1, 0]);
    expect(monday.midnight).toBe(Date.UTC(2026, 10, 30));
  });

  it('takes the offset from the zone data: +03:00 since 2016, +02:00 in a winter before it', () => {
    expect(istanbulClock(Date.parse('2026-01-15T12:00:00Z')).offset).toBe(3 * 3_600_000);
    expect(istanbulClock(Date.parse('2015-01-15T12:00:00Z')).offset).toBe(2 * 3_600_000);
    expect(istanbulClock(Date.parse('2015-07-15T12:00:00Z')).offset).toBe(3 * 3_600_000);
  });

  it('finds the instant of a wall time, also across a past clock change (summer time ended 8 November 2015)', () => {
    const c = istanbulClock(Date.parse('2026-11-23T05:00:00Z'));
    expect(instantOfWall(c.midnight + 8 * 3_600_000, c.offset)).toBe(Date.parse('2026-11-23T08:00:00+03:00'));
    const before = istanbulClock(Date.parse('2015-11-07T12:00:00Z')); // still +03:00
    expect(before.offset).toBe(3 * 3_600_000);
    expect(instantOfWall(Date.UTC(2015, 10, 9, 8), before.offset)).toBe(Date.parse('2015-11-09T08:00:00+02:00'));
  });
});
