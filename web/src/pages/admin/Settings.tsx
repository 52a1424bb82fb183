import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '@qrmenu/contract';
import { api, type ApiBody } from '../../api/client';
import { saveAuth, getToken } from '../../api/storage';
import { useAdminLoad } from '../../components/AdminLoad';
import { notify } from '../../components/notify';
import { Button, Card, PageHeader, Spinner, TextField } from '../../components/ui';
import { SETTINGS_TEXT as T, TOAST } from '../../texts/admin';
import type { Answer, adminAccountResponseSchema, adminAccountUpdatedResponseSchema } from '@qrmenu/contract';

type Account = Answer<typeof adminAccountResponseSchema>['account'];

function AccountForm({ account, onSaved }: { account: Account; onSaved: (a: Account) => void }) {
  const [form, setForm] = useState({ name: account.name, email: account.email });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post<Answer<typeof adminAccountUpdatedResponseSchema>>('/api/admin/account', form);
      if (res.status === 200) {
        setErrors({});
        setForm({ name: res.account.name, email: res.account.email });
        onSaved(res.account);
        const token = getToken();
        if (token) saveAuth(token, res.account.name);
        notify.success(TOAST.success, res.message);
      } else if (res.status === 422) {
        setErrors(res.errors ?? {});
        notify.error(TOAST.invalid);
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold text-stone-900">{T.account}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField label={T.name} name="name" required autoComplete="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} errors={errors.name} />
        <TextField label={T.email} name="email" type="email" required autoComplete="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} errors={errors.email} />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? T.saving : T.saveAccount}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.password !== form.password_confirmation) {
      setErrors({ password_confirmation: [T.mismatch] });
      notify.error(TOAST.invalid);
      return;
    }
    setBusy(true);
    try {
      const res = await api.post('/api/admin/password', { current_password: form.current_password, password: form.password });
      if (res.status === 200) {
        setErrors({});
        setForm(empty);
        notify.success(TOAST.success, res.message);
      } else if (res.status === 422) {
        setErrors(res.errors ?? {});
        notify.error(TOAST.invalid);
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <h2 className="text-base font-semibold text-stone-900">{T.password}</h2>
      <p className="mb-4 mt-1 text-sm text-stone-600">{T.passwordText}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField label={T.currentPassword} name="current_password" type="password" required autoComplete="current-password" value={form.current_password} onChange={(e) => setForm({ ...form, current_password: e.target.value })} errors={errors.current_password} />
        <TextField label={T.newPassword} name="password" type="password" required autoComplete="new-password" hint={T.newPasswordHint} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} errors={errors.password} />
        <TextField label={T.confirmPassword} name="password_confirmation" type="password" required autoComplete="new-password" value={form.password_confirmation} onChange={(e) => setForm({ ...form, password_confirmation: e.target.value })} errors={errors.password_confirmation} />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? T.saving : T.savePassword}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The admin's own account: name, e-mail and password (other sessions are signed out on change). */
export default function Settings() {
  const { data, setData } = useAdminLoad('/api/admin/account', (b: ApiBody<Answer<typeof adminAccountResponseSchema>>) => b.account);
  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {!data ? (
        <Spinner label={T.loading} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <AccountForm account={data} onSaved={setData} />
          <PasswordForm />
        </div>
      )}
    </div>
  );
}
