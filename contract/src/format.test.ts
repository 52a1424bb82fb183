import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, formatPriceRange } from './format.js';

const intl = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

describe('formatPrice', () => {
  it('writes prices as Intl.NumberFormat tr-TR TRY does', () => {
    expect(formatPrice(0)).toBe('₺0,00');
    expect(formatPrice(185.5)).toBe('₺185,50');
    expect(formatPrice(1234.5)).toBe('₺1.234,50');
    expect(formatPrice(1_000_000)).toBe('₺1.000.000,00');
    expect(formatPrice(-40)).toBe('-₺40,00');
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
  });

  it('matches Intl for every whole-kuruş amount (property test)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (kurus) => {
        const tl = kurus / 100;
        expect(formatPrice(tl)).toBe(intl.format(tl));
      }),
      { numRuns: 20_000 },
    );
    for (let kurus = 0; kurus <= 200_000; kurus += 7) expect(formatPrice(kurus / 100)).toBe(intl.format(kurus / 100));
  });
});

describe('formatPriceRange', () => {
  it('the single price, or the portions\' range with a spaced dash', () => {
    expect(formatPriceRange(15, [])).toBe('₺15,00');
    expect(formatPriceRange(null, [{ price: 180 }, { price: 120 }])).toBe('₺120,00 – ₺180,00');
    expect(formatPriceRange(null, [{ price: 60 }, { price: 60 }])).toBe('₺60,00');
    expect(formatPriceRange(null, [])).toBe('');
    expect(formatPriceRange(null, undefined)).toBe('');
  });
});

describe('formatTrPhone (issue 38: phone numbers checked as Turkish numbers)', () => {
  it('10 digits after 0, +90 or nothing, written as Turks write them', async () => {
    const { formatTrPhone } = await import('./validation.js');
    expect(formatTrPhone('05321234567')).toBe('0532 123 45 67');
    expect(formatTrPhone('+90 532 123 45 67')).toBe('0532 123 45 67');
    expect(formatTrPhone('(0216) 555-11-22')).toBe('0216 555 11 22');
    expect(formatTrPhone('5321234567')).toBe('0532 123 45 67');
    expect(formatTrPhone('0850 222 33 44')).toBe('0850 222 33 44');
    for (const bad of ['12345', '0532 123 45 6', '05321234567 8', '+49 30 1234567', 'ara beni', '0032 123 45 67', '']) expect(formatTrPhone(bad)).toBeNull();
  });
});
