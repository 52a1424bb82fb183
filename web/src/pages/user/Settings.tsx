import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatTrPhone, LANGUAGE_NATIVE_NAMES, LANGUAGE_TURKISH_NAMES, MENU_LANGUAGES, PROVINCES, planOf, type FieldErrors, type MenuLanguage, type OwnerSettings } from '@qrmenu/contract';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Button, Card, PageHeader, SelectField, Spinner, TextField } from '../../components/ui';
import { SETTINGS_TEXT as T, USER_TOAST } from '../../texts/user';
import { LANGUAGES_SETTING_TEXT as LT } from '../../texts/translations';
import { toastResult } from './shared';
import { MenuAppearance } from './MenuAppearance';
import type { Answer, settingsResponseSchema } from '@qrmenu/contract';
import { OrderingSettings } from './OrderingSettings';

type Form = { name: string; companyname: string; address: string; city: string; tel: string; deskcount: string; languages: MenuLanguage[] };
const toForm = (s: OwnerSettings): Form => ({
  name: s.name ?? '',
  companyname: s.companyname ?? '',
  address: s.address ?? '',
  city: String(s.city ?? 0),
  tel: formatTrPhone(s.tel ?? '') ?? s.tel ?? '',
  deskcount: s.deskcount == null ? '' : String(s.deskcount),
  languages: s.languages ?? [],
});

/**
 * Settings (spec §2): the business profile; 422 → 'All fields are mandetory' and red field errors.
 * Below it the menu's appearance (MenuAppearance), saved on its own.
 */
export default function Settings() {
  const navigate = useNavigate();
  const [settings, setSettings] = useState<OwnerSettings | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<Answer<typeof settingsResponseSchema>>('/api/edit-setting')
      .then((res) => {
        if (res.status === 200) {
          setSettings(res.settings);
          setForm(toForm(res.settings));
        } else if (res.status === 404) {
          notify.warning(USER_TOAST.warning, res.message);
          void navigate('/user/categories');
        }
      })
      .catch(() => undefined);
  }, [navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    setBusy(true);
    try {
      const res = await api.post<Answer<typeof settingsResponseSchema>>('/api/update-setting', {
        name: form.name,
        companyname: form.companyname,
        address: form.address,
        city: Number(form.city),
        tel: form.tel,
        deskcount: form.deskcount === '' ? null : form.deskcount,
        languages: form.languages,
      });
      setErrors(toastResult(res));
      if (res.status === 200 && res.settings) {
        setSettings(res.settings);
        setForm(toForm(res.settings));
      }
    } catch {
      // transport errors are shown by the API client
    } finally {
      setBusy(false);
    }
  };

  if (!form || !settings) {
    return (
      <div>
        <PageHeader title={T.title} />
        <Spinner label={T.loading} />
      </div>
    );
  }
  const set = (k: Exclude<keyof Form, 'languages'>) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const toggle = (code: MenuLanguage) =>
    setForm({ ...form, languages: form.languages.includes(code) ? form.languages.filter((l) => l !== code) : [...form.languages, code] });

  return (
    <div>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2" noValidate>
            <TextField label={T.name} required name="name" autoComplete="name" value={form.name} maxLength={120} onChange={set('name')} errors={errors.name} />
            <TextField label={T.companyname} required name="companyname" autoComplete="organization" value={form.companyname} maxLength={150} onChange={set('companyname')} errors={errors.companyname} />
            <TextField label={T.address} name="address" autoComplete="street-address" value={form.address} maxLength={255} onChange={set('address')} errors={errors.address} className="sm:col-span-2" />
            <SelectField label={T.city} required name="city" value={form.city} onChange={set('city')} errors={errors.city}>
              <option value="0">{T.cityPlaceholder}</option>
              {PROVINCES.map((p, i) => (
                <option key={p} value={i + 1}>
                  {p}
                </option>
              ))}
            </SelectField>
            <TextField label={T.tel} required name="tel" type="tel" autoComplete="tel" value={form.tel} maxLength={30} onChange={set('tel')} errors={errors.tel}
              onBlur={() => setForm((f) => (f ? { ...f, tel: formatTrPhone(f.tel) ?? f.tel } : f))} inputMode="tel" placeholder="0532 123 45 67" />
            <TextField label={T.deskcount} name="deskcount" type="number" inputMode="numeric" min={0} step={1} value={form.deskcount} onChange={set('deskcount')} errors={errors.deskcount} />
            <fieldset className="sm:col-span-2" aria-describedby="languages-hint">
              <legend className="mb-1 block text-sm font-medium text-stone-700">{LT.legend}</legend>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {MENU_LANGUAGES.map((code) => (
                  <label key={code} className="inline-flex min-h-10 items-center gap-2 text-sm text-stone-800">
                    <input type="checkbox" name="languages" value={code} checked={form.languages.includes(code)} onChange={() => toggle(code)} className="h-4 w-4" />
                    {LANGUAGE_TURKISH_NAMES[code]} <span className="text-stone-500" lang={code}>({LANGUAGE_NATIVE_NAMES[code]})</span>
                  </label>
                ))}
              </div>
              <p id="languages-hint" className="mt-1 text-xs text-stone-500">{LT.hint(planOf(settings.userlevel).languages)}</p>
              {errors.languages ? <p className="mt-1 text-sm text-red-700" role="alert">{errors.languages.join(' ')}</p> : null}
            </fieldset>
            <div className="flex items-end sm:col-span-2">
              <Button type="submit" disabled={busy} className="w-full sm:w-auto">
                {busy ? T.saving : T.submit}
              </Button>
            </div>
          </form>
        </Card>
        <Card className="h-fit">
          <h2 className="text-sm font-semibold text-stone-800">{T.qrlink}</h2>
          {settings.qrlink ? (
            <>
              <a href={settings.qrlink} target="_blank" rel="noreferrer" className="mt-2 block break-all font-mono text-sm text-brand-700 hover:underline" data-testid="qrlink">
                {settings.qrlink}
              </a>
              <p className="mt-2 text-xs text-stone-500">{T.qrlinkHint}</p>
              <Link to="/user/qr" className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
                {T.toQr}
              </Link>
            </>
          ) : (
            <p className="mt-2 text-sm text-stone-600">{T.qrlinkNone}</p>
          )}
          <p className="mt-6 text-xs text-stone-500">
            {T.plan}: <span className="font-semibold text-stone-700">{planOf(settings.userlevel).name}</span>
          </p>
        </Card>
      </div>
      <MenuAppearance settings={settings} onSaved={setSettings} />
      <OrderingSettings />
    </div>
  );
}
