import { describe, expect, it } from 'vitest';
import { suggestAllergenCodes } from './menu-content.js';

describe('suggestAllergenCodes', () => {
  it('finds the 14 in a free-text note, Turkish-folded, whole items only', () => {
    expect(suggestAllergenCodes('gluten, süt')).toEqual({ codes: ['gluten', 'sut'], rest: '' });
    expect(suggestAllergenCodes('GLUTEN İÇEREN TAHILLAR ve Yumurta')).toEqual({ codes: ['gluten', 'yumurta'], rest: '' });
    expect(suggestAllergenCodes('Süt ürünleri; susam / ceviz & hardal')).toEqual({ codes: ['sut', 'sert_kabuklu', 'hardal', 'susam'], rest: '' });
    expect(suggestAllergenCodes('Sut, tarçın, fıstık ezmesi.')).toEqual({ codes: ['sut'], rest: 'tarçın, fıstık ezmesi' });
    expect(suggestAllergenCodes('Yer fıstığı')).toEqual({ codes: ['yer_fistigi'], rest: '' });
  });

  it('a note that names none of them, or a word inside another, is not offered', () => {
    expect(suggestAllergenCodes('Tarçın')).toBeNull();
    expect(suggestAllergenCodes('sütlü tatlı')).toBeNull();
    expect(suggestAllergenCodes('fıstık')).toBeNull(); // yer fıstığı or Antep fıstığı: the owner decides
    expect(suggestAllergenCodes('')).toBeNull();
    expect(suggestAllergenCodes(null)).toBeNull();
  });
});
