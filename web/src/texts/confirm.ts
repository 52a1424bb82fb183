import { formatNumber } from '@qrmenu/contract';

/**
 * The questions asked before anything is deleted (issue 38: nothing vanishes with one tap). Every
 * question names what goes; the buttons are the same everywhere.
 */
export const CONFIRM_TEXT = {
  yes: 'Sil',
  no: 'Vazgeç',
  ok: 'Tamam',
  undone: 'Bu işlem geri alınamaz.',
} as const;

const quoted = (name: string) => `“${name}”`;

export const DELETE_TEXT = {
  productTitle: (name: string) => `${quoted(name)} silinsin mi?`,
  productText: `Ürün, fotoğrafıyla birlikte menünüzden kalıcı olarak kaldırılır. ${CONFIRM_TEXT.undone}`,

  categoryTitle: (name: string) => `${quoted(name)} silinsin mi?`,
  categoryEmptyText: `Bu kategoride ürün yok; kategoriyle birlikte hiçbir ürün silinmez. ${CONFIRM_TEXT.undone}`,
  categoryUnknownText: `Kategori menünüzden kalıcı olarak kaldırılır. ${CONFIRM_TEXT.undone}`,
  categoryBlockedTitle: (name: string) => `${quoted(name)} silinemez`,
  categoryBlockedText: (n: number) => `Bu kategoride ${formatNumber(n)} ürün var; önce ürünleri taşıyın ya da silin.`,

  portionTitle: (name: string) => `${quoted(name)} porsiyonu silinsin mi?`,
  portionNumberTitle: (n: number) => `${n}. porsiyon silinsin mi?`,
  portionText: 'Porsiyon, ürünü kaydettiğinizde menüden kalkar.',

  logoTitle: 'Logo silinsin mi?',
  logoText: 'Kaydettiğinizde logonuz menünüzden kaldırılır ve dosyası silinir. Kaydetmeden önce “Kaldırmaktan vazgeç” ile geri alabilirsiniz.',
  coverTitle: 'Kapak fotoğrafı silinsin mi?',
  coverText: 'Kaydettiğinizde kapak fotoğrafınız menünüzden kaldırılır ve dosyası silinir. Kaydetmeden önce “Kaldırmaktan vazgeç” ile geri alabilirsiniz.',

  businessTitle: (name: string) => `${quoted(name)} silinsin mi?`,
  businessText: `İşletme ve tüm verileri (kategorileri, ürünleri, fotoğrafları) kalıcı olarak silinecek. ${CONFIRM_TEXT.undone}`,
} as const;
