import type { MenuLanguage, PublicCategory, PublicProduct } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { categoryTranslations, productTranslations } from '../translations/index.js';

/**
 * The diner's menu in a language: each name, description and portion name replaced by its
 * translation where there is one, the Turkish kept item by item (field by field) where not.
 */

export async function translateCategories<C extends PublicCategory>(db: DB, lang: MenuLanguage | undefined, categories: C[]): Promise<C[]> {
  if (!lang || categories.length === 0) return categories;
  const tr = await categoryTranslations(db, lang, categories.map((c) => c.id));
  return categories.map((c) => {
    const t = tr.get(c.id);
    return t ? { ...c, name: t.name || c.name, description: t.description || c.description } : c;
  });
}

type WithCategory = { category?: { id: number; name: string } };

export async function translateProducts<P extends PublicProduct & WithCategory>(db: DB, lang: MenuLanguage | undefined, products: P[]): Promise<P[]> {
  if (!lang || products.length === 0) return products;
  const tr = await productTranslations(db, lang, products.map((p) => p.id));
  const catIds = [...new Set(products.flatMap((p) => (p.category ? [p.category.id] : [])))];
  const cats = await categoryTranslations(db, lang, catIds);
  return products.map((p) => {
    const t = tr.get(p.id);
    const out = t
      ? {
          ...p,
          name: t.name || p.name,
          description: t.description || p.description,
          variants: p.variants.map((v, i) => ({ ...v, name: t.variants[i] || v.name })),
        }
      : { ...p };
    if (p.category) out.category = { ...p.category, name: cats.get(p.category.id)?.name || p.category.name };
    return out;
  });
}
