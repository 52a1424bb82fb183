import { kurusToTl, storedServiceHours, type PublicCategory, type PublicProduct, type Weekday, type WeekHours } from '@qrmenu/contract';
import { instantOfWall, istanbulClock, type WallClock } from './istanbul-time.js';
import { DAY, weekdayAt, weekPosition } from './week-spans.js';

/**
 * Menus that follow the clock (issue 43): which categories and products a diner sees at an
 * instant of the app's clock, at which price, and until when that stays true (`until`, the next
 * window edge the answer depends on: the menu cache ends the answer then). Items without service
 * hours or happy hour cost a null check: the wall clock is read only when some item has hours.
 */

const dash = (r: { open: string; close: string }) => `${r.open}–${r.close}`;

/** An item's service state on the diner's menu (contract `service`). */
export interface Service {
  open: boolean;
  /** Today's ranges, or those of the next day that has some (`weekday`). */
  hours: string;
  weekday?: Weekday;
}

/** The columns of an item that follow the clock (as stored). */
export interface ServiceColumns {
  service_hours: string | null;
  service_outside: string | null;
}

/** One instant of the menu: the clock read once, and the earliest edge of what was decided at it. */
export class MenuMoment {
  /** When the first decision made at this moment stops being true (ms; Infinity: never). */
  until = Infinity;
  private wall: WallClock | undefined;
  constructor(readonly now: number) {}

  private clock(): WallClock {
    return (this.wall ??= istanbulClock(this.now));
  }

  private endsAt(wallMinutes: number) {
    const c = this.clock();
    const at = instantOfWall(c.midnight + wallMinutes * 60_000, c.offset);
    if (at < this.until) this.until = at;
  }

  /** Whether `hours` hold now; records the next edge. */
  isOpen(hours: WeekHours): boolean {
    const c = this.clock();
    const { current, edge } = weekPosition(hours, c.weekday, c.minutes);
    if (edge !== undefined) this.endsAt(edge);
    return current !== undefined;
  }

  /** The service state of an item (undefined: no hours, always served; 'hidden': not on the menu now). */
  service(cols: ServiceColumns): Service | 'hidden' | undefined {
    const hours = storedServiceHours(cols.service_hours);
    if (!hours) return undefined;
    const open = this.isOpen(hours);
    if (!open && cols.service_outside !== 'show') return 'hidden';
    // the hours shown name today's ranges, or another day's: they change at midnight
    const c = this.clock();
    this.endsAt(DAY);
    for (let offset = 0; offset < 7; offset++) {
      const day = weekdayAt(c.weekday, offset);
      if (hours[day].length > 0) return { open, hours: hours[day].map(dash).join(', '), ...(offset > 0 ? { weekday: day } : {}) };
    }
    return { open, hours: '' };
  }

  /** The happy-hour price now (kuruş), if a happy hour is on. */
  happyPrice(stored: string | null): number | undefined {
    if (!stored) return undefined;
    const h = parseHappy(stored);
    if (!h) return undefined;
    return this.isOpen(h.hours) ? h.price : undefined;
  }
}

/** ISO weekday `offset` days from `today`. */

/** Stored happy hour → hours and price (kuruş), or undefined when unreadable. */
export function parseHappy(stored: string): { hours: WeekHours; price: number } | undefined {
  try {
    const o = JSON.parse(stored) as { hours?: unknown; price?: unknown };
    const hours = storedServiceHours(JSON.stringify(o.hours));
    return hours && typeof o.price === 'number' ? { hours, price: o.price } : undefined;
  } catch {
    return undefined;
  }
}

/** A public category with its stored service columns (the repository's rows). */
export type ScheduledCategory = PublicCategory & { schedule: ServiceColumns };
/** A public product with its stored service columns and regular selling price (kuruş). */
export type ScheduledProduct<P extends PublicProduct = PublicProduct> = P & { schedule: ServiceColumns & { happy_hour: string | null; selling: number | null } };

/** The categories a diner sees at `m`, with their service state; the hidden ones left out. */
export function servedCategories<C extends ScheduledCategory>(m: MenuMoment, list: C[]): Array<Omit<C, 'schedule'>> {
  const out: Array<Omit<C, 'schedule'>> = [];
  for (const { schedule, ...c } of list) {
    const s = m.service(schedule);
    if (s === 'hidden') continue;
    out.push(s ? { ...c, service: s } : c);
  }
  return out;
}

/** A category's own state at `m` (for its products): undefined when always served. */
export const categoryService = (m: MenuMoment, c: ScheduledCategory) => m.service(c.schedule);

/**
 * The products a diner sees at `m`: a product in a category that is not served now follows its
 * category (greyed with the category's hours); otherwise its own hours decide. Inside its happy
 * hour a product shows that price, the regular one struck through (as a campaign price: the
 * higher of the campaign's "before" price and the selling price).
 */
export function servedProducts<P extends PublicProduct>(m: MenuMoment, list: Array<ScheduledProduct<P>>, categoryOf: (p: P) => Service | 'hidden' | undefined): P[] {
  const out: P[] = [];
  for (const { schedule, ...rest } of list) {
    const p = rest as unknown as P;
    const cat = categoryOf(p);
    if (cat === 'hidden') continue;
    const s = cat && !cat.open ? cat : m.service(schedule);
    if (s === 'hidden') continue;
    let shown: P = s ? { ...p, service: s } : p;
    const happy = (!s || s.open) && p.variants.length === 0 && schedule.selling != null ? m.happyPrice(schedule.happy_hour) : undefined;
    if (happy !== undefined && schedule.selling != null && happy < schedule.selling) {
      shown = { ...shown, selling_price: kurusToTl(happy), original_price: p.original_price ?? kurusToTl(schedule.selling), happy_hour: true };
    }
    out.push(shown);
  }
  return out;
}

/** Search results at `m`: each product follows its category's state, then its own. */
export function servedSearch<P extends PublicProduct & { category: { id: number } }>(m: MenuMoment, list: Array<ScheduledProduct<P> & { categorySchedule: ServiceColumns }>): P[] {
  const states = new Map<number, Service | 'hidden' | undefined>();
  const products = list.map(({ categorySchedule, ...p }) => {
    if (!states.has(p.category.id)) states.set(p.category.id, m.service(categorySchedule));
    return p as unknown as ScheduledProduct<P>;
  });
  return servedProducts(m, products, (p) => states.get(p.category.id));
}
