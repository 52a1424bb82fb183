import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldErrors } from '@qrmenu/contract';
import { api } from '../../api/client';
import { saveAuth } from '../../api/storage';
import { showDialog, SUCCESS_DIALOG_MS } from '../../components/dialog';
import { Button, FieldError, TextField } from '../../components/ui';
import { REGISTER_TEXT as T } from '../../texts/auth';
import { AuthShell } from './AuthShell';
import type { Answer, tokenResponseSchema } from '@qrmenu/contract';

/**
 * Registration (spec §2): name, e-mail, password, terms checkbox. The payload also carries
 * company, address and number (no inputs for them here; they are filled in under Ayarlar).
 */
export default function Register() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [accepted, setAccepted] = useState(false);
  const [errorList, setErrorList] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!accepted) {
      await showDialog(T.termsWarningTitle, T.termsWarning, 'warning');
      return;
    }
    setBusy(true);
    try {
      await api.get('/sanctum/csrf-cookie', { quiet: true }).catch(() => undefined);
      const res = await api.post<Answer<typeof tokenResponseSchema>>('/api/register', { ...form, company: '', address: '', number: '' });
      if (res.status === 200) {
        saveAuth(res.token, res.username);
        setErrorList({});
        // the redirect does not wait for the dialog; it shows over the sign-in screen and closes by itself
        void showDialog(T.success, res.message, 'success', { timer: SUCCESS_DIALOG_MS });
        void navigate('/login');
      } else {
        setErrorList(res.validation_errors ?? {});
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
      subtitle={T.subtitle}
      footer={
        <>
          {T.haveAccount}{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            {T.toLogin}
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField label={T.name} name="name" autoComplete="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} errors={errorList.name} />
        <TextField label={T.email} type="email" name="email" autoComplete="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} errors={errorList.email} />
        <TextField label={T.password} type="password" name="password" autoComplete="new-password" hint={T.passwordHint} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} errors={errorList.password} />
        <div>
          <label className="flex items-start gap-3 text-sm text-stone-700">
            <input type="checkbox" name="terms" checked={accepted} onChange={() => setAccepted((v) => !v)} className="mt-0.5 h-4 w-4 rounded border-stone-300 accent-brand-700" />
            <span>
              <a href="/kullanim-sozlesmesi" target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
                {T.termsLink}
              </a>
              {T.termsAfter}
            </span>
          </label>
          <FieldError errors={errorList.terms} />
        </div>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? T.submitting : T.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
