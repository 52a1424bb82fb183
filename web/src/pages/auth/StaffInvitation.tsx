import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STAFF_ROLE_LABELS, type Answer, type FieldErrors, type staffInvitationResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { clearAuth } from '../../api/storage';
import { Button, Spinner, TextField } from '../../components/ui';
import { INVITATION_TEXT as T } from '../../texts/staff';
import { AuthAction, AuthNotice, AuthShell } from './AuthShell';

type Invitation = Omit<Answer<typeof staffInvitationResponseSchema>, 'status' | 'message'>;

/** /personel-davet?token=…: who the invitation is for, then the staff member's password, typed twice. */
export default function StaffInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invitation, setInvitation] = useState<Invitation>();
  const [form, setForm] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api
      .post<Answer<typeof staffInvitationResponseSchema>>('/api/staff/invitation', { token })
      .then((res) => {
        if (!live) return;
        if (res.status === 200) setInvitation(res);
        else setFailure(res.message);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post('/api/staff/accept', { token, ...form });
      if (res.status === 200) {
        // whoever was signed in on this browser is not the new staff member
        clearAuth();
        setDone(res.message);
      } else if (res.status === 400) setFailure(res.message);
      else setErrors(res.errors ?? res.validation_errors ?? {});
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <Link to="/login" className="font-semibold text-brand-700 hover:underline">
      {T.backToLogin}
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
      <AuthShell title={T.title} footer={back}>
        <AuthNotice tone="problem">{failure ?? T.missing}</AuthNotice>
      </AuthShell>
    );
  }
  if (!invitation) return <Spinner label={T.checking} />;
  return (
    <AuthShell title={T.title} subtitle={T.subtitle(invitation.business, STAFF_ROLE_LABELS[invitation.role])} footer={back}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField label="E-posta" type="email" name="email" autoComplete="username" value={invitation.email} readOnly />
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
