import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldErrors } from '@qrmenu/contract';
import { api, HttpError, type ApiBody } from '../../api/client';
import { showDialog } from '../../components/dialog';
import { Button, TextAreaField, TextField } from '../../components/ui';
import { CONTACT_FORM_TEXT as T } from '../../texts/public';

const EMPTY = { name: '', surname: '', companyname: '', mail: '', tel: '', message: '' };
type Fields = typeof EMPTY;

/**
 * Contact form of the landing page (name, mail, tel, message) and of /iletisim (`full`: also
 * surname and companyname). POST /api/store-message, outcomes of spec §8:
 * body 200 → `/` with the alert 'Mesaj Başarıyla Gönderildi' over it; 400 → 'Eksik Alanları Doldurunuz' and the
 * field errors; 404 → error alert with the server message; HTTP 429 → the server's message.
 * Validation is the server's (one set of Turkish messages), so the browser's own is switched off.
 */
export function ContactForm({ full = false, idPrefix = 'contact' }: { full?: boolean; idPrefix?: string }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const bind = (key: keyof Fields) => ({
    id: `${idPrefix}-${key}`,
    name: key,
    value: form[key],
    errors: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.target.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = full ? form : { name: form.name, mail: form.mail, tel: form.tel, message: form.message };
    setBusy(true);
    let res: ApiBody;
    try {
      res = await api.post('/api/store-message', body, { quiet: true });
    } catch (err) {
      setBusy(false);
      if (!(err instanceof HttpError)) return showDialog(T.networkTitle, T.networkText, 'error');
      if (err.httpStatus === 429) return showDialog(T.tooManyTitle, err.body?.message || T.tooManyText, 'warning');
      // the spec's outcomes travel in the body; read it whatever the HTTP status was
      res = err.body ?? { status: err.httpStatus };
    }
    setBusy(false);
    if (res.status === 200) {
      setErrors({});
      setForm(EMPTY);
      // spec §8: success alert and go to the root. The alert is not in the React tree, so it stays
      // open over the landing page: the visitor does not have to dismiss it to be taken home.
      void navigate('/');
      await showDialog(T.sentTitle, T.sentText, 'success');
    } else if (res.status === 400 || res.status === 422) {
      const errs: FieldErrors = res.errors ?? {};
      setErrors(errs);
      await showDialog(T.missingTitle, T.missingText, 'warning');
      // put the cursor in the first field to fix
      const first = (Object.keys(EMPTY) as Array<keyof Fields>).find((k) => errs[k]?.length);
      if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    } else {
      // 404 and anything else: an error alert with the server's message
      setErrors(res.errors ?? {});
      await showDialog(T.errorTitle, res.message || T.errorText, 'error');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={busy} className="grid gap-4 sm:grid-cols-2" data-testid="contact-form">
      <TextField label={T.name} autoComplete="given-name" placeholder={T.namePlaceholder} className={full ? undefined : 'sm:col-span-2'} {...bind('name')} />
      {full ? <TextField label={T.surname} autoComplete="family-name" placeholder={T.surnamePlaceholder} {...bind('surname')} /> : null}
      {full ? <TextField label={T.companyname} autoComplete="organization" placeholder={T.companyPlaceholder} className="sm:col-span-2" {...bind('companyname')} /> : null}
      <TextField label={T.mail} type="email" inputMode="email" autoComplete="email" placeholder={T.mailPlaceholder} {...bind('mail')} />
      <TextField label={T.tel} type="tel" inputMode="tel" autoComplete="tel" placeholder={T.telPlaceholder} {...bind('tel')} />
      <TextAreaField label={T.message} rows={full ? 6 : 4} placeholder={T.messagePlaceholder} className="sm:col-span-2" {...bind('message')} />
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs leading-relaxed text-stone-500">
          {T.consentBefore}
          <Link to="/gizlilik-politikasi" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {T.consentLink}
          </Link>
          .
        </p>
        <Button type="submit" disabled={busy} className="w-full shrink-0 sm:w-auto sm:px-6">
          {busy ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden /> : null}
          {busy ? T.submitting : T.submit}
        </Button>
      </div>
    </form>
  );
}
