import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Badge, Button, TextAreaField } from '../../components/ui';
import { ADMIN_ACCOUNTS_TEXT as T } from '../../texts/account';
import { TOAST } from '../../texts/admin';
import type { Answer, unreadResponseSchema } from '@qrmenu/contract';

/** Answer a contact message by e-mail (through the product's mailer); marks it answered. */
export function MessageReply({ id, answeredAt, onAnswered }: { id: number; answeredAt: string | null; onAnswered: (unread: number) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>();
  const [busy, setBusy] = useState(false);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.post<Answer<typeof unreadResponseSchema>>(`/api/admin/messages/${id}/reply`, { message: text });
      if (res.status === 200) {
        notify.success(TOAST.success, res.message);
        setOpen(false);
        setText('');
        setErrors(undefined);
        onAnswered(res.unread);
      } else {
        setErrors(res.errors?.message);
        notify.warning(res.status === 404 ? TOAST.notFound : TOAST.invalid, res.message);
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <span className="flex items-center gap-2">
        {answeredAt ? <Badge tone="green">{T.answered}</Badge> : null}
        <button type="button" onClick={() => setOpen(true)} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50">
          {T.reply}
        </button>
      </span>
    );
  }
  return (
    <form onSubmit={(e) => void send(e)} className="mt-3 w-full space-y-2">
      <TextAreaField label={T.replyLabel} rows={4} required value={text} onChange={(e) => setText(e.target.value)} errors={errors} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {T.replyCancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? T.replySending : T.replySend}
        </Button>
      </div>
    </form>
  );
}
