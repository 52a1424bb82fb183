import { describe, expect, it } from 'vitest';
import { announcedCharge } from './price-rules.js';

describe('announcedCharge', () => {
  it('finds a charge announced in Turkish, English or German, after Turkish folding', () => {
    expect(announcedCharge("Kuver ücreti kişi başı 50 ₺'dir")).toBe('kuver');
    expect(announcedCharge('SERVİS ÜCRETİ %10')).toBe('servis ucreti');
    expect(announcedCharge('A 10% service charge is added.')).toBe('service charge');
    expect(announcedCharge('Bedienungsgeld inklusive')).toBe('bedienungsgeld');
    expect(announcedCharge('Hizmet bedeli eklenir.')).toBe('hizmet bedeli');
  });
  it('allows a sentence that says no such charge is taken, and plain notes', () => {
    expect(announcedCharge('Kuver ücreti alınmaz.')).toBeNull();
    expect(announcedCharge('Servis ücreti yoktur.')).toBeNull();
    expect(announcedCharge('No service charge.')).toBeNull();
    expect(announcedCharge('Fiyatlarımıza KDV dahildir. Bahşiş gönüllüdür.')).toBeNull();
    expect(announcedCharge('')).toBeNull();
  });
  it('judges each sentence on its own', () => {
    expect(announcedCharge('Kuver alınmaz. Servis ücreti %10 eklenir.')).toBe('servis ucreti');
  });
  it('does not take couverture chocolate for a cover charge', () => {
    expect(announcedCharge('Bitter kuvertür çikolatalı pasta')).toBeNull();
    expect(announcedCharge('Chocolate couverture cake')).toBeNull();
    expect(announcedCharge('Kuver: 40 TL')).toBe('kuver');
  });
});
