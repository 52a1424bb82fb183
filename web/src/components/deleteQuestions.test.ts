import { describe, expect, it } from 'vitest';
import { DANGER_BUTTON_CLASS, questionOptions } from './confirm';
import { businessQuestion, categoryQuestion, imageQuestion, portionQuestion, productQuestion } from './deleteQuestions';

describe('delete questions (issue 38: nothing vanishes with one tap)', () => {
  it('names the product', () => {
    const q = productQuestion('Süzme Mercimek Çorbası');
    expect(q).toMatchObject({ title: '“Süzme Mercimek Çorbası” silinsin mi?', canDelete: true });
    expect(q.text).toContain('geri alınamaz');
  });

  it('refuses a category that still has products, saying how many (no Sil)', () => {
    const q = categoryQuestion({ name: 'Çorbalar', product_count: 12 });
    expect(q).toEqual({ title: '“Çorbalar” silinemez', text: 'Bu kategoride 12 ürün var; önce ürünleri taşıyın ya da silin.', canDelete: false });
    expect(categoryQuestion({ name: 'Tek', product_count: 1 })).toMatchObject({ canDelete: false, text: 'Bu kategoride 1 ürün var; önce ürünleri taşıyın ya da silin.' });
    expect(categoryQuestion({ name: 'Büyük', product_count: 1250 }).text).toBe('Bu kategoride 1.250 ürün var; önce ürünleri taşıyın ya da silin.');
  });

  it('asks for an empty category, saying that no product goes with it', () => {
    const q = categoryQuestion({ name: 'Tatlılar', product_count: 0 });
    expect(q.canDelete).toBe(true);
    expect(q.title).toBe('“Tatlılar” silinsin mi?');
    expect(q.text).toContain('Bu kategoride ürün yok');
  });

  it('asks without a count when the list did not carry one (the server still refuses a full category)', () => {
    for (const product_count of [undefined, null]) {
      const q = categoryQuestion({ name: 'Yeni', product_count });
      expect(q.canDelete).toBe(true);
      expect(q.text).not.toContain('ürün yok');
    }
  });

  it('removes an empty portion row at once and names a filled one', () => {
    expect(portionQuestion({ name: ' ', price: '' }, 0)).toBeNull();
    expect(portionQuestion({ name: 'Büyük', price: '90' }, 1)?.title).toBe('“Büyük” porsiyonu silinsin mi?');
    expect(portionQuestion({ name: '', price: '90' }, 1)?.title).toBe('2. porsiyon silinsin mi?');
  });

  it('names the logo, the cover and the business', () => {
    expect(imageQuestion('logo').title).toBe('Logo silinsin mi?');
    expect(imageQuestion('cover').title).toBe('Kapak fotoğrafı silinsin mi?');
    expect(businessQuestion('Çınar Kafe').title).toBe('“Çınar Kafe” silinsin mi?');
  });
});

describe('questionOptions (SweetAlert2)', () => {
  it('offers Sil / Vazgeç with the focus on Vazgeç, Escape cancelling', () => {
    const o = questionOptions(productQuestion('Çay'));
    expect(o).toMatchObject({ showCancelButton: true, confirmButtonText: 'Sil', cancelButtonText: 'Vazgeç', focusCancel: true, focusConfirm: false, allowEscapeKey: true, returnFocus: true });
    expect(o.customClass).toEqual({ confirmButton: DANGER_BUTTON_CLASS });
    expect(o.title).toBe('“Çay” silinsin mi?');
  });

  it('offers only Tamam when the item cannot be deleted', () => {
    const o = questionOptions(categoryQuestion({ name: 'Çorbalar', product_count: 3 }));
    expect(o.showCancelButton).toBe(false);
    expect(o.confirmButtonText).toBe('Tamam');
    expect(JSON.stringify(o)).not.toContain('"Sil"');
  });

  it('keeps other wording when asked (leaving unsaved changes)', () => {
    const o = questionOptions({ title: 'x', text: 'y', canDelete: true }, 'Kaydetmeden çık', 'Sayfada kal');
    expect([o.confirmButtonText, o.cancelButtonText]).toEqual(['Kaydetmeden çık', 'Sayfada kal']);
  });
});
