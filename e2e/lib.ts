import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject } from 'vitest';

/** Debian's Chromium, launched for a closed network. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function baseURL() {
  return inject('baseURL');
}
export function adminCredentials() {
  return { email: inject('adminEmail'), password: inject('adminPassword') };
}

/**
 * Chromium as a Turkish owner's or diner's runs: in Turkish (`LANGUAGE=tr`, with Debian's
 * chromium-l10n; on Linux `--lang` does nothing), so date and time inputs read 30.11.2026 and 18:30,
 * and the browser's own validation bubbles are Turkish (browser-language.e2e.ts checks it).
 */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    env: { ...process.env, LANGUAGE: 'tr' },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** A fresh context (empty storage) on a phone-sized or desktop viewport. */
export async function newPage(browser: Browser, opts: { mobile?: boolean; javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: opts.mobile ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    locale: 'tr-TR',
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

let seq = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}${Date.now()}${++seq}@example.com`;

/** Seeds an owner through the API (as the e2e tests should), returning its credentials and token. */
export async function apiRegister(name = 'Deniz Kaya') {
  const email = uniqueEmail();
  const password = 'e2e-sifre-123';
  const res = await fetch(`${baseURL()}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  const body = await res.json();
  if (body.status !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return { name, email, password, token: body.token as string };
}

export async function apiCall(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return res.json();
}

/** The administrator's token (the seeded admin, signed in through the API). */
export async function adminToken(): Promise<string> {
  const res = await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(adminCredentials()) });
  return (await res.json()).token;
}

/** Moves the account of `companyname` to a plan ('1' Standart, '2' Profesyonel) as the admin does: edit-user → update-user. */
export async function setPlan(admin: string, companyname: string, userlevel: '0' | '1' | '2') {
  const id = (await apiCall(`/api/view-user?q=${encodeURIComponent(companyname)}`, admin)).users[0].user_id;
  const user = (await apiCall(`/api/edit-user/${id}`, admin)).user;
  const res = await apiCall(`/api/update-user/${id}`, admin, { body: { ...user, userlevel } });
  expect(res.status, JSON.stringify(res)).toBe(200);
}

/** Seeds an owner whose business profile is saved (register, then update-setting with `profile`). */
export async function apiOwner(name: string, profile: Record<string, unknown>) {
  const owner = await apiRegister(name);
  const res = await apiCall('/api/update-setting', owner.token, { body: { name, ...profile } });
  expect(res.status, JSON.stringify(res)).toBe(200);
  return owner;
}

/** Signs in through the real sign-in screen and waits for the area to load. */
export async function uiLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta adresi').fill(email);
  await page.getByLabel('Şifre').fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.getByRole('dialog').getByText('Success').waitFor();
  // the app has already moved on; the dialog closes by itself (Escape closes it sooner)
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Saves a screenshot under screenshots/ (git-ignored) for a person to look at. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/** Signs a page in as the web app does: the token and name in localStorage (spec §3). */
export async function signIn(page: Page, token: string, name: string) {
  await page.goto('/404');
  await page.evaluate(([t, n]) => {
    localStorage.setItem('auth_token', t);
    localStorage.setItem('auth_name', n);
  }, [token, name]);
}

/** A fresh page signed in as `who` (see signIn), opened at `path`. */
export async function signedInPage(browser: Browser, who: { token: string; name: string }, path: string, opts: { mobile?: boolean } = {}) {
  const opened = await newPage(browser, opts);
  await signIn(opened.page, who.token, who.name);
  await opened.page.goto(path);
  return opened;
}

/**
 * The screen at 360 and 1280 px for a person to look at, left at 1280 px. With `ready`, the page is
 * reloaded at each width first (the sidebar chooses its width when a page loads) and `ready` awaited;
 * without it, the page as it is (a state a reload would lose).
 */
export async function shots(page: Page, name: string, ready?: () => Promise<unknown>) {
  for (const [w, h] of [[360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    if (ready) {
      await page.reload();
      await ready();
    }
    await shot(page, `${name}-${w}`);
  }
}

/**
 * A plain coloured test photo, made with sharp (the server's image library): a JPEG (with
 * `quality` when given), or a PNG with `png` (four channels with `alpha`).
 */
export async function testPhoto(width: number, height: number, color: string, opts: { png?: boolean; alpha?: boolean; quality?: number } = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: opts.alpha ? 4 : 3, background: color } });
  return opts.png ? image.png().toBuffer() : image.jpeg(opts.quality ? { quality: opts.quality } : undefined).toBuffer();
}

/** A test photo as a file to pick in a file input (`setInputFiles`): JPEG, or PNG with `png`. */
export async function testPhotoFile(name: string, width: number, height: number, color: string, opts: { png?: boolean; alpha?: boolean; quality?: number } = {}) {
  return { name, mimeType: opts.png ? 'image/png' : 'image/jpeg', buffer: await testPhoto(width, height, color, opts) };
}
