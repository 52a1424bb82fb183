import { useEffect, useState, type FormEvent } from 'react';
import {
  formatDateTime, STAFF_ROLE_HINTS, STAFF_ROLE_LABELS, STAFF_ROLES, STAFF_STATE_LABELS,
  type ActivityEntry, type FieldErrors, type StaffMember, type StaffRole, type StaffState,
  type Answer, type activityResponseSchema, type staffListResponseSchema,
} from '@qrmenu/contract';
import { api, type ApiBody } from '../../api/client';
import { confirmDialog } from '../../components/confirm';
import { notify } from '../../components/notify';
import { Badge, Button, Card, EmptyState, PageHeader, SelectField, Spinner, TextField } from '../../components/ui';
import { STAFF_TEXT as T } from '../../texts/staff';
import { runRowChange } from './shared';
import { StaffBranches } from './StaffBranches';

type StaffList = Omit<Answer<typeof staffListResponseSchema>, 'status' | 'message'>;

const STATE_TONE: Record<StaffState, 'green' | 'amber' | 'red' | 'stone'> = { active: 'green', invited: 'amber', expired: 'stone', revoked: 'red' };
const ROLE_TONE: Record<StaffRole, 'blue' | 'amber' | 'green'> = { garson: 'blue', mutfak: 'amber', yonetici: 'green' };
const actorLabel = (role: string) => (role === 'sahip' ? T.owner : (STAFF_ROLE_LABELS[role as StaffRole] ?? role));

function InviteForm({ onDone, list }: { onDone: () => void; list: StaffList }) {
  const [form, setForm] = useState({ name: '', email: '', role: 'garson' as StaffRole });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const used = list.staff.filter((m) => m.state !== 'revoked').length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post('/api/staff', form);
      if (res.status === 200) {
        notify.success(res.message ?? '');
        setErrors({});
        setForm({ name: '', email: '', role: form.role });
        onDone();
      } else {
        setErrors(res.errors ?? {});
        notify.error(res.message ?? '');
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-stone-900">{T.inviteTitle}</h2>
      <p className="mt-1 text-sm text-stone-700">{T.inviteHint}</p>
      <p className="mt-1 text-sm text-stone-700" data-testid="staff-limit">{T.limit(list.plan, list.limit, used)}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_12rem_auto] lg:items-start">
        <TextField label={T.name} name="name" required autoComplete="off" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} errors={errors.name} />
        <TextField label={T.email} name="email" type="email" required autoComplete="off" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} errors={errors.email} />
        <SelectField label={T.role} name="role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })} errors={errors.role} hint={STAFF_ROLE_HINTS[form.role]}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={busy} className="lg:mt-7">
          {busy ? T.inviting : T.invite}
        </Button>
      </form>
    </Card>
  );
}

function MemberRow({ m, onChange }: { m: StaffMember; onChange: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<ApiBody>) => {
    setBusy(true);
    try {
      await runRowChange(work, onChange);
    } finally {
      setBusy(false);
    }
  };
  const setRole = (role: StaffRole) => void run(() => api.post(`/api/staff/${m.id}/role`, { role }));
  const reinvite = () => void run(() => api.post('/api/staff', { name: m.name, email: m.email, role: m.role }));
  const revoke = async () => {
    if (await confirmDialog(T.revokeTitle, T.revokeText(m.name), T.revokeYes, T.revokeNo)) await run(() => api.delete(`/api/staff/${m.id}`));
  };
  const when = m.revoked_at ? T.revokedAt(formatDateTime(m.revoked_at)) : m.accepted_at ? T.acceptedAt(formatDateTime(m.accepted_at)) : T.invitedAt(formatDateTime(m.invited_at));

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="staff-row">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">
          {m.name} <Badge tone={ROLE_TONE[m.role]}>{STAFF_ROLE_LABELS[m.role]}</Badge> <Badge tone={STATE_TONE[m.state]}>{STAFF_STATE_LABELS[m.state]}</Badge>
        </p>
        <p className="break-all text-sm text-stone-700">{m.email}</p>
        <p className="text-xs text-stone-600">{when}</p>
        <StaffBranches m={m} onChange={onChange} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {m.state !== 'revoked' && (
          <label className="text-sm text-stone-700">
            <span className="sr-only">{T.changeRole}</span>
            <select
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-sm"
              aria-label={`${T.changeRole}: ${m.name}`}
              value={m.role}
              disabled={busy}
              onChange={(e) => setRole(e.target.value as StaffRole)}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {STAFF_ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
        )}
        {m.state !== 'active' && (
          <Button variant="secondary" disabled={busy} onClick={reinvite}>
            {m.state === 'revoked' ? T.inviteAgain : T.resend}
          </Button>
        )}
        {m.state !== 'revoked' && (
          <Button variant="danger" disabled={busy} onClick={() => void revoke()}>
            {T.revoke}
          </Button>
        )}
      </div>
    </li>
  );
}

function Activity({ entries }: { entries: ActivityEntry[] }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-stone-900">{T.activityTitle}</h2>
      <p className="mt-1 text-sm text-stone-700">{T.activityHint}</p>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{T.activityEmpty}</p>
      ) : (
        <ol className="mt-3 divide-y divide-stone-100" data-testid="staff-activity">
          {entries.map((a) => (
            <li key={a.id} className="py-2 text-sm">
              <span className="font-semibold text-stone-900">{a.actor_name}</span> <span className="text-stone-600">({actorLabel(a.actor_role)})</span> — {a.action}
              {a.detail && <span className="block break-all text-xs text-stone-600">{a.detail}</span>}
              <time className="block text-xs text-stone-600" dateTime={a.at}>
                {formatDateTime(a.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** /user/personel: the owner's (or a yonetici's) staff screen: invite, list, roles, revoke, activity. */
export default function Staff() {
  const [list, setList] = useState<StaffList>();
  const [activity, setActivity] = useState<ActivityEntry[]>([]);
  const [failed, setFailed] = useState(false);

  // bumped to load again after a change
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    Promise.all([api.get<Answer<typeof staffListResponseSchema>>('/api/staff'), api.get<Answer<typeof activityResponseSchema>>('/api/staff/activity')])
      .then(([s, a]) => {
        if (!live) return;
        if (s.status !== 200) return setFailed(true);
        setList({ staff: s.staff, limit: s.limit, plan: s.plan });
        setActivity(a.status === 200 ? a.activity : []);
        setFailed(false);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [version]);

  if (failed && !list) return <EmptyState title={T.loadError} />;
  if (!list) return <Spinner />;
  return (
    <div className="space-y-6">
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <InviteForm list={list} onDone={reload} />
      <Card>
        <h2 className="text-lg font-semibold text-stone-900">{T.listTitle}</h2>
        {list.staff.length === 0 ? (
          <EmptyState title={T.empty} text={T.emptyText} />
        ) : (
          <ul className="divide-y divide-stone-100">
            {list.staff.map((m) => (
              <MemberRow key={m.id} m={m} onChange={reload} />
            ))}
          </ul>
        )}
      </Card>
      <Activity entries={activity} />
    </div>
  );
}
