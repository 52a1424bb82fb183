/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { menuPalette, WEEKDAYS, type Branding, type PublicCompany } from '@qrmenu/contract';
import { BRAND_WORDS, type BrandWords } from './branding-texts.js';
import { TURKISH_PAGE, type PageLang } from './lang.js';
import { openState } from './open-state.js';
import { ResponsivePhoto } from './responsive-photo.js';

/**
 * The business on its menu pages: logo, cover, theme colours, and the block with about, the
 * open/closed line, the week's hours, Wi-Fi, phone, address and links; the service note beside
 * prices. Server-rendered like the rest (no scripts); images as the stored WebP sizes.
 */

const NO_BRANDING: Branding = {
  about: null, theme_color: null, hours: null, wifi_name: null, wifi_password: null, instagram: null, website: null, service_note: null, logo: null, cover: null,
};
export const brandingOf = (c: PublicCompany): Branding => c.branding ?? NO_BRANDING;
export const wordsOf = (L: PageLang): BrandWords => BRAND_WORDS[L.code];

/** CSS custom properties of the owner's colour (none: the stylesheet's own colours). */
export function themeCss(company: PublicCompany | undefined): string {
  const color = company?.branding?.theme_color;
  if (!color) return '';
  const p = menuPalette(color);
  return `:root{--theme:${p.theme};--on-theme:${p.onTheme};--accent:${p.accent};--soft:${p.soft}}`;
}

/** The theme colour for `<meta name="theme-color">`. */
export const metaThemeColor = (company: PublicCompany | undefined) => menuPalette(company?.branding?.theme_color).theme;

/** The instant until which a page's open/closed words hold (Infinity: no hours, nothing expires). */
export function openStateExpiry(company: PublicCompany, now: number): number {
  const hours = brandingOf(company).hours;
  return hours ? openState(hours, now).validUntil : Infinity;
}

/** The logo: a fixed square (no layout shift whatever its shape), the small WebP size. */
export function Logo({ company, size, alt = '' }: { company: PublicCompany; size: number; alt?: string }) {
  return <ResponsivePhoto className="logo" image={brandingOf(company).logo} sizes={`${size}px`} width={size} height={size} alt={alt} />;
}

/** The cover across the top of the landing and the category list (3:1, cropped to fit). */
export function Cover({ company }: { company: PublicCompany }) {
  return (
    <ResponsivePhoto
      className="cover"
      image={brandingOf(company).cover}
      sizes="(min-width: 720px) 688px, calc(100vw - 32px)"
      width={960}
      height={320}
      fetchPriority="high"
      decodeAsync={false}
    />
  );
}

/** `Şu an açık · 23:00'e kadar` / `Şu an kapalı · 09:00'da açılır` at `now`. */
export function openLine(company: PublicCompany, L: PageLang, now: number): { open: boolean; text: string } | undefined {
  const hours = brandingOf(company).hours;
  if (!hours) return undefined;
  const W = wordsOf(L);
  const s = openState(hours, now);
  const day = s.next && s.next.days >= 2 ? W.weekdays[s.next.weekday] : undefined;
  const head = s.open ? W.openNow : W.closedNow;
  if (!s.next) return { open: s.open, text: s.open ? `${head} · ${W.allDay}` : head };
  return { open: s.open, text: `${head} · ${s.open ? W.until(s.next.time, day) : W.opensAt(s.next.time, day)}` };
}

/** The week's hours, Monday first; two ranges joined, a closed day `Kapalı`. */
function HoursTable({ company, W }: { company: PublicCompany; W: BrandWords }) {
  const hours = brandingOf(company).hours;
  if (!hours) return null;
  return (
    <table className="hrs">
      <caption>{W.hoursTitle}</caption>
      <tbody>
        {WEEKDAYS.map((d) => (
          <tr key={d}>
            <th scope="row">{W.weekdays[d]}</th>
            <td>{hours[d].length === 0 ? W.closed : <span dir="ltr">{hours[d].map((r) => (r.open === r.close ? W.allDay : `${r.open}–${r.close}`)).join(', ')}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const mapLink = (company: PublicCompany) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([company.companyname, company.address, company.city_name].filter(Boolean).join(', '))}`;
const telLink = (tel: string) => `tel:${tel.replace(/[^0-9+]/g, '')}`;
const siteName = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');

/** About and the open/closed line, under the cover. */
export function BrandIntro({ company, L = TURKISH_PAGE, now }: { company: PublicCompany; L?: PageLang; now: number }) {
  const b = brandingOf(company);
  const line = openLine(company, L, now);
  if (!b.about && !line) return null;
  return (
    <div className="intro">
      {b.about ? (
        <p className="about" dir="auto">
          {b.about}
        </p>
      ) : null}
      {line ? <p className={line.open ? 'open is-open' : 'open'}>{line.text}</p> : null}
    </div>
  );
}

/** Hours, Wi-Fi, phone, address with a map link, Instagram and website. */
export function BrandInfo({ company, L = TURKISH_PAGE, phone = true }: { company: PublicCompany; L?: PageLang; phone?: boolean }) {
  const b = brandingOf(company);
  const W = wordsOf(L);
  const place = [company.address, company.city_name].filter(Boolean).join(', ');
  const wifi = b.wifi_name || b.wifi_password;
  const contact = (phone && company.tel) || company.address || b.instagram || b.website;
  if (!b.hours && !wifi && !contact) return null;
  return (
    <section className="info" aria-label={W.infoTitle}>
      <HoursTable company={company} W={W} />
      {wifi ? (
        <dl className="wifi">
          <dt>{W.wifi}</dt>
          {b.wifi_name ? (
            <dd>
              {W.wifiName}: <b dir="auto">{b.wifi_name}</b>
            </dd>
          ) : null}
          {b.wifi_password ? (
            <dd>
              {W.wifiPassword}: <b dir="ltr">{b.wifi_password}</b>
            </dd>
          ) : null}
        </dl>
      ) : null}
      {contact ? (
        <ul className="links">
          {phone && company.tel ? (
            <li>
              {W.phone}:{' '}
              <a href={telLink(company.tel)} dir="ltr">
                {company.tel}
              </a>
            </li>
          ) : null}
          {place ? (
            <li>
              {W.address}: <span dir="auto">{place}</span> <a href={mapLink(company)}>{W.showOnMap}</a>
            </li>
          ) : null}
          {b.instagram ? (
            <li>
              {W.instagram}:{' '}
              <a href={`https://www.instagram.com/${b.instagram}/`} dir="ltr">
                @{b.instagram}
              </a>
            </li>
          ) : null}
          {b.website ? (
            <li>
              {W.website}:{' '}
              <a href={b.website} dir="ltr">
                {siteName(b.website)}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}

/** The service / cover charge note, on every page with prices. */
export function ServiceNote({ company }: { company: PublicCompany }) {
  const note = brandingOf(company).service_note;
  return note ? (
    <p className="note" dir="auto">
      {note}
    </p>
  ) : null;
}
