import { describe, expect, it } from 'vitest';
import { istanbulDayHour, istanbulDayStart } from './istanbul-time.js';

describe('Istanbul days and hours', () => {
  it('puts an instant on its Istanbul day and hour (UTC+3 since 2016)', () => {
    expect(istanbulDayHour(new Date('2026-11-20T20:59:59Z'))).toEqual({ day: '2026-11-20', hour: 23 });
    expect(istanbulDayHour(new Date('2026-11-20T21:00:00Z'))).toEqual({ day: '2026-11-21', hour: 0 });
    expect(istanbulDayHour(new Date('2026-12-31T22:30:00Z'))).toEqual({ day: '2027-01-01', hour: 1 });
  });

  it("gives the instant a day begins, from the time-zone data (summer time before 2016 too)", () => {
    expect(istanbulDayStart('2026-11-21')).toBe('2026-11-20T21:00:00.000Z');
    expect(istanbulDayStart('2027-01-01')).toBe('2026-12-31T21:00:00.000Z');
    // 2015: winter +02:00, summer +03:00
    expect(istanbulDayStart('2015-01-15')).toBe('2015-01-14T22:00:00.000Z');
    expect(istanbulDayStart('2015-07-15')).toBe('2015-07-14T21:00:00.000Z');
  });
});
