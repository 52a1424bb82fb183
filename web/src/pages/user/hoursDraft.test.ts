import { describe, expect, it } from 'vitest';
import type { WeekHours } from '@qrmenu/contract';
import { addRange, copyMonday, emptyWeek, normalizeTime, rangeKind, removeSecondRange, setDay, setRangeTime, toggleDay, weekDraft, weekHours } from './hoursDraft';

const closedWeek = (): WeekHours => ({ '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] });

describe('hours editor draft', () => {
  it('no stored hours: no draft; a new week is open 09:00–22:00 every day', () => {
    expect(weekDraft(null)).toBeNull();
    expect(weekHours(null)).toBeNull();
    const w = emptyWeek();
    expect(w).toHaveLength(7);
    expect(w.every((d) => d.open && d.ranges.length === 1 && d.ranges[0][0] === '09:00' && d.ranges[0][1] === '22:00')).toBe(true);
    // every day has its own range (changing Monday leaves Tuesday alone)
    w[0].ranges[0][0] = '07:00';
    expect(w[1].ranges[0][0]).toBe('09:00');
  });

  it('reads stored hours: a closed day keeps a range ready, 24:00 shows as 00:00, and writes them back', () => {
    const stored = { ...closedWeek(), '1': [{ open: '08:00', close: '24:00' }], '5': [{ open: '12:00', close: '15:00' }, { open: '18:00', close: '02:00' }] };
    const draft = weekDraft(stored)!;
    expect(draft[0]).toEqual({ open: true, ranges: [['08:00', '00:00']] });
    expect(draft[1]).toEqual({ open: false, ranges: [['09:00', '22:00']] });
    expect(draft[4].ranges).toEqual([['12:00', '15:00'], ['18:00', '02:00']]);
    const back = weekHours(draft)!;
    expect(back['1']).toEqual([{ open: '08:00', close: '00:00' }]);
    expect(back['2']).toEqual([]);
    expect(back['5']).toEqual(stored['5']);
    expect(Object.keys(back)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('closing a day sends it as [] but keeps its ranges for reopening', () => {
    const w = emptyWeek();
    const closed = toggleDay(setRangeTime(w[2], 0, 1, '23:30'));
    expect(weekHours(setDay(w, 2, closed))!['3']).toEqual([]);
    expect(toggleDay(closed)).toEqual({ open: true, ranges: [['09:00', '23:30']] });
    expect(toggleDay({ open: false, ranges: [] }).ranges).toEqual([['09:00', '22:00']]);
  });

  it('adds a second range up to the limit and removes it', () => {
    const day = emptyWeek()[0];
    const two = addRange(day);
    expect(two.ranges).toEqual([['09:00', '22:00'], ['18:00', '23:00']]);
    expect(addRange(two)).toBe(two);
    expect(removeSecondRange(two).ranges).toEqual([['09:00', '22:00']]);
    expect(day.ranges).toHaveLength(1);
  });

  it('copies Monday to every day as independent copies', () => {
    const w = setDay(emptyWeek(), 0, addRange(setRangeTime(emptyWeek()[0], 0, 0, '07:30')));
    const copied = copyMonday(setDay(w, 6, { open: false, ranges: [['10:00', '11:00']] }));
    expect(copied.every((d) => JSON.stringify(d) === JSON.stringify(copied[0]))).toBe(true);
    expect(copied[6]).toEqual({ open: true, ranges: [['07:30', '22:00'], ['18:00', '23:00']] });
    copied[3].ranges[0][0] = '05:00';
    expect(copied[0].ranges[0][0]).toBe('07:30');
  });

  it('normalizes typed times', () => {
    expect(normalizeTime('9')).toBe('09:00');
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('9.30')).toBe('09:30');
    expect(normalizeTime('9 30')).toBe('09:30');
    expect(normalizeTime('1830')).toBe('18:30');
    expect(normalizeTime('24:00')).toBe('00:00');
    for (const bad of ['24:30', '25', '9:60', 'öğlen', '', '12:3']) expect(normalizeTime(bad), bad).toBeNull();
  });

  it('notes ranges past midnight and around the clock', () => {
    expect(rangeKind(['18:00', '02:00'])).toBe('nextDay');
    expect(rangeKind(['00:00', '00:00'])).toBe('allDay');
    expect(rangeKind(['09:00', '22:00'])).toBeNull();
    expect(rangeKind(['9', '02:00'])).toBeNull();
  });
});
