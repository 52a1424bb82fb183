import { z } from 'zod';
import { chargeFree } from './price-rules.js';
import { parseHours, type WeekHours } from './opening-hours.js';

/**
 * The business on its menu: the profile fields of `POST /api/update-setting` that dress the diner's
 * pages (all optional), and the logo and cover of `POST /api/update-branding`. In update-setting a
 * field left out keeps its value; `''` or `null` clears it.
 */

export const BRANDING_LIMITS = { about: 300, service_note: 200, wifi_name: 64, wifi_password: 63, instagram: 30, website: 255 } as const;

/** The profile fields added for the menu's appearance, as named in the API. */
export const BRANDING_FIELDS = ['about', 'theme_color', 'hours', 'wifi_name', 'wifi_password', 'instagram', 'website', 'service_note'] as const;
export type BrandingField = (typeof BRANDING_FIELDS)[number];

export const BRANDING_MSG = {
  about: `Hakkında yazısı en fazla ${BRANDING_LIMITS.about} karakter olabilir.`,
  themeColor: 'Tema rengi #rrggbb biçiminde bir renk kodu olmalıdır (örneğin #9a3412).',
  wifiName: `Wi-Fi adı en fazla ${BRANDING_LIMITS.wifi_name} karakter olabilir.`,
  wifiPassword: `Wi-Fi şifresi en fazla ${BRANDING_LIMITS.wifi_password} karakter olabilir.`,
  instagram: 'Instagram kullanıcı adı en fazla 30 karakter olabilir ve yalnızca harf, rakam, nokta ve alt çizgi içerebilir (örneğin @cinarkafe).',
  website: 'Web sitesi http:// veya https:// ile başlayan geçerli bir adres olmalıdır (örneğin https://cinarkafe.com).',
  serviceNote: `Menü notu en fazla ${BRANDING_LIMITS.service_note} karakter olabilir.`,
  text: 'Bu alan yazı olmalıdır.',
  brandingSaved: 'Menü görünümü kaydedildi.',
} as const;

/** Characters as a person counts them (an emoji is one). */
const length = (s: string) => Array.from(s).length;

/**
 * A clearable text: absent → undefined (unchanged); null or blank → null (cleared); else trimmed
 * (line breaks kept as \n), at most `max` characters.
 */
function clearableText(max: number, message: string, normalize: (s: string) => string = (s) => s) {
  return z
    .unknown()
    .transform((v, ctx): string | null | undefined => {
      if (v === undefined) return undefined;
      if (v === null) return null;
      if (typeof v === 'number') v = String(v);
      if (typeof v !== 'string') {
        ctx.addIssue({ code: 'custom', message: BRANDING_MSG.text });
        return z.NEVER;
      }
      const s = normalize(v.replace(/\r\n?/g, '\n').trim());
      if (s === '') return null;
      if (length(s) > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return s;
    })
    .optional();
}

/** A clearable value checked by `check` (undefined: refused with `message`). */
function clearableValue(message: string, check: (s: string) => string | undefined) {
  return z
    .unknown()
    .transform((v, ctx): string | null | undefined => {
      if (v === undefined) return undefined;
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const out = typeof v === 'string' ? check(v.trim()) : undefined;
      if (out === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return out;
    })
    .optional();
}

/** `@cinarkafe`, `cinarkafe` or `https://instagram.com/cinarkafe/` → `cinarkafe`. */
export function instagramHandle(s: string): string | undefined {
  const m = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(s);
  const handle = (m ? m[1] : s).replace(/^@/, '').toLowerCase();
  if (handle.length < 1 || handle.length > BRANDING_LIMITS.instagram) return undefined;
  if (!/^[a-z0-9._]+$/.test(handle) || handle.startsWith('.') || handle.endsWith('.') || handle.includes('..')) return undefined;
  return handle;
}

/** An absolute http(s) address with a host name, as the browser would write it. */
export function websiteUrl(s: string): string | undefined {
  if (s.length > BRANDING_LIMITS.website || !/^https?:\/\//i.test(s)) return undefined;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.') || url.username || url.password) return undefined;
  return url.href.length <= BRANDING_LIMITS.website ? url.href : undefined;
}

/** `#RRGGBB` / `#rrggbb` → `#rrggbb`. */
export const themeColor = (s: string) => (/^#[0-9a-f]{6}$/i.test(s) ? s.toLowerCase() : undefined);

/** Hours in any shape `parseHours` reads; absent → unchanged, null/'' → cleared. */
export const hoursField = z
  .unknown()
  .transform((v, ctx): WeekHours | null | undefined => {
    if (v === undefined) return undefined;
    const r = parseHours(v);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    return r.value;
  })
  .optional();

/** The branding fields of update-setting (zod shape; extend the settings schema with it). */
export const brandingFields = {
  about: chargeFree(clearableText(BRANDING_LIMITS.about, BRANDING_MSG.about)),
  theme_color: clearableValue(BRANDING_MSG.themeColor, themeColor),
  hours: hoursField,
  wifi_name: clearableText(BRANDING_LIMITS.wifi_name, BRANDING_MSG.wifiName, (s) => s.replace(/\s+/g, ' ')),
  wifi_password: clearableText(BRANDING_LIMITS.wifi_password, BRANDING_MSG.wifiPassword),
  instagram: clearableValue(BRANDING_MSG.instagram, instagramHandle),
  website: clearableValue(BRANDING_MSG.website, websiteUrl),
  service_note: chargeFree(clearableText(BRANDING_LIMITS.service_note, BRANDING_MSG.serviceNote, (s) => s.replace(/\s+/g, ' '))),
};
export const brandingSchema = z.object(brandingFields);
export type BrandingInput = z.infer<typeof brandingSchema>;

/** What the owner's settings and the diner's pages know about the menu's appearance. */
export interface Branding {
  /** A few words about the place (≤ 300 characters, line breaks kept). */
  about: string | null;
  /** `#rrggbb`, or null: the menu's default colour. */
  theme_color: string | null;
  /** The week's hours, or null when not given (no open/closed line then). */
  hours: WeekHours | null;
  wifi_name: string | null;
  wifi_password: string | null;
  /** Instagram handle without `@`. */
  instagram: string | null;
  /** http(s) address. */
  website: string | null;
  /**
   * The menu note (`Menü notu`) shown with the prices (≤ 200 characters), e.g. "Fiyatlarımıza KDV
   * dahildir."; never a service or cover charge (price-rules.ts). The API keeps the name `service_note`.
   */
  service_note: string | null;
  /** `uploads/….webp` (variants `-md`, `-sm` beside it, as product photos), or null. */
  logo: string | null;
  cover: string | null;
}

/** `POST /api/update-branding` (multipart): files `logo`, `cover`; fields `remove_logo`, `remove_cover` = 1. */
export const BRANDING_IMAGE_FIELDS = ['logo', 'cover'] as const;
export type BrandingImageField = (typeof BRANDING_IMAGE_FIELDS)[number];
