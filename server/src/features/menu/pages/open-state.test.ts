import { describe, expect, it } from 'vitest';
import type { PublicCompany, WeekHours } from '@qrmenu/contract';
import { openLine } from './brand-blocks.js';
import { atTime, toTime } from './branding-texts.js';
import { pageLang } from './lang.js';
import { openState } from './open-state.js';

/** An instant given as Istanbul wall-clock time (UTC+3). 2026-11-23 is a Monday. */
const ist = (local: string) => Date.parse(`${local}:00+03:00`);
const days = (r: Array<{ open: string; close: string }>): WeekHours => ({ '1': r, '2': r, '3': r, '4': r, '5': r, '6': r, '7': r });
const company = (hours: WeekHours | null): PublicCompany => ({
  name: 'Çınar Kafe', companyname: 'Çınar Kafe', slug: 'cinar-kafe', address: '', tel: '', city: 34, city_name: 'İstanbul', ad_supported: false,
  branding: { about: null, theme_color: null, hours, wifi_name: null, wifi_password: null, instagram: null, website: null, service_note: null, logo: null, cover: null },
});
const line = (hours: WeekHours, at: string, lang: 'tr' | 'en' | 'de' = 'tr') =>
  openLine(company(hours), pageLang(lang === 'tr' ? undefined : lang, ['en', 'de']), ist(at))?.text;

describe('Turkish suffixes of times', () => {
  it('follow the last spoken word of the time', () => {
    const to = ['23:00', '09:00', '02:00', '18:30', '06:00', '13:00', '10:00', '00:00', '24:00', '17:45', '20:40', '12:00'].map(toTime);
    expect(to).toEqual(["23:00'e", "09:00'a", "02:00'ye", "18:30'a", "06:00'ya", "13:00'e", "10:00'a", "00:00'a", "24:00'e", "17:45'e", "20:40'a", "12:00'ye"]);
    const at = ['09:00', '23:00', '13:00', '18:00', '06:00', '10:30', '20:40', '17:45', '00:00', '07:00'].map(atTime);
    expect(at).toEqual(["09:00'da", "23:00'te", "13:00'te", "18:00'de", "06:00'da", "10:30'da", "20:40'ta", "17:45'te", "00:00'da", "07:00'de"]);
  });
});

describe('open/closed line (Europe/Istanbul)', () => {
  const daily = days([{ open: '09:00', close: '23:00' }]);

  it('says open until the closing, closed until the opening, at the issue\'s example instants', () => {
    expect(line(daily, '2026-11-25T12:00')).toBe("Şu an açık · 23:00'e kadar");
    expect(line(daily, '2026-11-25T02:00')).toBe("Şu an kapalı · 09:00'da açılır");
    // after closing, tomorrow's opening needs no day name
    expect(line(daily, '2026-11-25T23:30')).toBe("Şu an kapalı · 09:00'da açılır");
    expect(line(daily, '2026-11-25T12:00', 'en')).toBe('Open now · until 23:00');
    expect(line(daily, '2026-11-25T02:00', 'de')).toBe('Jetzt geschlossen · öffnet um 09:00 Uhr');
  });

  it('flips exactly at the boundary, and the state is valid until then', () => {
    const before = openState(daily, ist('2026-11-25T22:59') + 59_999);
    expect(before).toMatchObject({ open: true, validUntil: ist('2026-11-25T23:00') });
    expect(openState(daily, ist('2026-11-25T23:00'))).toMatchObject({ open: false, validUntil: ist('2026-11-26T09:00') });
    expect(openState(daily, ist('2026-11-26T09:00'))).toMatchObject({ open: true, validUntil: ist('2026-11-26T23:00') });
  });

  it('honours ranges past midnight: Friday 18:00–02:00 is still open on Saturday at 01:00', () => {
    const late: WeekHours = { ...days([]), '5': [{ open: '18:00', close: '02:00' }], '6': [{ open: '12:00', close: '15:00' }, { open: '18:00', close: '02:00' }] };
    expect(line(late, '2026-11-27T20:00')).toBe("Şu an açık · 02:00'ye kadar");
    expect(line(late, '2026-11-28T01:00')).toBe("Şu an açık · 02:00'ye kadar");
    expect(openState(late, ist('2026-11-28T01:00')).validUntil).toBe(ist('2026-11-28T02:00'));
    expect(line(late, '2026-11-28T02:00')).toBe("Şu an kapalı · 12:00'de açılır");
    expect(line(late, '2026-11-28T16:00')).toBe("Şu an kapalı · 18:00'de açılır");
    // Sunday 01:30: Saturday's late range; next opening on Friday, days away: named
    expect(line(late, '2026-11-29T01:30')).toBe("Şu an açık · 02:00'ye kadar");
    expect(line(late, '2026-11-29T03:00')).toBe("Şu an kapalı · Cuma 18:00'de açılır");
  });

  it('names the day of an opening two or more days away, and that wording ends at the midnight before it', () => {
    const weekdaysOnly: WeekHours = { ...days([{ open: '09:00', close: '17:00' }]), '6': [], '7': [] };
    expect(line(weekdaysOnly, '2026-11-28T10:00')).toBe("Şu an kapalı · Pazartesi 09:00'da açılır");
    expect(openState(weekdaysOnly, ist('2026-11-28T10:00')).validUntil).toBe(ist('2026-11-29T00:00'));
    expect(line(weekdaysOnly, '2026-11-29T10:00')).toBe("Şu an kapalı · 09:00'da açılır");
    expect(line(weekdaysOnly, '2026-11-28T10:00', 'en')).toBe('Closed now · opens Monday at 09:00');
  });

  it('joins ranges that meet across midnight, shows a midnight close as 24:00, knows around-the-clock and never', () => {
    const joined: WeekHours = { ...days([]), '1': [{ open: '20:00', close: '00:00' }], '2': [{ open: '00:00', close: '03:00' }] };
    expect(line(joined, '2026-11-23T21:00')).toBe("Şu an açık · 03:00'e kadar");
    const toMidnight: WeekHours = { ...days([]), '3': [{ open: '10:00', close: '24:00' }] };
    expect(line(toMidnight, '2026-11-25T22:00')).toBe("Şu an açık · 24:00'e kadar");
    expect(openState(toMidnight, ist('2026-11-25T22:00')).validUntil).toBe(ist('2026-11-26T00:00'));
    const always = days([{ open: '00:00', close: '00:00' }]);
    expect(line(always, '2026-11-25T04:00')).toBe('Şu an açık · 24 saat açık');
    expect(openState(always, ist('2026-11-25T04:00')).validUntil).toBe(Infinity);
    expect(line(days([]), '2026-11-25T12:00')).toBe('Şu an kapalı');
    expect(openState(days([]), ist('2026-11-25T12:00')).validUntil).toBe(Infinity);
  });

  it('shows nothing without hours', () => {
    expect(openLine(company(null), pageLang(undefined), Date.now())).toBeUndefined();
  });
});
