import { useEffect, useState } from 'react';
import type { Answer, orderSettingsResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Card } from '../../components/ui';
import { notify } from '../../components/notify';
import { ORDERS_TEXT as T } from '../../texts/orders';

/** The owner's `Masadan sipariş` switch and the paused tables (`/api/order-settings`), on the settings screen. */
export function OrderingSettings() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [paused, setPaused] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api.get<Answer<typeof orderSettingsResponseSchema>>('/api/order-settings', { quiet: true }).then(
      (r) => {
        setEnabled(Boolean(r.enabled));
        setPaused(((r.paused ?? [])).join(', '));
      },
      () => undefined,
    );
  }, []);
  if (enabled === null) return null;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const list = paused.split(/[,\s]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n > 0);
      const r = await api.post<Answer<typeof orderSettingsResponseSchema>>('/api/order-settings', { enabled, paused: list });
      if (r.status === 200) {
        notify.success(T.saved);
        setPaused(((r.paused ?? [])).join(', '));
      } else notify.error(String(r.message ?? ''));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="mt-6">
      <form onSubmit={(e) => void save(e)}>
        <h2 className="text-base font-semibold text-stone-900">{T.settingsTitle}</h2>
        <p className="mt-1 text-sm text-stone-600">{T.settingsText}</p>
        <label className="mt-4 flex items-center gap-3 text-sm font-medium text-stone-800">
          <input type="checkbox" className="h-5 w-5" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {T.settingsOn}
        </label>
        <label className="mt-4 block text-sm font-medium text-stone-800">
          {T.paused}
          <input value={paused} onChange={(e) => setPaused(e.target.value)} inputMode="numeric" className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2" />
        </label>
        <button type="submit" disabled={saving} className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
          {T.save}
        </button>
      </form>
    </Card>
  );
}
