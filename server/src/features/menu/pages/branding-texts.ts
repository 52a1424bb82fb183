import type { AnyLanguage, Weekday } from '@qrmenu/contract';

/**
 * Words of the business block of the diner's pages (open/closed line, hours, Wi-Fi, contact
 * links), in every menu language. `day` is set when the change is two or more days away
 * (`Pazartesi 09:00'da açılır`); today and tomorrow need no day.
 */
export interface BrandWords {
  openNow: string;
  closedNow: string;
  until: (time: string, day?: string) => string;
  opensAt: (time: string, day?: string) => string;
  hoursTitle: string;
  closed: string;
  allDay: string;
  weekdays: Record<Weekday, string>;
  infoTitle: string;
  wifi: string;
  wifiName: string;
  wifiPassword: string;
  phone: string;
  address: string;
  showOnMap: string;
  instagram: string;
  website: string;
  logoAlt: (name: string) => string;
  /** An item's service hours (issue 43): today's, or another day's (`day`). */
  served: (hours: string, day?: string) => string;
}

/** The letter after an apostrophe for a time as Turks read it: 23:00 "yirmi üç" → 'e, 09:00 "dokuz" → 'da. */
const UNITS = ['sıfır', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
const TENS = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli'];

/** The last spoken word of `HH:MM`: the minutes when not :00, else the hour. */
function lastWord(time: string): string {
  const h = Number(time.slice(0, 2));
  const m = Number(time.slice(3, 5));
  const n = m !== 0 ? m : h;
  if (n === 0) return 'sıfır';
  return n % 10 !== 0 ? UNITS[n % 10] : TENS[Math.floor(n / 10)];
}
const backVowel = (word: string) => {
  const vowels = word.match(/[aeıioöuü]/g) ?? ['e'];
  return 'aıou'.includes(vowels[vowels.length - 1]);
};
const endsInVowel = (word: string) => /[aeıioöuü]$/.test(word);
const voiceless = (word: string) => /[çfhkpsşt]$/.test(word);

/** `23:00` → `23:00'e`, `02:00` → `02:00'ye`, `18:30` → `18:30'a` (to a time). */
export function toTime(time: string): string {
  const w = lastWord(time);
  return `${time}'${endsInVowel(w) ? 'y' : ''}${backVowel(w) ? 'a' : 'e'}`;
}
/** `09:00` → `09:00'da`, `13:00` → `13:00'te` (at a time). */
export function atTime(time: string): string {
  const w = lastWord(time);
  return `${time}'${voiceless(w) ? 't' : 'd'}${backVowel(w) ? 'a' : 'e'}`;
}

const TR: BrandWords = {
  openNow: 'Şu an açık',
  closedNow: 'Şu an kapalı',
  until: (t, d) => `${d ? `${d} ` : ''}${toTime(t)} kadar`,
  opensAt: (t, d) => `${d ? `${d} ` : ''}${atTime(t)} açılır`,
  hoursTitle: 'Çalışma saatleri',
  closed: 'Kapalı',
  allDay: '24 saat açık',
  weekdays: { '1': 'Pazartesi', '2': 'Salı', '3': 'Çarşamba', '4': 'Perşembe', '5': 'Cuma', '6': 'Cumartesi', '7': 'Pazar' },
  infoTitle: 'İşletme bilgileri',
  wifi: 'Wi-Fi',
  wifiName: 'Ağ adı',
  wifiPassword: 'Şifre',
  phone: 'Telefon',
  address: 'Adres',
  showOnMap: 'Haritada göster',
  instagram: 'Instagram',
  website: 'Web sitesi',
  logoAlt: (n) => `${n} logosu`,
  served: (h, d) => `${d ? `${d} saat` : 'Saat'} ${h} arası servis edilir`,
};

const EN: BrandWords = {
  openNow: 'Open now',
  closedNow: 'Closed now',
  until: (t, d) => `until ${d ? `${d} ` : ''}${t}`,
  opensAt: (t, d) => `opens ${d ? `${d} ` : ''}at ${t}`,
  hoursTitle: 'Opening hours',
  closed: 'Closed',
  allDay: 'Open 24 hours',
  weekdays: { '1': 'Monday', '2': 'Tuesday', '3': 'Wednesday', '4': 'Thursday', '5': 'Friday', '6': 'Saturday', '7': 'Sunday' },
  infoTitle: 'About the place',
  wifi: 'Wi-Fi',
  wifiName: 'Network',
  wifiPassword: 'Password',
  phone: 'Phone',
  address: 'Address',
  showOnMap: 'Show on map',
  instagram: 'Instagram',
  website: 'Website',
  logoAlt: (n) => `${n} logo`,
  served: (h, d) => `Served ${d ? `on ${d} ` : ''}${h}`,
};

const DE: BrandWords = {
  openNow: 'Jetzt geöffnet',
  closedNow: 'Jetzt geschlossen',
  until: (t, d) => `bis ${d ? `${d} ` : ''}${t} Uhr`,
  opensAt: (t, d) => `öffnet ${d ? `${d} ` : ''}um ${t} Uhr`,
  hoursTitle: 'Öffnungszeiten',
  closed: 'Geschlossen',
  allDay: '24 Stunden geöffnet',
  weekdays: { '1': 'Montag', '2': 'Dienstag', '3': 'Mittwoch', '4': 'Donnerstag', '5': 'Freitag', '6': 'Samstag', '7': 'Sonntag' },
  infoTitle: 'Informationen',
  wifi: 'WLAN',
  wifiName: 'Netzwerk',
  wifiPassword: 'Passwort',
  phone: 'Telefon',
  address: 'Adresse',
  showOnMap: 'Auf der Karte zeigen',
  instagram: 'Instagram',
  website: 'Webseite',
  logoAlt: (n) => `Logo von ${n}`,
  served: (h, d) => `Serviert ${d ? `am ${d} ` : ''}${h} Uhr`,
};

/** Russian days after "в" (accusative). */
const RU_ON: Record<string, string> = {
  Понедельник: 'в понедельник', Вторник: 'во вторник', Среда: 'в среду', Четверг: 'в четверг', Пятница: 'в пятницу', Суббота: 'в субботу', Воскресенье: 'в воскресенье',
};
const RU: BrandWords = {
  openNow: 'Сейчас открыто',
  closedNow: 'Сейчас закрыто',
  until: (t, d) => `до ${t}${d ? ` (${RU_ON[d] ?? d})` : ''}`,
  opensAt: (t, d) => `откроется ${d ? `${RU_ON[d] ?? d} ` : ''}в ${t}`,
  hoursTitle: 'Часы работы',
  closed: 'Закрыто',
  allDay: 'Круглосуточно',
  weekdays: { '1': 'Понедельник', '2': 'Вторник', '3': 'Среда', '4': 'Четверг', '5': 'Пятница', '6': 'Суббота', '7': 'Воскресенье' },
  infoTitle: 'О заведении',
  wifi: 'Wi-Fi',
  wifiName: 'Сеть',
  wifiPassword: 'Пароль',
  phone: 'Телефон',
  address: 'Адрес',
  showOnMap: 'Показать на карте',
  instagram: 'Instagram',
  website: 'Сайт',
  logoAlt: (n) => `Логотип ${n}`,
  served: (h, d) => `Подаётся ${d ? `(${d}) ` : ''}${h}`,
};

const AR: BrandWords = {
  openNow: 'مفتوح الآن',
  closedNow: 'مغلق الآن',
  until: (t, d) => `حتى ${d ? `يوم ${d} ` : ''}الساعة ${t}`,
  opensAt: (t, d) => `يفتح ${d ? `يوم ${d} ` : ''}الساعة ${t}`,
  hoursTitle: 'ساعات العمل',
  closed: 'مغلق',
  allDay: 'مفتوح 24 ساعة',
  weekdays: { '1': 'الاثنين', '2': 'الثلاثاء', '3': 'الأربعاء', '4': 'الخميس', '5': 'الجمعة', '6': 'السبت', '7': 'الأحد' },
  infoTitle: 'معلومات المكان',
  wifi: 'واي فاي',
  wifiName: 'اسم الشبكة',
  wifiPassword: 'كلمة المرور',
  phone: 'الهاتف',
  address: 'العنوان',
  showOnMap: 'عرض على الخريطة',
  instagram: 'إنستغرام',
  website: 'الموقع الإلكتروني',
  logoAlt: (n) => `شعار ${n}`,
  served: (h, d) => `يُقدَّم ${d ? `${d} ` : ''}${h}`,
};

const FR: BrandWords = {
  openNow: 'Ouvert maintenant',
  closedNow: 'Fermé maintenant',
  until: (t, d) => `jusqu’à ${d ? `${d.toLocaleLowerCase('fr')} ` : ''}${t}`,
  opensAt: (t, d) => `ouvre ${d ? `${d.toLocaleLowerCase('fr')} ` : ''}à ${t}`,
  hoursTitle: 'Horaires d’ouverture',
  closed: 'Fermé',
  allDay: 'Ouvert 24 h/24',
  weekdays: { '1': 'Lundi', '2': 'Mardi', '3': 'Mercredi', '4': 'Jeudi', '5': 'Vendredi', '6': 'Samedi', '7': 'Dimanche' },
  infoTitle: 'Informations',
  wifi: 'Wi-Fi',
  wifiName: 'Réseau',
  wifiPassword: 'Mot de passe',
  phone: 'Téléphone',
  address: 'Adresse',
  showOnMap: 'Voir sur la carte',
  instagram: 'Instagram',
  website: 'Site web',
  logoAlt: (n) => `Logo de ${n}`,
  served: (h, d) => `Servi ${d ? `le ${d.toLowerCase()} ` : ''}${h}`,
};

export const BRAND_WORDS: Record<AnyLanguage, BrandWords> = { tr: TR, en: EN, de: DE, ru: RU, ar: AR, fr: FR };
