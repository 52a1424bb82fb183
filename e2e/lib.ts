import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { inject } from 'vitest';

/** Debian's Chromium, launched for a closed network. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function baseURL() {
  return inject('baseURL');
}
export function adminCredentials() {
  return { email: inject('adminEmail'), password: inject('adminPassword') };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
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
