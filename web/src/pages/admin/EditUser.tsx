import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { CITY_PLACEHOLDER, formatDate, formatTrPhone, formatNumber, planOf, provinceName, PROVINCES, type AdminUserRow, type FieldErrors } from '@qrmenu/contract';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Badge, Button, Card, EmptyState, PageHeader, SelectField, Spinner, TextField } from '../../components/ui';
import { EDIT_USER_TEXT as T, LEVEL_LABELS, TOAST } from '../../texts/admin';
import { DeleteBusiness } from './DeleteBusiness';
import type { Answer, adminUserResponseSchema, adminUserUpdatedResponseSchema } from '@qrmenu/contract';
import { ADMIN_BRANCHES_TEXT as BT } from '../../texts/branches';

type AdminBranch = { id: number; name: string; qrlink: string; address: string; city: number };

interface Form {
  name: string;
  companyname: string;
  address: string;
  city: string;
  tel: string;
  deskcount: string;
  qrlink: string;
  companyengname: string;
  count: string;
  qr_status: string;
  status: string;
  userlevel: string;
}

const toForm = (u: AdminUserRow): Form => ({
  name: u.name ?? '',
  companyname: u.companyname ?? '',
  address: u.address ?? '',
  city: String(u.city ?? 0),
  tel: formatTrPhone(u.tel ?? '') ?? u.tel ?? '',
  deskcount: u.deskcount == null ? '' : String(u.deskcount),
  qrlink: u.qrlink ?? '',
  companyengname: u.companyengname ?? '',
  count: String(u.count ?? 0),
  qr_status: String(u.qr_status),
  status: String(u.status),
  userlevel: u.userlevel,
});

/** The QR link that follows a slug change: same host, `/qr/{slug}` (only when it followed the old slug). */
function followSlug(qrlink: string, oldSlug: string, newSlug: string): string {
  // encoded, so a half-typed slug ("Yeni Ad") never makes the link itself invalid: the slug field shows the error
  const enc = encodeURIComponent;
  const base = qrlink.includes('/qr/') ? qrlink.slice(0, qrlink.lastIndexOf('/qr/')) : window.location.origin;
  if (qrlink === '' || qrlink.endsWith(`/qr/${enc(oldSlug)}`) || qrlink.endsWith(`/qr/${oldSlug}`)) return newSlug ? `${base}/qr/${enc(newSlug)}` : '';
  return qrlink;
}

/** Edit a business account (spec §2 edit user form; §8: 200 toast, 422 toast + red field errors, 404 toast only). */
export default function EditUser() {
  const { id } = useParams();
  const [user, setUser] = useState<AdminUserRow>();
  const [branches, setBranches] = useState<AdminBranch[]>([]);
  const [form, setForm] = useState<Form>();
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<Answer<typeof adminUserResponseSchema>>(`/api/edit-user/${id}`)
      .then((res) => {
        if (!live) return;
        if (res.status === 200) {
          setUser(res.user);
          setBranches(res.branches ?? []);
          setForm(toForm(res.user));
        } else if (res.status === 404) {
          setMissing(true);
          notify.warning(TOAST.notFound, res.message);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);

  if (missing) {
    return (
      <div>
        <PageHeader title={T.title} />
        <EmptyState title={T.notFound} text={T.notFoundText} action={<Link to="/admin/users" className="font-semibold text-brand-700 hover:underline">{T.back}</Link>} />
      </div>
    );
  }
  if (!form || !user) return <Spinner label={T.loading} />;

  const set = (key: keyof Form) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setErrors((errs) => {
      if (!errs[key] && !(key === 'companyengname' && errs.qrlink)) return errs;
      const next = { ...errs };
      delete next[key];
      if (key === 'companyengname') delete next.qrlink;
      return next;
    });
    setForm((f) => {
      if (!f) return f;
      if (key === 'companyengname') return { ...f, companyengname: value, qrlink: followSlug(f.qrlink, f.companyengname, value.trim()) };
      return { ...f, [key]: value };
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post<Answer<typeof adminUserUpdatedResponseSchema>>(`/api/update-user/${id}`, {
        ...form,
        deskcount: form.deskcount.trim() === '' ? null : form.deskcount.trim(),
        city: Number(form.city),
        qr_status: Number(form.qr_status),
        status: Number(form.status),
      });
      if (res.status === 200) {
        setErrors({});
        setUser(res.user);
        setForm(toForm(res.user));
        notify.success(TOAST.success, res.message);
      } else if (res.status === 422) {
        setErrors(res.errors ?? {});
        notify.error(TOAST.invalid);
      } else if (res.status === 404) {
        notify.warning(TOAST.notFound, res.message);
      }
    } catch {
      // transport errors are shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const plan = planOf(form.userlevel);
  const slugChanged = Boolean(user.companyengname) && form.companyengname.trim() !== user.companyengname;

  return (
    <div>
      <Link to="/admin/users" className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        ‹ {T.back}
      </Link>
      <PageHeader
        title={T.title}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <span>{user.companyname || user.name}</span>
            <span className="text-stone-400">·</span>
            <span>{user.email}</span>
            <span className="text-stone-400">·</span>
            <span>{formatDate(user.created_at)}</span>
            {user.status === 1 ? <Badge tone="green">{T.statusOptions['1']}</Badge> : <Badge tone="red">{T.statusOptions['0']}</Badge>}
            <Badge tone="amber">{LEVEL_LABELS[user.userlevel]}</Badge>
          </span>
        }
      />
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
        <Card>
          <h2 className="mb-4 text-base font-semibold text-stone-900">{T.sections.profile}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={T.name} name="name" required value={form.name} onChange={set('name')} errors={errors.name} />
            <TextField label={T.companyname} name="companyname" value={form.companyname} onChange={set('companyname')} errors={errors.companyname} />
            <TextField label={T.address} name="address" className="sm:col-span-2" value={form.address} onChange={set('address')} errors={errors.address} />
            <SelectField label={T.city} name="city" value={form.city} onChange={set('city')} errors={errors.city}>
              <option value="0">{CITY_PLACEHOLDER}</option>
              {PROVINCES.map((p, i) => (
                <option key={p} value={String(i + 1)}>
                  {p}
                </option>
              ))}
            </SelectField>
            <TextField label={T.tel} name="tel" type="tel" value={form.tel} onChange={set('tel')} errors={errors.tel} onBlur={() => setForm((f) => (f ? { ...f, tel: formatTrPhone(f.tel) ?? f.tel } : f))} placeholder="0532 123 45 67" />
            <TextField label={T.deskcount} name="deskcount" type="number" min={0} inputMode="numeric" value={form.deskcount} onChange={set('deskcount')} errors={errors.deskcount} />
          </div>
        </Card>

        <Card>
          <h2 className="mb-4 text-base font-semibold text-stone-900">{T.sections.menu}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={T.companyengname} name="companyengname" value={form.companyengname} onChange={set('companyengname')} errors={errors.companyengname} hint={T.companyengnameHint} autoCapitalize="off" spellCheck={false} />
            <TextField label={T.qrlink} name="qrlink" type="url" value={form.qrlink} onChange={set('qrlink')} errors={errors.qrlink} hint={T.qrlinkHint} />
            {slugChanged ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 sm:col-span-2">{T.slugChangeWarning}</p> : null}
            <SelectField label={T.qrStatus} name="qr_status" value={form.qr_status} onChange={set('qr_status')} errors={errors.qr_status} hint={T.qrStatusHint}>
              <option value="1">{T.qrStatusOptions['1']}</option>
              <option value="0">{T.qrStatusOptions['0']}</option>
            </SelectField>
            <TextField label={T.count} name="count" type="number" min={0} inputMode="numeric" value={form.count} onChange={set('count')} errors={errors.count} />
            {user.qrlink ? (
              <a href={user.qrlink} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold text-brand-700 hover:underline sm:col-span-2">
                {T.openMenu} ↗
              </a>
            ) : null}
          </div>
        </Card>

        <Card>
          <h2 className="mb-4 text-base font-semibold text-stone-900">{T.sections.plan}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={T.status} name="status" value={form.status} onChange={set('status')} errors={errors.status} hint={T.statusHint}>
              <option value="1">{T.statusOptions['1']}</option>
              <option value="0">{T.statusOptions['0']}</option>
            </SelectField>
            <SelectField
              label={T.userlevel}
              name="userlevel"
              value={form.userlevel}
              onChange={set('userlevel')}
              errors={errors.userlevel}
              hint={T.levelHint(plan.productLimit, plan.monthlyViews == null ? T.unlimited : formatNumber(plan.monthlyViews))}
            >
              <option value="0">{LEVEL_LABELS['0']}</option>
              <option value="1">{LEVEL_LABELS['1']}</option>
              <option value="2">{LEVEL_LABELS['2']}</option>
            </SelectField>
          </div>
        </Card>

        <div className="flex justify-end">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:min-w-40">
            {busy ? T.submitting : T.submit}
          </Button>
        </div>
      </form>
      {branches.length > 0 ? (
        <Card>
          <h2 className="mb-2 text-base font-semibold text-stone-900">{BT.title(branches.length)}</h2>
          <p className="mb-3 text-sm text-stone-600">{BT.hint}</p>
          <ul className="divide-y divide-stone-100" data-testid="admin-branches">
            {branches.map((b) => (
              <li key={b.id} className="py-2 text-sm">
                <span className="font-semibold text-stone-900">{b.name}</span>
                <span className="text-stone-600"> · {[b.address, provinceName(b.city)].filter(Boolean).join(', ')}</span>
                <a href={b.qrlink} target="_blank" rel="noopener noreferrer" className="block break-all text-brand-700 hover:underline">
                  {b.qrlink}
                </a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <DeleteBusiness userId={user.user_id} name={user.companyname || user.name} />
    </div>
  );
}
