import { contrastRatio, DEFAULT_THEME_COLOR, needsDarkText, textOnColor, THEME_COLOR_PATTERN } from '@qrmenu/contract';

/**
 * The theme-colour field's logic without the field (tested in themeColor.test.ts): reading a
 * typed code, and what the screen says about the text colour the menu will use on the colour.
 */

/** Colours that suit a menu, from the default terracotta to a light yellow (which takes dark text). */
export const PRESETS = ['#9a3412', '#b91c1c', '#be185d', '#7c2d12', '#166534', '#0f766e', '#1e3a8a', '#4c1d95', '#1c1917', '#facc15', '#fde68a', '#ffffff'];

/** '9A3412', '#9a3412 ' → '#9a3412'; anything else → null. */
export function normalizeHex(text: string): string | null {
  const t = text.trim().toLowerCase();
  const withHash = t.startsWith('#') ? t : `#${t}`;
  return THEME_COLOR_PATTERN.test(withHash) ? withHash : null;
}

/**
 * What a typed code means while typing: cleared (back to the default colour), a colour, or not a
 * colour yet (a half-typed code is only an error once the field is left).
 */
export type TypedColor = { kind: 'empty' } | { kind: 'color'; hex: string } | { kind: 'partial' };
export function readTypedColor(text: string): TypedColor {
  if (text.trim() === '') return { kind: 'empty' };
  const hex = normalizeHex(text);
  return hex ? { kind: 'color', hex } : { kind: 'partial' };
}

/**
 * The menu's rule (contract/theme-color.ts) as the owner's screen tells it: white text when it
 * reaches 4.5:1 on the colour (with the ratio, Turkish decimal comma), else a warning that the
 * text will be dark. `value` null is the default colour.
 */
export function colorAdvice(value: string | null): { shown: string; text: string; darkText: boolean; ratio: number; ratioText: string } {
  const shown = value ?? DEFAULT_THEME_COLOR;
  const text = textOnColor(shown);
  const ratio = contrastRatio(shown, text);
  return { shown, text, darkText: needsDarkText(shown), ratio, ratioText: ratio.toFixed(1).replace('.', ',') };
}
