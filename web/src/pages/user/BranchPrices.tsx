import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { foldTurkish, formatPrice, type Answer, type BranchOverride, type branchPricesResponseSchema, type productsResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Badge, Button, Card, EmptyState, inputClass, PageHeader, SelectField, Spinner } from '../../components/ui';
import { BRANCH_PRICES_TEXT as T } from '../../texts/branches';
import { useBranches } from './branchContext';

type Product = { id: number; name: string; category: { name: string }; selling_price: number | null };
type Draft = { price: string; unavailable: boolean; sold_out: boolean };
const draftOf = (o: BranchOverride | undefined): Draft => ({ price: o?.price == null ? '' : String(o.price).replace('.', ','), unavailable: o?.unavailable ?? false, sold_out: o?.sold_out ?? false });

/** One product at the branch: its shared price, the branch's price, left off, sold out. */
function PriceRow({ p, branchId, override, onSaved }: { p: Product; branchId: number; override?: BranchOverride; onSaved: (list: BranchOverride[], productId: number) => void }) {
  const [draft, setDraft] = useState<Draft>(draftOf(override));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const send = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      const res = await api.post<Answer<typeof branchPricesResponseSchema>>('/api/branch-prices', { branch_id: branchId, product_id: p.id, ...body });
      if (res.status === 200) {
        notify.success(res.message ?? '');
        setError(undefined);
        onSaved(res.overrides, p.id);
      } else {
        setError(res.errors?.price?.[0] ?? res.message);
        notify.error(res.message ?? '');
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_9rem_auto_auto_auto] sm:items-center" data-testid="branch-price-row">
      <div className="min-w-0">
        <p className="font-medium text-stone-900">
          {p.name} {override ? <Badge tone="amber">{T.overridden}</Badge> : null}
        </p>
        <p className="text-xs text-stone-600">
          {p.category.name} · {T.shared}: {formatPrice(p.selling_price)}
        </p>
      </div>
      <div>
        <input
          className={inputClass}
          inputMode="decimal"
          aria-label={T.priceOf(p.name)}
          placeholder={formatPrice(p.selling_price)}
          value={draft.price}
          onChange={(e) => setDraft({ ...draft, price: e.target.value })}
          aria-invalid={error ? true : undefined}
        />
        {error ? <p className="mt-1 text-xs text-red-700">{error}</p> : null}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
        <input type="checkbox" className="h-5 w-5" checked={draft.unavailable} onChange={(e) => setDraft({ ...draft, unavailable: e.target.checked })} />
        {T.unavailable}
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
        <input type="checkbox" className="h-5 w-5" checked={draft.sold_out} onChange={(e) => setDraft({ ...draft, sold_out: e.target.checked })} />
        {T.soldOut}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => void send({ price: draft.price, unavailable: draft.unavailable, sold_out: draft.sold_out })} aria-label={`${T.save}: ${p.name}`}>
          {T.save}
        </Button>
        {override ? (
          <Button variant="secondary" disabled={busy} onClick={() => void send({ clear: true })}>
            {T.reset}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** /user/sube-fiyatlari: a branch's prices and availability over the shared menu (the branch chosen in the header or here). */
export default function BranchPrices() {
  const { branches, selected, select, loaded } = useBranches();
  const extra = branches.filter((b) => !b.main);
  const branchId = extra.some((b) => b.id === selected) ? selected : extra[0]?.id;
  const [products, setProducts] = useState<Product[]>();
  const [overrides, setOverrides] = useState<BranchOverride[]>([]);
  const [failed, setFailed] = useState(false);
  const [q, setQ] = useState('');

  useEffect(() => {
    if (branchId === undefined) return;
    let live = true;
    Promise.all([api.get<Answer<typeof productsResponseSchema>>('/api/view-product'), api.get<Answer<typeof branchPricesResponseSchema>>(`/api/branch-prices?branch_id=${branchId}`)])
      .then(([p, o]) => {
        if (!live) return;
        if (p.status !== 200 || o.status !== 200) return setFailed(true);
        setProducts(p.products);
        setOverrides(o.overrides);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [branchId]);

  const byProduct = useMemo(() => new Map(overrides.map((o) => [o.product_id, o])), [overrides]);
  const shown = useMemo(() => (products ?? []).filter((p) => !q || foldTurkish(p.name).includes(foldTurkish(q))), [products, q]);
  if (!loaded) return <Spinner />;
  if (branchId === undefined) {
    return (
      <div className="space-y-6">
        <PageHeader title={T.title} subtitle={T.subtitle} />
        <EmptyState title={T.noBranches} text={T.noBranchesText} action={<Link className="text-brand-700 underline" to="/user/subeler">{T.toBranches}</Link>} />
      </div>
    );
  }
  if (failed) return <EmptyState title={T.loadError} />;
  if (!products) return <Spinner />;
  const saved = (list: BranchOverride[], productId: number) => setOverrides([...overrides.filter((o) => o.product_id !== productId), ...list]);
  return (
    <div className="space-y-6">
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={T.branch} name="branch" value={branchId} onChange={(e) => select(Number(e.target.value))}>
            {extra.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </SelectField>
          <label className="block text-sm font-medium text-stone-800">
            {T.search}
            <input className={`${inputClass} mt-1`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </label>
        </div>
        {products.length === 0 ? (
          <EmptyState title={T.noProducts} />
        ) : (
          <ul className="mt-4 divide-y divide-stone-100">
            {shown.map((p) => (
              <PriceRow key={`${branchId}-${p.id}-${JSON.stringify(byProduct.get(p.id) ?? null)}`} p={p} branchId={branchId} override={byProduct.get(p.id)} onSaved={saved} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
