import { describe, expect, it } from 'vitest';
import { applyPreset, happyDraft, happyField, serviceDraft, serviceFields } from './serviceDraft';

describe('service hours draft', () => {
  it('a preset opens its days with the first open day’s ranges; without hours the others stay closed', () => {
    const weekdays = applyPreset(null, 'weekdays');
    expect(weekdays.map((d) => d.open)).toEqual([true, true, true, true, true, false, false]);
    expect(weekdays[0].ranges).toEqual([['08:00', '12:00']]);
    const edited = weekdays.map((d, i) => (i === 0 ? { ...d, ranges: [['07:30', '11:00']] as Array<[string, string]> } : d));
    const both = applyPreset(edited, 'weekend');
    expect(both.map((d) => d.open)).toEqual([true, true, true, true, true, true, true]);
    expect(both[6].ranges).toEqual([['07:30', '11:00']]);
    expect(both[1].ranges).toEqual([['08:00', '12:00']]); // untouched
  });

  it('turns drafts into form fields: hours as JSON, none as empty', () => {
    expect(serviceFields(serviceDraft(undefined, undefined))).toEqual({ service_hours: '', service_outside: 'hide' });
    const d = { hours: applyPreset(null, 'everyDay'), outside: 'show' as const };
    const f = serviceFields(d);
    expect(JSON.parse(f.service_hours)['7']).toEqual([{ open: '08:00', close: '12:00' }]);
    expect(f.service_outside).toBe('show');
    expect(happyField(happyDraft(undefined))).toBe('');
    const h = happyDraft({ hours: JSON.parse(f.service_hours), price: 45.5 });
    expect(h.price).toBe('45,5');
    expect(JSON.parse(happyField(h))).toEqual({ hours: JSON.parse(f.service_hours), price: '45,5' });
  });
});
