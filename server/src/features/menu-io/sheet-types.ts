/** The menu spreadsheet's cells and rows, and the formula mark (OWASP CSV injection), shared by reading, planning and writing. */

/** A cell as written: text, a price in TL, or empty. */
export type OutCell = string | number | null;
/** A cell as read: text, a number (XLSX), empty, or a formula (refused by the import). */
export type InCell = string | number | null | { formula: true };
export interface SheetRow {
  /** 1-based row number as the owner sees it in the sheet. */
  row: number;
  cells: InCell[];
}

const DANGEROUS = /^[=+\-@\t\r]/;

/** CSV: a leading `'` before text that would start a formula. */
export const escapeFormula = (s: string) => (DANGEROUS.test(s) ? `'${s}` : s);
/** Removes the mark `escapeFormula` adds (and one a spreadsheet kept on a quoted-prefix cell). */
export const unescapeFormula = (s: string) => (s.startsWith("'") && DANGEROUS.test(s.slice(1)) ? s.slice(1) : s);
