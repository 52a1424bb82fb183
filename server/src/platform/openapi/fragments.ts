import { ADMIN_LISTS, PER_PAGE_OPTIONS, type AdminListName } from '@qrmenu/contract';

/** The document's tags (groups of operations), used by the routes' declared operations. */
export const TAG = {
  auth: 'Kimlik',
  menu: 'Herkese açık menü',
  ops: 'İşletim',
  categories: 'Kategoriler',
  products: 'Ürünler',
  settings: 'Ayarlar',
  bulk: 'Toplu işlemler',
  tables: 'Masalar',
  account: 'Hesabım',
  priceList: 'Fiyat listesi',
  staff: 'Personel',
  reports: 'Raporlar',
  branches: 'Şubeler',
  admin: 'Yönetici',
} as const;

/** The photo field of a multipart body. */
export const photoField = { name: 'image', description: 'Fotoğraf (JPEG, PNG, WebP…; en fazla 10 MB). Sunucu yeniden kodlar (WebP).' };
/** An owner's record that is not there (or another business's). */
export const OWNER_NOT_FOUND = 'Bulunamayan ya da başka işletmenin kaydı: gövde `status: 404`.';
/** An administrator's record that is not there. */
export const ADMIN_NOT_FOUND = 'Bulunamayan kayıt: gövde `status: 404`.';

/** The query of a paged admin list, from its definition in the contract (ADMIN_LISTS). */
export function adminListQuery(name: AdminListName): Record<string, string> {
  const def: { sort: readonly string[]; filters: Record<string, readonly string[]>; textFilters?: readonly string[] } = ADMIN_LISTS[name];
  return {
    page: 'Sayfa (1’den; varsayılan 1)',
    per_page: `Sayfa başına kayıt: ${PER_PAGE_OPTIONS.join(', ')}`,
    q: 'Arama (Türkçe büyük/küçük harf katlamalı)',
    sort: `Sıralama sütunu: ${def.sort.join(', ')}`,
    dir: 'asc veya desc',
    after: 'Anahtar sayfalama: önceki yanıtın `next` imleci (sonraki sayfa)',
    before: 'Anahtar sayfalama: önceki yanıtın `prev` imleci (önceki sayfa)',
    ...Object.fromEntries(Object.entries(def.filters).map(([k, v]) => [k, `Süzgeç: ${v.join(', ')}`])),
    ...Object.fromEntries((def.textFilters ?? []).map((k) => [k, k === 'branch' ? 'Süzgeç: şube adı veya menü adresi (içinde geçen); hesabı bulur' : 'Süzgeç: işletme adı (içinde geçen)'])),
  };
}
