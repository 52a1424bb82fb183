import { describe, expect, it } from 'vitest';
import { foldTurkish, slugify, SLUG_PATTERN } from './slug.js';
import { provinceName, PROVINCES } from './provinces.js';
import { formatPrice, upperTr } from './format.js';

describe('slugify', () => {
  it('folds Turkish letters to ASCII', () => {
    expect(slugify('Çınar Kafe & Bistro')).toBe('cinar-kafe-bistro');
    expect(slugify('İSTANBUL Döner Şişçi Ğ Ü Ö ı')).toBe('istanbul-doner-sisci-g-u-o-i');
    expect(slugify('  --Café  Münü-- ')).toBe('cafe-munu');
    expect(SLUG_PATTERN.test(slugify('Çınar Kafe & Bistro'))).toBe(true);
  });
  it('folds requested names the same way as slugs', () => {
    expect(foldTurkish('CINAR-KAFE')).toBe('cinar-kafe');
    expect(foldTurkish('ÇINAR-KAFE')).toBe('cinar-kafe');
    expect(foldTurkish('çınar-kafe')).toBe('cinar-kafe');
  });
});

describe('provinces and formatting', () => {
  it('has the 81 provinces by plate code', () => {
    expect(PROVINCES).toHaveLength(81);
    expect(provinceName(1)).toBe('Adana');
    expect(provinceName(34)).toBe('İstanbul');
    expect(provinceName(81)).toBe('Düzce');
    expect(provinceName(0)).toBe('');
  });
  it('formats prices with tr-TR and changes case the Turkish way', () => {
    expect(formatPrice(1234.5).replace(/\s/g, ' ')).toBe('₺1.234,50');
    expect(upperTr('istanbul ılık')).toBe('İSTANBUL ILIK');
  });
});
