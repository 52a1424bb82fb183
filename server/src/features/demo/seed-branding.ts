import sharp from 'sharp';
import type { FileStore } from '../../platform/storage/store.js';
import type { WeekHours } from '@qrmenu/contract';
import { storeImage } from '../../platform/images/images.js';

/**
 * The demo business's appearance: its colour, hours, Wi-Fi and notes, and a logo and a cover drawn
 * here (SVG → PNG/JPEG, no text: the server may have no fonts) that go through the owners' upload
 * pipeline, so their WebP sizes exist like any logo's.
 */

export const DEMO_THEME = '#1d4e89';

const weekday = [{ open: '08:00', close: '23:00' }];
/** Friday and Saturday past midnight, Sunday from nine. */
export const DEMO_HOURS: WeekHours = {
  '1': weekday, '2': weekday, '3': weekday, '4': weekday,
  '5': [{ open: '08:00', close: '01:00' }],
  '6': [{ open: '08:00', close: '01:00' }],
  '7': [{ open: '09:00', close: '23:00' }],
};

export const DEMO_BRANDING = {
  about: 'Moda sahiline iki adım mesafede; taze demlenmiş çay, ev yapımı tatlılar ve sabah kahvaltıları.',
  theme_color: DEMO_THEME,
  hours: JSON.stringify(DEMO_HOURS),
  wifi_name: 'DemoKafe-Misafir',
  wifi_password: 'afiyetolsun',
  instagram: 'demokafe',
  website: null,
  service_note: 'Kuver ücreti alınmaz. Fiyatlarımıza KDV dahildir.',
};

/** A round cup with steam on the theme colour. */
export function demoLogoSvg(size = 512): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${DEMO_THEME}"/><g fill="none" stroke="#fde68a" stroke-width="22" stroke-linecap="round"><path d="M200 96c-24 30 24 46 0 78M256 84c-24 34 24 52 0 90M312 96c-24 30 24 46 0 78"/></g><path d="M124 214h232v64c0 70-52 118-116 118s-116-48-116-118z" fill="#fff"/><path d="M356 236h18a50 50 0 0 1 0 100h-28" fill="none" stroke="#fff" stroke-width="26"/><rect x="104" y="404" width="272" height="26" rx="13" fill="#fde68a"/></svg>`;
}

/** A café table by the sea at dusk: sky, sea, the table with cups and a plate. */
export function demoCoverSvg(w = 1920, h = 640): string {
  const cup = (x: number, y: number, r: number, tea: string) =>
    `<ellipse cx="${x}" cy="${y + r * 0.9}" rx="${r * 1.5}" ry="${r * 0.35}" fill="#000" opacity=".18"/><ellipse cx="${x}" cy="${y + r * 0.8}" rx="${r * 1.35}" ry="${r * 0.3}" fill="#fff"/><path d="M${x - r * 0.6} ${y - r} h${r * 1.2} l-${r * 0.12} ${r * 1.7} h-${r * 0.96} z" fill="#fff" opacity=".7"/><path d="M${x - r * 0.56} ${y - r * 0.6} h${r * 1.12} l-${r * 0.1} ${r * 1.3} h-${r * 0.92} z" fill="${tea}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1920 640"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fb923c"/><stop offset=".55" stop-color="#fcd34d"/><stop offset="1" stop-color="#fde68a"/></linearGradient><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d4e89"/><stop offset="1" stop-color="#0c2b4d"/></linearGradient></defs><rect width="1920" height="640" fill="url(#sky)"/><circle cx="1460" cy="300" r="90" fill="#fff7ed" opacity=".85"/><rect y="300" width="1920" height="340" fill="url(#sea)"/><path d="M0 330h1920M0 372h1920M0 420h1920" stroke="#fde68a" stroke-width="4" opacity=".25"/><path d="M180 300l60-120 60 120zM1640 300l40-90 40 90z" fill="#0c2b4d" opacity=".55"/><rect y="470" width="1920" height="170" fill="#92400e"/><rect y="470" width="1920" height="14" fill="#b45309"/>${cup(760, 440, 46, '#b91c1c')}${cup(1010, 446, 40, '#c2410c')}<ellipse cx="1290" cy="486" rx="150" ry="38" fill="#000" opacity=".15"/><ellipse cx="1290" cy="474" rx="140" ry="34" fill="#fff"/><ellipse cx="1290" cy="470" rx="92" ry="20" fill="#fbbf24"/><path d="M1220 466q70-30 140 0" stroke="#a16207" stroke-width="10" fill="none"/></svg>`;
}

/** Stores the demo logo and cover through the upload pipeline; their paths. */
export async function demoBrandingImages(store: FileStore): Promise<{ logo: string; cover: string }> {
  const [logo, cover] = await Promise.all([
    sharp(Buffer.from(demoLogoSvg())).png().toBuffer().then((b) => storeImage(store, b)),
    sharp(Buffer.from(demoCoverSvg())).jpeg({ quality: 82 }).toBuffer().then((b) => storeImage(store, b)),
  ]);
  return { logo, cover };
}
