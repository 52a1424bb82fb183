import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProductUsage } from '@qrmenu/contract';
import { api } from '../../api/client';
import { SortableList } from '../../components/Sortable';
import { Button, EmptyState, inputClass, Modal, PageHeader, Spinner, cx } from '../../components/ui';
import { LIST_FILTER_TEXT as F, SORT_TEXT } from '../../texts/content';
import { PRODUCT_TEXT as T } from '../../texts/user';
import { matchesName, mergeOrder, saveOrder, type MenuProduct } from './content';
import { GroupHeading, PRODUCT_COLUMNS, ProductHead, ProductRow } from './ProductRow';
import { ProductForm } from './ProductForm';
import { AllergenSuggestions } from './AllergenSuggestions';
import { reloadWithToast, TableCard, useFlashToast } from './shared';
import type { Answer, categoryNamesResponseSchema, productsResponseSchema } from '@qrmenu/contract';

function UsageMeter({ usage }: { usage: ProductUsage }) {
  const pct = Math.min(100, Math.round((usage.count / Math.max(1, usage.limit)) * 100));
  const full = usage.count >= usage.limit;
  return (
    <div className="mb-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm" data-testid="product-usage">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-stone-800">{T.usage(usage.count, usage.limit)}</p>
        <p className="text-xs text-stone-500">{T.usageHint(usage.plan)}</p>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden>
        <div className={cx('h-full rounded-full', full ? 'bg-red-600' : pct >= 80 ? 'bg-amber-500' : 'bg-brand-600')} style={{ width: `${pct}%` }} />
      </div>
      {full ? <p className="mt-2 text-sm text-red-700">{T.limitReached}</p> : null}
    </div>
  );
}

const toCategoriesLink = (
  <Link to="/user/categories" className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
    {T.toCategories}
  </Link>
);

/**
 * Products (spec §2, title Ürünler): grouped by category in the owner's order, drag and drop
 * within a category (saved at once), a Tükendi switch per row, a category filter and a name search
 * (?kategori=, ?ara=), the Ürün Ekle modal with X close, the product limit used.
 */
export default function Products() {
  useFlashToast();
  const [rows, setRows] = useState<MenuProduct[] | null>(null);
  const [usage, setUsage] = useState<ProductUsage | null>(null);
  const [categories, setCategories] = useState<Array<{ id: number; name: string }> | null>(null);
  const [adding, setAdding] = useState(false);
  const [params, setParams] = useSearchParams();
  const categoryFilter = Number(params.get('kategori')) || 0;
  const query = params.get('ara') ?? '';
  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const load = useCallback(() => {
    api
      .get<Answer<typeof productsResponseSchema>>('/api/view-product')
      .then((res) => {
        if (res.status !== 200) return;
        setRows(res.products);
        setUsage(res.usage ?? null);
      })
      .catch(() => undefined);
    api
      .get<Answer<typeof categoryNamesResponseSchema>>('/api/all-category')
      .then((res) => res.status === 200 && setCategories(res.category))
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);

  // one group per category, in the categories' order; each keeps the products' order
  const groups = useMemo(() => {
    if (!rows) return [];
    const known = new Map<number, { id: number; name: string }>();
    for (const c of categories ?? []) known.set(c.id, c);
    for (const p of rows) if (!known.has(p.category_id)) known.set(p.category_id, p.category ?? { id: p.category_id, name: '' });
    return [...known.values()]
      .filter((c) => !categoryFilter || c.id === categoryFilter)
      .map((c) => {
        const all = rows.filter((p) => p.category_id === c.id);
        return { category: c, all, shown: all.filter((p) => matchesName(p.name, query)) };
      })
      .filter((g) => g.all.length > 0 || (categoryFilter && !query));
  }, [rows, categories, categoryFilter, query]);
  const shownCount = groups.reduce((n, g) => n + g.shown.length, 0);

  const reorder = (categoryId: number, full: number[], visibleNew: number[]) => {
    if (!rows) return;
    const ids = mergeOrder(full, visibleNew);
    const byId = new Map(rows.map((p) => [p.id, p]));
    let i = 0;
    const after = rows.map((p) => (p.category_id === categoryId ? byId.get(ids[i++])! : p));
    void saveOrder(rows, after, setRows, '/api/sort-products', { category_id: categoryId, ids });
  };
  const replace = (p: MenuProduct) => setRows((r) => r?.map((x) => (x.id === p.id ? p : x)) ?? r);
  const remove = (id: number) => {
    setRows((r) => r?.filter((x) => x.id !== id) ?? r);
    setUsage((u) => (u ? { ...u, count: Math.max(0, u.count - 1) } : u));
  };

  const addButton = <Button onClick={() => setAdding(true)}>{T.add}</Button>;
  const noCategories = categories != null && categories.length === 0;
  const filtering = Boolean(categoryFilter || query.trim());

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={addButton} />
      {usage ? <UsageMeter usage={usage} /> : null}
      <AllergenSuggestions onConverted={load} />
      {rows == null ? (
        <Spinner label={T.loading} />
      ) : rows.length === 0 ? (
        noCategories ? <EmptyState title={T.noCategoryTitle} text={T.noCategoryText} action={toCategoriesLink} /> : <EmptyState title={T.emptyTitle} text={T.emptyText} />
      ) : (
        <>
          <div className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]" role="search">
            <label className="block text-sm font-medium text-stone-700">
              {F.category}
              <select className={cx(inputClass, 'mt-1 min-h-10')} value={categoryFilter || ''} onChange={(e) => setParam('kategori', e.target.value)}>
                <option value="">{F.allCategories}</option>
                {(categories ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium text-stone-700">
              {F.search}
              <input type="search" className={cx(inputClass, 'mt-1 min-h-10')} placeholder={F.searchPlaceholder} value={query} onChange={(e) => setParam('ara', e.target.value)} />
            </label>
          </div>
          <p className="mb-2 text-xs text-stone-500" aria-live="polite">
            {F.shown(shownCount, rows.length)} · {SORT_TEXT.hint}
          </p>
          {shownCount === 0 && filtering ? (
            <EmptyState
              title={F.noMatchTitle}
              text={F.noMatchText}
              action={
                <Button variant="secondary" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                  {F.clear}
                </Button>
              }
            />
          ) : (
            <TableCard>
              <table role="table" className="w-full sm:min-w-[760px]">
                <thead className="sr-only bg-stone-50 sm:not-sr-only sm:table-header-group">
                  <ProductHead />
                </thead>
                {groups.map((g) => (
                  <tbody key={g.category.id} className="block divide-y divide-stone-100 border-t border-stone-200 sm:table-row-group">
                    <GroupHeading name={g.category.name} count={F.shown(g.shown.length, g.all.length)} columns={PRODUCT_COLUMNS} />
                    {g.shown.length === 0 ? (
                      <tr role="row" className="block sm:table-row">
                        <td role="cell" colSpan={PRODUCT_COLUMNS} className="block px-3 py-3 text-sm text-stone-500 sm:table-cell">
                          {F.emptyCategory}
                        </td>
                      </tr>
                    ) : (
                      <SortableList
                        ids={g.shown.map((p) => p.id)}
                        nameOf={(id) => g.all.find((p) => p.id === id)?.name ?? ''}
                        onReorder={(ids) => reorder(g.category.id, g.all.map((p) => p.id), ids)}
                      >
                        {g.shown.map((p) => (
                          <ProductRow key={p.id} p={p} onChange={replace} onDeleted={() => remove(p.id)} />
                        ))}
                      </SortableList>
                    )}
                  </tbody>
                ))}
              </table>
            </TableCard>
          )}
        </>
      )}
      <Modal title={T.addTitle} open={adding} onClose={() => setAdding(false)}>
        {noCategories ? (
          <EmptyState title={T.noCategoryTitle} text={T.noCategoryText} action={toCategoriesLink} />
        ) : (
          /* spec §4: add product success reloads the page */
          <ProductForm categories={categories ?? []} url="/api/store-product" submitLabel={T.save} onDone={(res) => res.status === 200 && reloadWithToast(res.message)} />
        )}
      </Modal>
    </div>
  );
}
