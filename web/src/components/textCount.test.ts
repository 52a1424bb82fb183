import { describe, expect, it } from 'vitest';
import { counterState, countCharacters, countUnits } from './textCount';

describe('text counters (the live n / max of CountedTextField)', () => {
  it('counts trimmed text', () => {
    expect(countCharacters('  Çınar Kafe  ')).toBe(10);
    expect(countUnits('  Çınar Kafe  ')).toBe(10);
  });

  it('counts an emoji as one character for the appearance fields and as two units as zod does', () => {
    expect(countCharacters('Kahve ☕️🍰')).toBe(9);
    expect(countUnits('Kahve 🍰')).toBe(8);
  });

  it('turns over past the limit, not at it', () => {
    expect(counterState('a'.repeat(300), 300)).toEqual({ n: 300, max: 300, over: false, left: 0 });
    expect(counterState('a'.repeat(301), 300)).toMatchObject({ over: true, left: -1 });
    expect(counterState('🍰'.repeat(3), 5, countUnits)).toMatchObject({ n: 6, over: true });
    expect(counterState('🍰'.repeat(3), 5)).toMatchObject({ n: 3, over: false });
  });
});
