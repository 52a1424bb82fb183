import { parseLanguages } from '@qrmenu/contract';
import type { Settings } from '../../platform/db/schema.js';
import { presentBranding } from '../branding/index.js';

/** The business profile as the owner sees it (spec §3 "Settings / user profile"). */
export function presentSettings(s: Settings) {
  return {
    id: s.id,
    user_id: s.user_id,
    name: s.name,
    companyname: s.companyname,
    address: s.address,
    city: Number(s.city),
    tel: s.tel,
    deskcount: s.deskcount,
    qrlink: s.qrlink,
    companyengname: s.companyengname,
    count: Number(s.count),
    userlevel: s.userlevel,
    status: Number(s.status),
    qr_status: Number(s.qr_status),
    /** Menu languages besides Turkish (codes). */
    languages: parseLanguages(s.languages),
    created_at: s.created_at,
    // the menu's appearance: about, theme_color, hours, wifi_*, instagram, website, service_note, logo, cover
    ...presentBranding(s),
  };
}
