import { BRANDING_LIMITS, type FieldErrors } from '@qrmenu/contract';
import { CountedTextField } from '../../components/CountedTextField';
import { TextField } from '../../components/ui';
import { DETAILS_TEXT as T } from '../../texts/branding';

/** The text fields of the menu's appearance, as the form holds them (strings; '' = none). */
export interface DetailsDraft {
  about: string;
  wifi_name: string;
  wifi_password: string;
  instagram: string;
  website: string;
  service_note: string;
}

/** About, Wi-Fi, Instagram, website and the service / cover charge note. */
export function BrandDetails({ value, onChange, errors }: { value: DetailsDraft; onChange: (v: DetailsDraft) => void; errors: FieldErrors }) {
  const set = (k: keyof DetailsDraft) => (v: string) => onChange({ ...value, [k]: v });
  const ev = (k: keyof DetailsDraft) => (e: { target: { value: string } }) => set(k)(e.target.value);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <CountedTextField name="about" label={T.about} value={value.about} onChange={set('about')} max={BRANDING_LIMITS.about} placeholder={T.aboutPlaceholder} errors={errors.about} rows={3} />
      </div>
      <TextField label={T.wifiName} name="wifi_name" autoComplete="off" value={value.wifi_name} maxLength={BRANDING_LIMITS.wifi_name} onChange={ev('wifi_name')} errors={errors.wifi_name} />
      <TextField
        label={T.wifiPassword}
        name="wifi_password"
        autoComplete="off"
        spellCheck={false}
        value={value.wifi_password}
        maxLength={BRANDING_LIMITS.wifi_password}
        onChange={ev('wifi_password')}
        errors={errors.wifi_password}
        hint={T.wifiHint}
      />
      <TextField
        label={T.instagram}
        name="instagram"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={T.instagramPlaceholder}
        value={value.instagram}
        onChange={ev('instagram')}
        errors={errors.instagram}
        hint={T.instagramHint}
      />
      <TextField
        label={T.website}
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={T.websitePlaceholder}
        value={value.website}
        maxLength={BRANDING_LIMITS.website}
        onChange={ev('website')}
        errors={errors.website}
      />
      <div className="sm:col-span-2">
        <CountedTextField
          name="service_note"
          label={T.serviceNote}
          value={value.service_note}
          onChange={set('service_note')}
          max={BRANDING_LIMITS.service_note}
          placeholder={T.serviceNotePlaceholder}
          hint={T.serviceNoteHint}
          errors={errors.service_note}
          rows={2}
        />
      </div>
    </div>
  );
}
