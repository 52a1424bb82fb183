import { describe, expect, it } from 'vitest';
import { portionDrafts, portionsToSend, priceSummary, priceText } from './productPrices';

describe('price column (formatPrice from contract, as the owner sees it)', () => {
  it('shows the single price in Turkish lira', () => {
    expect(priceSummary({ selling_price: 92.75 })).toBe('₺92,75');
    expect(priceSummary({ selling_price: 1234.5 })).toBe('₺1.234,50');
    expect(priceSummary({ selling_price: 0 })).toBe('₺0,00');
  });

  it('prefers the single price over the portions', () => {
    expect(priceSummary({ selling_price: 80, variants: [{ name: 'Büyük', price: 120 }] })).toBe('₺80,00');
  });

  it('shows the portions as a range, or one price when they are equal', () => {
    expect(priceSummary({ selling_price: null, variants: [{ name: 'Çift', price: 165.5 }, { name: 'Tek', price: 90 }] })).toBe('₺90,00 – ₺165,50');
    expect(priceSummary({ variants: [{ name: 'Küçük', price: 60 }, { name: 'Büyük', price: 60 }] })).toBe('₺60,00');
  });

  it('shows a dash without any price', () => {
    expect(priceSummary({ selling_price: null, variants: [] })).toBe('—');
  });
});

describe('typed prices of the product form', () => {
  it('writes stored prices with a decimal comma', () => {
    expect(priceText(12.5)).toBe('12,50');
    expect(priceText(80)).toBe('80,00');
    expect(priceText(null)).toBe('');
  });

  it('loads portions without ,00 on whole prices', () => {
    expect(portionDrafts([{ name: 'Tek', price: 90 }, { name: 'Çift', price: 165.5 }])).toEqual([
      { name: 'Tek', price: '90' },
      { name: 'Çift', price: '165,50' },
    ]);
    expect(portionDrafts(undefined)).toEqual([]);
  });

  it('sends portions with either decimal mark, dropping blank rows', () => {
    expect(portionsToSend([{ name: ' Tek ', price: '90' }, { name: '', price: ' ' }, { name: 'Çift', price: '165,5' }, { name: 'Aile', price: '200.25' }])).toEqual({
      variants: [{ name: 'Tek', price: 90 }, { name: 'Çift', price: 165.5 }, { name: 'Aile', price: 200.25 }],
    });
  });

  it('refuses a portion without a name or with a price that is not one', () => {
    expect(portionsToSend([{ name: '', price: '60' }])).toHaveProperty('error');
    expect(portionsToSend([{ name: 'x'.repeat(41), price: '60' }])).toHaveProperty('error');
    for (const price of ['', 'altmış', '-5', '1,234', '12,5,0', '1.000,50']) expect(portionsToSend([{ name: 'Tek', price }]), price).toHaveProperty('error');
  });

  it('a price written back and read again is the same number', () => {
    for (const n of [0, 0.5, 9.99, 90, 165.5, 1234.56]) {
      const sent = portionsToSend(portionDrafts([{ name: 'P', price: n }]));
      expect(sent).toEqual({ variants: [{ name: 'P', price: n }] });
    }
  });
});
