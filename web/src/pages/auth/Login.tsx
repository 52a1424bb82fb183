import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldErrors } from '@qrmenu/contract';
import { api } from '../../api/client';
import { saveAuth } from '../../api/storage';
import { showDialog, SUCCESS_DIALOG_MS } from '../../components/dialog';
import { Button, TextField } from '../../components/ui';
import { LOGIN_TEXT as T } from '../../texts/auth';
import { FORGOT_TEXT } from '../../texts/account';
import { AuthShell } from './AuthShell';

/** Sign-in (spec §2): 200 → Success dialog and redirect by role; 401 → Warning; other → UYARI + field errors. */
export default function Login() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', password: '' });
  const [errorList, setErrorList] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.get('/sanctum/csrf-cookie', { quiet: true }).catch(() => undefined);
      const res = await api.post('/api/login', form);
      if (res.status === 200) {
        saveAuth(res.token, res.username);
        setErrorList({});
        // the redirect does not wait for the dialog; it shows over the next screen and closes by itself
        void showDialog(T.success, res.message, 'success', { timer: SUCCESS_DIALOG_MS });
        void navigate(res.role === 'admin' ? '/admin' : res.role === 'user' ? '/user' : res.role === 'staff' ? '/personel' : '/');
      } else if (res.status === 401) {
        setErrorList({});
        await showDialog(T.warning, res.message, 'warning');
      } else {
        setErrorList(res.validation_errors ?? {});
        await showDialog(T.error, res.message, 'warning');
      }
    } catch {
      // transport errors are shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title={T.title}
      footer={
        <>
          {T.noAccount}{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            {T.toRegister}
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate={false}>
        <TextField label={T.email} type="email" name="email" autoComplete="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} errors={errorList.email} />
        <TextField label={T.password} type="password" name="password" autoComplete="current-password" required value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} errors={errorList.password} />
        <p className="-mt-2 text-right text-sm">
          <Link to="/sifremi-unuttum" className="font-semibold text-brand-700 hover:underline">
            {FORGOT_TEXT.link}
          </Link>
        </p>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? T.submitting : T.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
