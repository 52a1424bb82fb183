import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '@qrmenu/contract';
import { api } from '../../api/client';
import { clearAuth } from '../../api/storage';
import { Button, TextField } from '../../components/ui';
import { AuthAction, AuthNotice, AuthShell } from './AuthShell';

/**
 * A password set with a mailed link's token (the password reset, the staff invitation): the two
 * fields' state and their submission to `url`. Success ends this browser's session (it is not, or
 * no longer, valid for the account) and keeps the server's message; 400 is a link that no longer
 * works (`failure`); 422 shows the fields' errors.
 */
export function useTokenPassword(url: string, token: string) {
  const [form, setForm] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post(url, { token, ...form });
      if (res.status === 200) {
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
  return { form, setForm, errors, failure, setFailure, done, busy, submit };
}

type TokenPassword = ReturnType<typeof useTokenPassword>;

/** The new password, typed twice, and the submit button; a token error shows under the second field. */
export function TokenPasswordFields({ state, T }: { state: TokenPassword; T: { password: string; confirmation: string; submit: string; submitting: string } }) {
  const { form, setForm, errors, busy } = state;
  return (
    <>
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
    </>
  );
}

/** The screen after the password is set: the server's message and the way to sign in. */
export function TokenPasswordDone({ message, T }: { message: string; T: { doneTitle: string; toLogin: string } }) {
  return (
    <AuthShell title={T.doneTitle} footer={null}>
      <AuthNotice tone="ok">{message}</AuthNotice>
      <AuthAction to="/login">{T.toLogin}</AuthAction>
    </AuthShell>
  );
}
