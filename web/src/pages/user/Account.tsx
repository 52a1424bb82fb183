import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatDate, type FieldErrors, type OwnerAccount } from '@qrmenu/contract';
import { api, type ApiBody } from '../../api/client';
import { downloadWithToken, notJson } from '../../api/download';
import { clearAuth, getToken, saveAuth } from '../../api/storage';
import { askDelete } from '../../components/confirm';
import { showDialog } from '../../components/dialog';
import { notify } from '../../components/notify';
import { Badge, Button, Card, PageHeader, Spinner, TextField } from '../../components/ui';
import { ACCOUNT_TEXT as T } from '../../texts/account';
import { USER_TOAST } from '../../texts/user';
import type { Answer, ownerAccountResponseSchema } from '@qrmenu/contract';

function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {text ? <p className="mt-1 text-sm text-stone-600">{text}</p> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** One form's state: values, field errors, busy; `send` posts and reports the outcome in a toast. */
function useForm<F extends Record<string, string>>(initial: F) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const field = (key: keyof F & string) => ({
    name: key,
    value: values[key],
    errors: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  const send = async (path: string, onOk: (body: ApiBody<Answer<typeof ownerAccountResponseSchema>>) => void) => {
    setBusy(true);
    try {
      const res = await api.post<Answer<typeof ownerAccountResponseSchema>>(path, values);
      if (res.status === 200) {
        setErrors({});
        notify.success(USER_TOAST.success, res.message);
        onOk(res);
      } else {
        setErrors(res.errors ?? {});
        notify.warning(USER_TOAST.warning, res.message);
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return { values, setValues, field, busy, send };
}

/** /user/hesap (Hesabım): name, e-mail, password, and the KVKK rights (export, deletion). */
export default function Account() {
  const navigate = useNavigate();
  const [account, setAccount] = useState<OwnerAccount>();
  const nameForm = useForm({ name: '' });
  const emailForm = useForm({ email: '', current_password: '' });
  const passwordForm = useForm({ current_password: '', password: '', password_confirmation: '' });
  const deleteForm = useForm({ password: '' });
  const [exporting, setExporting] = useState(false);

  const setNameValues = nameForm.setValues; // a state setter: stable, the account loads once
  useEffect(() => {
    api
      .get<Answer<typeof ownerAccountResponseSchema>>('/api/account')
      .then((res) => {
        if (res.status !== 200) return;
        setAccount(res.account);
        setNameValues({ name: res.account.name });
      })
      .catch(() => undefined);
  }, [setNameValues]);

  if (!account) return <Spinner label={T.loading} />;

  const saveName = (e: FormEvent) => {
    e.preventDefault();
    void nameForm.send('/api/update-account', (res) => {
      setAccount(res.account);
      saveAuth(getToken() ?? '', res.account.name);
    });
  };
  const saveEmail = (e: FormEvent) => {
    e.preventDefault();
    void emailForm.send('/api/change-email', (res) => {
      setAccount(res.account);
      emailForm.setValues({ email: '', current_password: '' });
    });
  };
  const savePassword = (e: FormEvent) => {
    e.preventDefault();
    void passwordForm.send('/api/change-password', () => passwordForm.setValues({ current_password: '', password: '', password_confirmation: '' }));
  };

  const download = async () => {
    setExporting(true);
    try {
      await downloadWithToken('/api/export-my-data', 'qr-menu-verilerim.zip', notJson);
    } catch {
      notify.error(USER_TOAST.error, T.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const remove = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await askDelete({ title: T.confirmTitle, text: T.confirmText, canDelete: true }))) return;
    await deleteForm.send('/api/delete-account', (res) => {
      clearAuth();
      void showDialog(T.deletedTitle, res.message, 'success');
      void navigate('/', { replace: true });
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader title={T.title} subtitle={T.subtitle} />

      <Section title={T.nameTitle}>
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <span className="break-all font-medium">{account.email}</span>
          {account.email_verified ? <Badge tone="green">{T.verified}</Badge> : <Badge tone="amber">{T.unverified}</Badge>}
          <span className="text-stone-500">
            · {T.memberSince}: {formatDate(account.created_at)}
          </span>
        </p>
        <form onSubmit={saveName} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField label={T.name} autoComplete="name" required {...nameForm.field('name')} />
          <Button type="submit" disabled={nameForm.busy}>
            {nameForm.busy ? T.saving : T.saveName}
          </Button>
        </form>
      </Section>

      <Section title={T.emailTitle} text={T.emailHint}>
        <form onSubmit={saveEmail} className="grid gap-4 sm:grid-cols-2">
          <TextField label={T.newEmail} type="email" autoComplete="email" required {...emailForm.field('email')} />
          <TextField label={T.currentPassword} type="password" autoComplete="current-password" required {...emailForm.field('current_password')} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={emailForm.busy}>
              {emailForm.busy ? T.saving : T.saveEmail}
            </Button>
          </div>
        </form>
      </Section>

      <Section title={T.passwordTitle} text={T.passwordHint}>
        <form onSubmit={savePassword} className="grid gap-4 sm:grid-cols-3">
          <TextField label={T.currentPassword} type="password" autoComplete="current-password" required {...passwordForm.field('current_password')} />
          <TextField label={T.newPassword} type="password" autoComplete="new-password" required minLength={8} {...passwordForm.field('password')} />
          <TextField label={T.confirmation} type="password" autoComplete="new-password" required {...passwordForm.field('password_confirmation')} />
          <div className="sm:col-span-3">
            <Button type="submit" disabled={passwordForm.busy}>
              {passwordForm.busy ? T.saving : T.savePassword}
            </Button>
          </div>
        </form>
      </Section>

      <Section title={T.kvkkTitle} text={T.kvkkText}>
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <h3 className="font-semibold text-stone-900">{T.exportTitle}</h3>
            <p className="mt-1 text-sm text-stone-600">{T.exportText}</p>
            <Button type="button" variant="secondary" className="mt-3" disabled={exporting} onClick={() => void download()}>
              {exporting ? T.exporting : T.exportButton}
            </Button>
          </div>
          <form onSubmit={(e) => void remove(e)} className="rounded-xl border border-red-200 bg-red-50/50 p-4">
            <h3 className="font-semibold text-red-800">{T.deleteTitle}</h3>
            <p className="mt-1 text-sm text-stone-700">{T.deleteText}</p>
            <div className="mt-3">
              <TextField label={T.deletePassword} type="password" autoComplete="current-password" required {...deleteForm.field('password')} />
            </div>
            <Button type="submit" variant="danger" className="mt-3" disabled={deleteForm.busy}>
              {deleteForm.busy ? T.deleting : T.deleteButton}
            </Button>
          </form>
        </div>
      </Section>
    </div>
  );
}
