import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatTrPhone, PROVINCES, type BranchAnswer, type FieldErrors } from '@qrmenu/contract';
import { api } from '../../api/client';
import { confirmDialog } from '../../components/confirm';
import { notify } from '../../components/notify';
import { Badge, Button, Card, EmptyState, PageHeader, SelectField, Spinner, TextField } from '../../components/ui';
import { BRANCHES_TEXT as T } from '../../texts/branches';
import { useBranches } from './branchContext';
import { runRowChange } from './shared';

type Form = { name: string; address: string; city: string; tel: string; deskcount: string; wifi_name: string; wifi_password: string; slug: string };
const EMPTY: Form = { name: '', address: '', city: '', tel: '', deskcount: '', wifi_name: '', wifi_password: '', slug: '' };
const formOf = (b: BranchAnswer): Form => ({
  name: b.name, address: b.address, city: String(b.city), tel: b.tel, deskcount: b.deskcount == null ? '' : String(b.deskcount), wifi_name: b.wifi_name ?? '', wifi_password: b.wifi_password ?? '', slug: b.slug ?? '',
});

/** The form of a new branch, or of the one being edited (its menu address is then fixed). */
function BranchForm({ editing, onDone, onCancel }: { editing?: BranchAnswer; onDone: () => void; onCancel: () => void }) {
  const [form, setForm] = useState<Form>(editing ? formOf(editing) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const { slug, city, ...rest } = form;
    const body = { ...rest, ...(city ? { city: Number(city) } : {}), ...(editing ? {} : { slug }) };
    try {
      const res = await api.post(editing ? `/api/branches/${editing.id}` : '/api/branches', body);
      if (res.status === 200) {
        notify.success(res.message ?? '');
        setErrors({});
        setForm(EMPTY);
        onDone();
      } else {
        setErrors(res.errors ?? {});
        notify.error(res.message ?? '');
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-stone-900">{editing ? T.editTitle(editing.name) : T.newTitle}</h2>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="branch-form">
        <TextField label={T.name} name="name" required value={form.name} onChange={set('name')} errors={errors.name} hint={T.nameHint} />
        <TextField label={T.street} name="address" value={form.address} onChange={set('address')} errors={errors.address} />
        <SelectField label={T.city} name="city" value={form.city} onChange={set('city')} errors={errors.city}>
          <option value="">{T.cityMain}</option>
          {PROVINCES.map((p, i) => (
            <option key={p} value={i + 1}>
              {p}
            </option>
          ))}
        </SelectField>
        <TextField label={T.tel} name="tel" type="tel" value={form.tel} onChange={set('tel')} errors={errors.tel} />
        <TextField label={T.deskcount} name="deskcount" inputMode="numeric" value={form.deskcount} onChange={set('deskcount')} errors={errors.deskcount} />
        <TextField label={T.wifiName} name="wifi_name" value={form.wifi_name} onChange={set('wifi_name')} errors={errors.wifi_name} />
        <TextField label={T.wifiPassword} name="wifi_password" value={form.wifi_password} onChange={set('wifi_password')} errors={errors.wifi_password} />
        {editing ? null : <TextField label={T.slug} name="slug" value={form.slug} onChange={set('slug')} errors={errors.slug} hint={T.slugHint} autoComplete="off" />}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? T.saving : editing ? T.save : T.create}
          </Button>
          {editing ? (
            <Button type="button" variant="secondary" onClick={onCancel}>
              {T.cancel}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function BranchRow({ b, onEdit, onChange }: { b: BranchAnswer; onEdit: () => void; onChange: () => void }) {
  const { select } = useBranches();
  const remove = async () => {
    if (await confirmDialog(T.deleteTitle, T.deleteText(b.name), T.deleteYes, T.deleteNo)) await runRowChange(() => api.delete(`/api/branches/${b.id}`), onChange);
  };
  const city = PROVINCES[b.city - 1] ?? '';
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="branch-row">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">
          {b.name} {b.main ? <Badge tone="green">{T.main}</Badge> : null}
        </p>
        <p className="text-sm text-stone-700">{[b.address, city, b.tel ? (formatTrPhone(b.tel) ?? b.tel) : ''].filter(Boolean).join(' · ')}</p>
        <p className="text-xs text-stone-600">{T.views(b.views)}</p>
        {b.qrlink ? (
          <p className="break-all text-xs text-stone-600">
            {T.address}:{' '}
            <a className="text-brand-700 underline" href={`/qr/${b.slug}`} target="_blank" rel="noreferrer">
              {b.qrlink}
            </a>
          </p>
        ) : null}
        {b.main ? <p className="text-xs text-stone-600">{T.mainHint}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {b.main ? (
          <Link to="/user/settings" className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:bg-stone-50">
            {T.toSettings}
          </Link>
        ) : (
          <>
            <Link to="/user/sube-fiyatlari" onClick={() => select(b.id)} className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:bg-stone-50">
              {T.prices}
            </Link>
            <Button variant="secondary" onClick={onEdit} aria-label={`${T.edit}: ${b.name}`}>
              {T.edit}
            </Button>
            <Button variant="danger" onClick={() => void remove()} aria-label={`${T.remove}: ${b.name}`}>
              {T.remove}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** /user/subeler: the account's branches (the main one first), a form to add or edit one, delete with a confirmation. */
export default function Branches() {
  const { branches, limit, plan, loaded, failed, reload } = useBranches();
  const [editing, setEditing] = useState<BranchAnswer>();
  if (failed && !loaded) return <EmptyState title={T.loadError} />;
  if (!loaded) return <Spinner />;
  const full = limit != null && branches.length >= limit;
  const extra = branches.filter((b) => !b.main);
  return (
    <div className="space-y-6">
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <p className="text-sm text-stone-700" data-testid="branch-limit">
        {T.limit(plan, limit, branches.length)} {full ? T.full : ''}
      </p>
      {editing ? (
        <BranchForm key={editing.id} editing={editing} onCancel={() => setEditing(undefined)} onDone={() => (setEditing(undefined), reload())} />
      ) : full ? null : (
        <BranchForm onCancel={() => undefined} onDone={reload} />
      )}
      <Card>
        <ul className="divide-y divide-stone-100">
          {branches.map((b) => (
            <BranchRow key={b.id} b={b} onEdit={() => setEditing(b)} onChange={reload} />
          ))}
        </ul>
        {extra.length === 0 ? <EmptyState title={T.empty} text={T.emptyText} /> : null}
      </Card>
    </div>
  );
}
