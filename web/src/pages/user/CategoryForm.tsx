import { useState, type FormEvent } from 'react';
import type { FieldErrors, WeekHours } from '@qrmenu/contract';
import { api, assetUrl, type ApiBody } from '../../api/client';
import { ImageInput } from '../../components/ImageInput';
import { Button, SelectField, TextAreaField, TextField } from '../../components/ui';
import { CATEGORY_TEXT as T, STATUS_TEXT } from '../../texts/user';
import { toastResult } from './shared';
import { ServiceHoursSection } from './ServiceHours';
import { serviceDraft, serviceFields } from './serviceDraft';
import { SERVICE_TEXT } from '../../texts/service-hours';

export interface CategoryValues {
  name: string;
  description: string;
  status: '1' | '0';
  image: string | null;
  service_hours?: WeekHours;
  service_outside?: 'hide' | 'show';
}

/** Category form (add modal and edit page): name*, description, image, status*, service hours. */
export function CategoryForm({ initial, url, submitLabel, onDone }: { initial?: CategoryValues; url: string; submitLabel: string; onDone: (res: ApiBody) => void }) {
  const [form, setForm] = useState({ name: initial?.name ?? '', description: initial?.description ?? '', status: initial?.status ?? '1' });
  const [service, setService] = useState(() => serviceDraft(initial?.service_hours, initial?.service_outside));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [compressing, setCompressing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const data = new FormData();
    data.append('name', form.name);
    // spec §5: the description only when present, the image only when chosen
    if (form.description.trim()) data.append('description', form.description);
    data.append('status', form.status);
    for (const [k, v] of Object.entries(serviceFields(service))) data.append(k, v);
    if (file) data.append('image', file, file.name);
    setBusy(true);
    setProgress(file ? 0 : null);
    try {
      const res = await api.upload(url, data, { onProgress: file ? setProgress : undefined });
      setErrors(toastResult(res));
      if (res.status === 200 || res.status === 404) onDone(res);
    } catch {
      // transport errors are shown by the API client
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <TextField label={T.name} required name="name" value={form.name} maxLength={120} onChange={(e) => setForm({ ...form, name: e.target.value })} errors={errors.name} />
      <TextAreaField label={T.description} name="description" value={form.description} maxLength={1000} onChange={(e) => setForm({ ...form, description: e.target.value })} errors={errors.description} />
      <ImageInput
        label={T.image}
        value={file}
        onChange={setFile}
        currentUrl={initial?.image ? assetUrl(initial.image) : undefined}
        currentLabel={initial?.name}
        errors={errors.image}
        progress={progress}
        onBusy={setCompressing}
      />
      <SelectField label={T.status} required name="status" value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value as '1' | '0' })} errors={errors.status}>
        <option value="1">{STATUS_TEXT.active}</option>
        <option value="0">{STATUS_TEXT.passive}</option>
      </SelectField>
      <ServiceHoursSection value={service} onChange={setService} hint={SERVICE_TEXT.categoryHint} errors={{ hours: errors.service_hours, outside: errors.service_outside }} />
      <Button type="submit" disabled={busy || compressing} className="w-full sm:w-auto">
        {busy ? T.saving : submitLabel}
      </Button>
    </form>
  );
}
