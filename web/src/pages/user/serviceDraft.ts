import type { WeekHours } from '@qrmenu/contract';
import { weekDraft, weekHours, type WeekDraft } from './hoursDraft';

/**
 * The service-hours sections' drafts (issue 43) and their changes, as pure functions; the week
 * itself is the opening hours' draft (hoursDraft.ts).
 */

export type Outside = 'hide' | 'show';
export interface ServiceDraft {
  hours: WeekDraft | null;
  outside: Outside;
}
export interface HappyDraft {
  hours: WeekDraft | null;
  price: string;
}

/** Monday–Friday, Saturday–Sunday, every day (indexes, Monday = 0). */
export const PRESETS = { weekdays: [0, 1, 2, 3, 4], weekend: [5, 6], everyDay: [0, 1, 2, 3, 4, 5, 6] } as const;
export type Preset = keyof typeof PRESETS;

const DEFAULT_RANGE: [string, string] = ['08:00', '12:00'];

/**
 * Opens the preset's days with the ranges of the first day that has some (08:00–12:00 when none);
 * the other days stay as they are, or closed when there were no hours yet.
 */
export function applyPreset(week: WeekDraft | null, preset: Preset): WeekDraft {
  const template = week?.find((d) => d.open)?.ranges ?? [DEFAULT_RANGE];
  const days: readonly number[] = PRESETS[preset];
  return Array.from({ length: 7 }, (_, i) =>
    days.includes(i) ? { open: true, ranges: template.map((r) => [...r] as [string, string]) } : (week?.[i] ?? { open: false, ranges: [[...DEFAULT_RANGE]] }),
  );
}

export const serviceDraft = (hours: WeekHours | null | undefined, outside: Outside | undefined): ServiceDraft => ({ hours: weekDraft(hours ?? null), outside: outside ?? 'hide' });
export const happyDraft = (h: { hours: WeekHours; price: number } | undefined): HappyDraft => ({ hours: weekDraft(h?.hours ?? null), price: h ? String(h.price).replace('.', ',') : '' });

/** The form fields of a service draft ('' clears the hours). */
export function serviceFields(d: ServiceDraft): Record<string, string> {
  const hours = weekHours(d.hours);
  return { service_hours: hours ? JSON.stringify(hours) : '', service_outside: d.outside };
}
/** The form field of a happy-hour draft ('' = none). */
export function happyField(d: HappyDraft): string {
  const hours = weekHours(d.hours);
  return hours ? JSON.stringify({ hours, price: d.price.trim() }) : '';
}
