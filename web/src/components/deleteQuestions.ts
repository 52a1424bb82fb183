import { DELETE_TEXT as T } from '../texts/confirm';
import type { DeleteQuestion } from './confirm';

/** Pure builders of the questions asked before each delete (tested in deleteQuestions.test.ts). */

export const productQuestion = (name: string): DeleteQuestion => ({ title: T.productTitle(name), text: T.productText, canDelete: true });

/**
 * A category is only deleted empty (the server answers 409 otherwise): with products the dialog
 * says how many and offers no Sil; empty, it says that no product goes with it. The count comes
 * from the list (`product_count`); when the list did not carry it, the server still decides.
 */
export function categoryQuestion(c: { name: string; product_count?: number | null }): DeleteQuestion {
  const n = c.product_count;
  if (n != null && n > 0) return { title: T.categoryBlockedTitle(c.name), text: T.categoryBlockedText(n), canDelete: false };
  return { title: T.categoryTitle(c.name), text: n === 0 ? T.categoryEmptyText : T.categoryUnknownText, canDelete: true };
}

/**
 * A portion row of the product form: a row with nothing typed in is removed without a question
 * (nothing is lost); otherwise it is named by its name, or by its number when only a price is typed.
 */
export function portionQuestion(d: { name: string; price: string }, index: number): DeleteQuestion | null {
  const name = d.name.trim();
  if (!name && !d.price.trim()) return null;
  return { title: name ? T.portionTitle(name) : T.portionNumberTitle(index + 1), text: T.portionText, canDelete: true };
}

export const imageQuestion = (kind: 'logo' | 'cover'): DeleteQuestion =>
  kind === 'logo' ? { title: T.logoTitle, text: T.logoText, canDelete: true } : { title: T.coverTitle, text: T.coverText, canDelete: true };

export const businessQuestion = (name: string): DeleteQuestion => ({ title: T.businessTitle(name), text: T.businessText, canDelete: true });
