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
