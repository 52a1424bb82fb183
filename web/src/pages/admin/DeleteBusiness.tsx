import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { askDelete } from '../../components/confirm';
import { businessQuestion } from '../../components/deleteQuestions';
import { notify } from '../../components/notify';
import { Button, Card } from '../../components/ui';
import { ADMIN_ACCOUNTS_TEXT as T } from '../../texts/account';
import { TOAST } from '../../texts/admin';

/** The edit-user screen's danger zone: erases the business after a confirmation. */
export function DeleteBusiness({ userId, name }: { userId: number; name: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!(await askDelete(businessQuestion(name)))) return;
    setBusy(true);
    try {
      const res = await api.delete(`/api/admin/users/${userId}`);
      if (res.status === 200) {
        notify.success(TOAST.success, res.message);
        void navigate('/admin/users');
      } else {
        notify.warning(TOAST.notFound, res.message);
      }
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mt-6 border-red-200">
      <h2 className="text-lg font-semibold text-red-800">{T.deleteTitle}</h2>
      <p className="mt-1 text-sm text-stone-700">{T.deleteText}</p>
      <Button variant="danger" className="mt-3" disabled={busy} onClick={() => void remove()}>
        {busy ? T.deleting : T.deleteButton}
      </Button>
    </Card>
  );
}
