import { describe, expect, it } from 'vitest';
import { brandingSchema, fieldErrors, parseHours, type WeekHours } from './index.js';
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, MENU_SURFACES, menuPalette, needsDarkText, relativeLuminance, textOnColor } from './theme-color.js';

const closedWeek = { '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] };

describe('opening hours', () => {
  it('reads the stored shape, days left out being closed, ranges sorted', () => {
    const r = parseHours({ '1': [{ open: '18:00', close: '02:00' }, { open: '09:00', close: '14:00' }], '7': [] });
    expect(r).toEqual({ ok: true, value: { ...closedWeek, '1': [{ open: '09:00', close: '14:00' }, { open: '18:00', close: '02:00' }] } });
  });

  it('reads the other shapes a client may send: text ranges, pairs, closed words, seven days, { day } items, JSON text', () => {
    const week: WeekHours = { ...closedWeek, '1': [{ open: '09:00', close: '23:00' }], '5': [{ open: '12:00', close: '15:00' }, { open: '18:00', close: '02:00' }] };
    const shapes: unknown[] = [
      { '1': '09:00-23:00', '2': 'kapalı', '3': null, '4': { closed: true }, '5': '12:00–15:00, 18:00-02:00', '6': [], '7': false },
      { '1': ['9:00', '23:00'], '5': [['12.00', '15.00'], ['18:00', '02:00']] },
      [{ open: '09:00', close: '23:00' }, 'Kapalı', null, [], { ranges: ['12:00-15:00', '18:00-02:00'] }, { closed: true }, 'closed'],
      [{ day: 1, open: '09:00', close: '23:00' }, { day: '5', ranges: [{ open: '18:00', close: '02:00' }, { open: '12:00', close: '15:00' }] }],
      JSON.stringify({ '1': [{ open: '09:00', close: '23:00' }], '5': ['12:00-15:00', '18:00-02:00'] }),
    ];
    for (const s of shapes) expect(parseHours(s), JSON.stringify(s)).toEqual({ ok: true, value: week });
  });

  it('allows 24:00 as a close and open = close (around the clock); null and "" clear', () => {
    expect(parseHours({ '1': '10:00-24:00', '2': '00:00-00:00' })).toMatchObject({ ok: true, value: { '1': [{ open: '10:00', close: '24:00' }], '2': [{ open: '00:00', close: '00:00' }] } });
    expect(parseHours(null)).toEqual({ ok: true, value: null });
    expect(parseHours('')).toEqual({ ok: true, value: null });
  });

  it('refuses bad times, a third range, overlapping ranges, unknown days and other shapes with a Turkish message naming the day', () => {
    const cases: Array<[unknown, string]> = [
      [{ '1': '25:00-23:00' }, 'Pazartesi: saatler SS:DD biçiminde olmalıdır (örneğin 09:00 veya 18:30).'],
      [{ '2': '09:60-23:00' }, 'Salı: saatler SS:DD biçiminde olmalıdır (örneğin 09:00 veya 18:30).'],
      [{ '3': '24:00-02:00' }, 'Çarşamba: saatler SS:DD biçiminde olmalıdır (örneğin 09:00 veya 18:30).'],
      [{ '4': ['08:00-10:00', '12:00-14:00', '18:00-20:00'] }, 'Perşembe: en fazla iki saat aralığı girebilirsiniz.'],
      [{ '5': ['09:00-15:00', '14:00-20:00'] }, 'Cuma: saat aralıkları çakışmamalıdır.'],
      [{ '6': ['18:00-02:00', '20:00-22:00'] }, 'Cumartesi: saat aralıkları çakışmamalıdır.'],
      [{ '7': ['00:00-00:00', '10:00-12:00'] }, 'Pazar: saat aralıkları çakışmamalıdır.'],
      [{ '8': '09:00-23:00' }, 'Günler 1 (Pazartesi) ile 7 (Pazar) arasında olmalıdır.'],
      [{ monday: '09:00-23:00' }, 'Günler 1 (Pazartesi) ile 7 (Pazar) arasında olmalıdır.'],
      ['her gün açık', 'Çalışma saatleri her gün için "kapalı" ya da bir veya iki saat aralığı (örneğin 09:00–23:00) olmalıdır.'],
      [[1, 2, 3], 'Çalışma saatleri her gün için "kapalı" ya da bir veya iki saat aralığı (örneğin 09:00–23:00) olmalıdır.'],
      [42, 'Çalışma saatleri her gün için "kapalı" ya da bir veya iki saat aralığı (örneğin 09:00–23:00) olmalıdır.'],
    ];
    for (const [input, message] of cases) expect(parseHours(input), JSON.stringify(input)).toEqual({ ok: false, message });
  });
});

describe('branding fields', () => {
  const parse = (v: object) => brandingSchema.safeParse(v);

  it('normalises what owners type: colour case, @handle or profile address, trimmed texts; absent stays absent, blank clears', () => {
    const r = parse({ theme_color: '#1D4E89', instagram: 'https://www.instagram.com/Cinar.Kafe/', website: 'https://cinarkafe.com', about: '  Moda\r\nsahilinde  ', wifi_name: ' Çınar   Misafir ', service_note: '' });
    expect(r.success && r.data).toEqual({ theme_color: '#1d4e89', instagram: 'cinar.kafe', website: 'https://cinarkafe.com/', about: 'Moda\nsahilinde', wifi_name: 'Çınar Misafir', service_note: null });
    expect(parse({ instagram: '@cinarkafe' }).data).toEqual({ instagram: 'cinarkafe' });
    expect(parse({ about: null, theme_color: '' }).data).toEqual({ about: null, theme_color: null });
  });

  it('refuses each bad field with its Turkish message', () => {
    const cases: Array<[string, unknown, string]> = [
      ['about', 'a'.repeat(301), 'Hakkında yazısı en fazla 300 karakter olabilir.'],
      ['theme_color', 'kırmızı', 'Tema rengi #rrggbb biçiminde bir renk kodu olmalıdır (örneğin #9a3412).'],
      ['theme_color', '#fff', 'Tema rengi #rrggbb biçiminde bir renk kodu olmalıdır (örneğin #9a3412).'],
      ['wifi_name', 'w'.repeat(65), 'Wi-Fi adı en fazla 64 karakter olabilir.'],
      ['wifi_password', 'p'.repeat(64), 'Wi-Fi şifresi en fazla 63 karakter olabilir.'],
      ['instagram', 'çınar kafe', 'Instagram kullanıcı adı en fazla 30 karakter olabilir ve yalnızca harf, rakam, nokta ve alt çizgi içerebilir (örneğin @cinarkafe).'],
      ['instagram', 'a'.repeat(31), 'Instagram kullanıcı adı en fazla 30 karakter olabilir ve yalnızca harf, rakam, nokta ve alt çizgi içerebilir (örneğin @cinarkafe).'],
      ['website', 'javascript:alert(1)', 'Web sitesi http:// veya https:// ile başlayan geçerli bir adres olmalıdır (örneğin https://cinarkafe.com).'],
      ['website', 'cinarkafe.com', 'Web sitesi http:// veya https:// ile başlayan geçerli bir adres olmalıdır (örneğin https://cinarkafe.com).'],
      ['website', 'ftp://cinarkafe.com', 'Web sitesi http:// veya https:// ile başlayan geçerli bir adres olmalıdır (örneğin https://cinarkafe.com).'],
      ['service_note', 'n'.repeat(201), 'Menü notu en fazla 200 karakter olabilir.'],
      ['about', { x: 1 }, 'Bu alan yazı olmalıdır.'],
    ];
    for (const [field, value, message] of cases) {
      const r = parse({ [field]: value });
      expect(r.success, `${field}=${String(value)}`).toBe(false);
      expect(fieldErrors(r.error!)).toEqual({ [field]: [message] });
    }
  });

  it('counts characters as a person does (an emoji is one)', () => {
    expect(parse({ about: '☕'.repeat(300) }).success).toBe(true);
    expect(parse({ service_note: 'ş'.repeat(200) }).success).toBe(true);
  });
});

describe('theme colour contrast', () => {
  it('computes WCAG luminance and ratios', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('puts dark text on white and yellow, white text on dark navy; the owner is warned about dark text', () => {
    expect(textOnColor('#ffffff')).toBe(DARK_TEXT);
    expect(textOnColor('#ffd60a')).toBe(DARK_TEXT);
    expect(textOnColor('#14213d')).toBe(LIGHT_TEXT);
    expect(needsDarkText('#ffd60a')).toBe(true);
    expect(needsDarkText('#14213d')).toBe(false);
  });

  it('keeps theme-coloured text readable on the page: white and yellow get a darker accent, navy keeps its own', () => {
    for (const c of ['#ffffff', '#ffd60a']) {
      const p = menuPalette(c);
      expect(p.accent).not.toBe(c);
      for (const s of [...MENU_SURFACES, p.soft]) expect(contrastRatio(p.accent, s)).toBeGreaterThanOrEqual(4.5);
    }
    expect(menuPalette('#14213d')).toMatchObject({ theme: '#14213d', onTheme: LIGHT_TEXT, accent: '#14213d' });
  });

  it('reaches 4.5:1 for every colour: header text on the theme, accent on each light surface', () => {
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    for (let r = 0; r < 256; r += 15) {
      for (let g = 0; g < 256; g += 15) {
        for (let b = 0; b < 256; b += 15) {
          const c = `#${hex(r)}${hex(g)}${hex(b)}`;
          const p = menuPalette(c);
          expect(contrastRatio(p.onTheme, p.theme), c).toBeGreaterThanOrEqual(4.5);
          for (const s of [...MENU_SURFACES, p.soft]) expect(contrastRatio(p.accent, s), `${c} on ${s}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});
