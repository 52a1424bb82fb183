/**
 * The one clock of the server (`app.clock`, platform/app-services.ts). Production reads the system
 * time through it; tests replace `app.clock.now` and move it. How to read the time:
 * - in a route or a plugin: `app.clock.now()` (a Date) or `isoNow(app.clock)` (as stored);
 * - a domain or repository function that stamps a row takes the instant from its caller
 *   (`now: string`, ISO 8601 UTC) instead of reading a clock itself.
 * Never `Date.now()` / `new Date()` / `nowIso()` in new server code.
 */
export interface Clock {
  now(): Date;
}

/** The system's clock (what `app.clock` starts as). */
export const systemClock = (): Clock => ({ now: () => new Date() });

/** The instant of `clock` as the database stores it (ISO 8601, UTC). */
export const isoNow = (clock: Clock): string => clock.now().toISOString();
