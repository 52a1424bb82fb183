import { describe, expect, it } from 'vitest';
import type { ImportChange } from '@qrmenu/contract';
import { hasRowErrors, nothingToApply, previewRows, readImportAnswer } from './importPreview';

const file = new File(['Kategori;Ürün\n'], 'menu.csv', { type: 'text/csv' });
const change = (row: number, action: ImportChange['action']): ImportChange => ({ row, action, category: 'Çorbalar', name: `Ürün ${row}`, fields: [], new_category: false });
const summary = { categories_created: 1, products_created: 2, products_updated: 1, unchanged: 3 };

describe('menu import preview', () => {
  it('a 200 answer is the preview of the file (no changes: an empty list)', () => {
    const changes = [change(2, 'create')];
    expect(readImportAnswer({ status: 200, summary, changes }, file)).toEqual({ preview: { file, summary, changes } });
    expect(readImportAnswer({ status: 200, summary }, file)).toEqual({ preview: { file, summary, changes: [] } });
  });

  it('any other answer is its Turkish reason and the errors by row (none when not a list)', () => {
    const errors = [{ row: 4, field: 'Fiyat', message: 'Fiyat bir sayı olmalı.' }];
    expect(readImportAnswer({ status: 422, message: 'Dosyada hatalar var.', errors: errors as never }, file)).toEqual({ errors: { message: 'Dosyada hatalar var.', list: errors } });
    expect(readImportAnswer({ status: 413, errors: { file: ['Çok büyük'] } }, file)).toEqual({ errors: { message: '', list: [] } });
  });

  it('hides unchanged rows until asked', () => {
    const changes = [change(2, 'create'), change(3, 'unchanged'), change(4, 'update')];
    expect(previewRows(changes, false).rows.map((c) => c.row)).toEqual([2, 4]);
    expect(previewRows(changes, true).rows.map((c) => c.row)).toEqual([2, 3, 4]);
  });

  it('draws at most the limit and counts the rest', () => {
    const changes = Array.from({ length: 7 }, (_, i) => change(i + 2, i === 0 ? 'unchanged' : 'update'));
    expect(previewRows(changes, false, 4)).toMatchObject({ more: 2 });
    expect(previewRows(changes, false, 4).rows).toHaveLength(4);
    expect(previewRows(changes, true, 10)).toMatchObject({ more: 0 });
  });

  it('Uygula has nothing to do without created or updated products', () => {
    expect(nothingToApply(summary)).toBe(false);
    expect(nothingToApply({ ...summary, products_created: 0, products_updated: 0 })).toBe(true);
    expect(nothingToApply({ ...summary, products_created: 0 })).toBe(false);
  });

  it('a table of errors only when they point at rows', () => {
    expect(hasRowErrors({ message: '', list: [{ row: null, field: 'file', message: 'Dosya okunamadı.' }] })).toBe(false);
    expect(hasRowErrors({ message: '', list: [{ row: null, field: 'file', message: 'x' }, { row: 3, field: 'Ad', message: 'y' }] })).toBe(true);
  });
});
