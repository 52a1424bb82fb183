/**
 * Colours of a menu from the owner's theme colour, readable whatever the colour (WCAG 2 AA: text
 * contrast ≥ 4.5:1). Shared by the server (the diner's pages) and the web (the owner's preview and
 * its "dark text" warning), so both compute the same colours.
 */

/** The menu's own colour when the owner chose none. */
export const DEFAULT_THEME_COLOR = '#9a3412';
/** Light text on the theme colour. */
export const LIGHT_TEXT = '#ffffff';
/** Dark text on the theme colour (the menu's ink). */
export const DARK_TEXT = '#1c1917';
/** The light surfaces of the menu that theme-coloured text and links stand on (page, cards). */
export const MENU_SURFACES = ['#faf6f1', '#ffffff'] as const;
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

export const THEME_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const toHex = (c: [number, number, number]) => `#${c.map((x) => Math.round(x).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of `#rrggbb` (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour on a theme-coloured surface (header, buttons): white when it reaches 4.5:1, else
 * the dark ink (black if even the ink would not: a mid-tone where neither white nor ink does).
 */
export function textOnColor(hex: string): string {
  if (contrastRatio(hex, LIGHT_TEXT) >= MIN_CONTRAST) return LIGHT_TEXT;
  if (contrastRatio(hex, DARK_TEXT) >= MIN_CONTRAST) return DARK_TEXT;
  return '#000000';
}

/** Whether the theme colour takes dark text (the owner's screen warns about it). */
export const needsDarkText = (hex: string) => textOnColor(hex) !== LIGHT_TEXT;

/** `hex` mixed with `toward` by `t` (0 … 1). */
function mix(hex: string, toward: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(toward);
  return toHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}

export interface MenuPalette {
  /** Header and button background: the owner's colour as chosen. */
  theme: string;
  /** Text on `theme`. */
  onTheme: string;
  /**
   * Text, links and outlines in the theme's colour on the light surfaces (prices, outlined
   * buttons): the theme colour, darkened just enough to reach 4.5:1 on each of them and on `soft`.
   */
  accent: string;
  /** A light tint of the theme (photo placeholders, the table badge). */
  soft: string;
}

/** The menu's colours for a theme colour (`#rrggbb`; anything else: the default colour). */
export function menuPalette(color: string | null | undefined): MenuPalette {
  const theme = color && THEME_COLOR_PATTERN.test(color) ? color : DEFAULT_THEME_COLOR;
  const soft = mix(theme, '#ffffff', 0.88);
  const surfaces = [...MENU_SURFACES, soft];
  let accent = theme;
  for (let t = 0.05; t <= 1 && surfaces.some((s) => contrastRatio(accent, s) < MIN_CONTRAST); t += 0.05) {
    accent = mix(theme, '#000000', t);
  }
  return { theme, onTheme: textOnColor(theme), accent, soft };
}

/** What a QR code's dark modules need against its white ground to scan reliably (as text: 4.5:1). */
export const QR_MIN_CONTRAST = 4.5;

/**
 * The colour a QR code and the table cards' accents are printed in when the owner asks for the
 * theme colour: the theme colour itself when it reaches 4.5:1 on white, else the theme colour
 * darkened (mixed with black) just enough to reach it. `darkened` tells the owner's screen to say so.
 * No colour or an invalid one: the menu's default colour.
 */
export function qrInk(color: string | null | undefined): { ink: string; darkened: boolean } {
  const theme = color && THEME_COLOR_PATTERN.test(color) ? color : DEFAULT_THEME_COLOR;
  let ink = theme;
  for (let t = 0.05; t <= 1 && contrastRatio(ink, '#ffffff') < QR_MIN_CONTRAST; t += 0.05) ink = mix(theme, '#000000', t);
  if (contrastRatio(ink, '#ffffff') < QR_MIN_CONTRAST) ink = '#000000';
  return { ink, darkened: ink !== theme };
}
