/**
 * How the server counts a text against its limit, so the live counter agrees with it: the menu's
 * appearance fields count characters as a person does (an emoji is one, `Array.from`), the other
 * fields count as zod's `.max()` does (UTF-16 units: an emoji is two). Both trim first.
 */
export type TextCounter = (s: string) => number;
export const countCharacters: TextCounter = (s) => Array.from(s.trim()).length;
export const countUnits: TextCounter = (s) => s.trim().length;

/** The counter's state: `n / max`, over the limit (red, invalid) or not. */
export function counterState(value: string, max: number, count: TextCounter = countCharacters) {
  const n = count(value);
  return { n, max, over: n > max, left: max - n };
}
