import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { FieldErrors } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Button, TextField } from '../../components/ui';
import { FORGOT_TEXT as T } from '../../texts/account';
import { AuthNotice, AuthShell } from './AuthShell';

/** /sifremi-unuttum: asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post('/api/forgot-password', { email });
      if (res.status === 200) {
        setErrors({});
        setSent(res.message);
      } else {
        setErrors(res.validation_errors ?? res.errors ?? {});
      }
    } catch {
      // 429 and network errors are shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <>
      {T.remembered}{' '}
      <Link to="/login" className="font-semibold text-brand-700 hover:underline">
        {T.backToLogin}
      </Link>
    </>
  );

  if (sent) {
    return (
      <AuthShell title={T.sentTitle} footer={footer}>
        <AuthNotice tone="ok">{sent}</AuthNotice>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={T.title} subtitle={T.subtitle} footer={footer}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField label={T.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} errors={errors.email} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? T.submitting : T.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
