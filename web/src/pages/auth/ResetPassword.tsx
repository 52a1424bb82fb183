import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { FieldErrors } from '@qrmenu/contract';
import { api } from '../../api/client';
import { clearAuth } from '../../api/storage';
import { Button, TextField } from '../../components/ui';
import { FORGOT_TEXT, RESET_TEXT as T } from '../../texts/account';
import { AuthAction, AuthNotice, AuthShell } from './AuthShell';

/** /sifre-sifirla?token=…: the new password, typed twice. Success signs the account out everywhere. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form, setForm] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post('/api/reset-password', { token, ...form });
      if (res.status === 200) {
        // this browser's session ended with the others
        clearAuth();
        setDone(res.message);
      } else if (res.status === 400) {
        setErrors({});
        setFailure(res.message);
      } else {
        setErrors(res.validation_errors ?? res.errors ?? {});
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <Link to="/sifremi-unuttum" className="font-semibold text-brand-700 hover:underline">
      {T.newLink}
    </Link>
  );

  if (done) {
    return (
      <AuthShell title={T.doneTitle} footer={null}>
        <AuthNotice tone="ok">{done}</AuthNotice>
        <AuthAction to="/login">{T.toLogin}</AuthAction>
      </AuthShell>
    );
  }
  if (!token || failure) {
    return (
      <AuthShell title={T.title} footer={<Link to="/login" className="font-semibold text-brand-700 hover:underline">{FORGOT_TEXT.backToLogin}</Link>}>
        <AuthNotice tone="problem">{failure ?? T.missingToken}</AuthNotice>
        <AuthAction to="/sifremi-unuttum">{T.newLink}</AuthAction>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={T.title} subtitle={T.subtitle} footer={footer}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField label={T.password} type="password" name="password" autoComplete="new-password" required minLength={8} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} errors={errors.password} />
        <TextField
          label={T.confirmation}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={form.password_confirmation}
          onChange={(e) => setForm({ ...form, password_confirmation: e.target.value })}
          errors={errors.password_confirmation ?? errors.token}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? T.submitting : T.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
