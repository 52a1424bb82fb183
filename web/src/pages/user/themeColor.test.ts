import { describe, expect, it } from 'vitest';
import { contrastRatio, DEFAULT_THEME_COLOR, MIN_CONTRAST } from '@qrmenu/contract';
import { colorAdvice, normalizeHex, PRESETS, readTypedColor } from './themeColor';

describe('theme colour field', () => {
  it('reads codes with or without #, in any case, around spaces', () => {
    expect(normalizeHex('9A3412')).toBe('#9a3412');
    expect(normalizeHex(' #1E3A8A ')).toBe('#1e3a8a');
    for (const bad of ['#fff', '#12345g', 'kırmızı', '#1234567', '']) expect(normalizeHex(bad), bad).toBeNull();
  });

  it('while typing: cleared → default, a full code → colour, a half code → wait for the blur', () => {
    expect(readTypedColor('  ')).toEqual({ kind: 'empty' });
    expect(readTypedColor('#0F766E')).toEqual({ kind: 'color', hex: '#0f766e' });
    expect(readTypedColor('#0f7')).toEqual({ kind: 'partial' });
  });

  it('the default colour takes white text and says its contrast with a Turkish decimal comma', () => {
    const a = colorAdvice(null);
    expect(a.shown).toBe(DEFAULT_THEME_COLOR);
    expect(a.darkText).toBe(false);
    expect(a.text).toBe('#ffffff');
    expect(a.ratio).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(a.ratioText).toMatch(/^\d+,\d$/);
    expect(a.ratioText).toBe(contrastRatio(DEFAULT_THEME_COLOR, '#ffffff').toFixed(1).replace('.', ','));
  });

  it('a light colour warns that the text will be dark', () => {
    for (const light of ['#facc15', '#fde68a', '#ffffff']) {
      const a = colorAdvice(light);
      expect(a.darkText, light).toBe(true);
      expect(a.text, light).not.toBe('#ffffff');
    }
  });

  it('mid-tones where white just fails take dark text (the 4.5:1 threshold)', () => {
    // #777777 on white is 4.48:1, #767676 is 4.54:1
    expect(colorAdvice('#777777').darkText).toBe(true);
    expect(colorAdvice('#767676').darkText).toBe(false);
  });

  it('every preset is readable with the text the menu puts on it', () => {
    for (const hex of PRESETS) expect(colorAdvice(hex).ratio, hex).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});
