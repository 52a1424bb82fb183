import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STAFF_ROLE_LABELS, type Answer, type staffInvitationResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Spinner, TextField } from '../../components/ui';
import { INVITATION_TEXT as T } from '../../texts/staff';
import { AuthNotice, AuthShell } from './AuthShell';
import { TokenPasswordDone, TokenPasswordFields, useTokenPassword } from './TokenPassword';

type Invitation = Omit<Answer<typeof staffInvitationResponseSchema>, 'status' | 'message'>;

/** /personel-davet?token=…: who the invitation is for, then the staff member's password, typed twice. */
export default function StaffInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invitation, setInvitation] = useState<Invitation>();
  const state = useTokenPassword('/api/staff/accept', token);
  const { failure, setFailure, done, submit } = state;

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
  }, [token, setFailure]);

  const back = (
    <Link to="/login" className="font-semibold text-brand-700 hover:underline">
      {T.backToLogin}
    </Link>
  );
  if (done) return <TokenPasswordDone message={done} T={T} />;
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
        <TokenPasswordFields state={state} T={T} />
      </form>
    </AuthShell>
  );
}
