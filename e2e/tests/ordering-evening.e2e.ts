import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { json, startServer, type ServerProcess } from '../../server/stress/server-process';
import { launch, shot } from '../lib';

/**
 * The whole evening of ordering at the table (issue 42 "Tests"), end to end on the built product:
 * two server processes on one SQLite database and one Redis; process A serves the diners, process
 * B the staff. The owner turns `Masadan sipariş` on and invites a kitchen and a waiter account
 * through the real invitation flow; two diners at table 5 (JavaScript off) fill one basket and
 * send it; the kitchen screen on B shows it within 2 s; the statuses move by taps; the diner sees
 * them; the waiter closes the table (nakit). Every role is refused where it must be.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let a: ServerProcess;
let b: ServerProcess;
let dataDir: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-evening-'));
  const env = { DATA_DIR: dataDir, REDIS_URL, DATABASE_URL: '', SMTP_URL: '', RATE_LIMIT_REGISTER: '1000' };
    // one after the other: the first migrates the fresh database
  [a, browser] = await Promise.all([startServer(env), launch()]);
  b = await startServer(env);
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await a?.stop();
  await b?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser context on one process: a diner's phone (JavaScript off) or a staff device. */
async function device(base: string, opts: { javaScriptEnabled?: boolean; mobile?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: opts.mobile ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    locale: 'tr-TR',
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The invitation mail process A wrote to DATA_DIR/outbox (no SMTP_URL): its link's token. */
async function invitationToken(address: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(dir)) {
      for (const f of fs.readdirSync(dir)) {
        const mail = await simpleParser(fs.readFileSync(path.join(dir, f)));
        if ([mail.to].flat().some((t) => t?.value.some((v) => v.address === address))) return /\?token=([\w-]+)/.exec(mail.text ?? '')![1];
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail to ${address}`);
}

/** An owner with ordering on: a business of 8 tables, Köfte and Pide (Yarım/Tam) in one category. */
async function business(name: string) {
  const email = `aksam${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const token = (await json(`${a.url}/api/register`, { body: { name: 'Selin Aydın', email, password: 'aksam-sifre-1' } })).body.token as string;
  const settings = await json(`${a.url}/api/update-setting`, { token, body: { name: 'Selin Aydın', companyname: `${name} ${Date.now()}`, city: 34, tel: '02165554433', address: 'Moda Cad. 5', deskcount: 8 } });
  expect(settings.body.status).toBe(200);
  const category = (await json(`${a.url}/api/store-category`, { token, body: { name: 'Ana Yemekler', status: '1' } })).body.category;
  const kofte = (await json(`${a.url}/api/store-product`, { token, body: { category_id: category.id, name: 'İzgara Köfte', selling_price: '250', status: '1' } })).body.product;
  const variants = JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }]);
  const pide = (await json(`${a.url}/api/store-product`, { token, body: { category_id: category.id, name: 'Kıymalı Pide', selling_price: '', variants, status: '1' } })).body.product;
  expect((await json(`${a.url}/api/order-settings`, { token, body: { enabled: true } })).body).toMatchObject({ status: 200, enabled: true });
  return { token, slug: settings.body.settings.companyengname as string, categoryId: category.id as number, kofte: kofte.id as number, pide: pide.id as number };
}

/** A staff member through the real flow: invited by the owner (mail), password set, signed in on B. */
async function staff(ownerToken: string, role: 'mutfak' | 'garson', name: string) {
  const email = `${role}${Date.now()}@example.com`;
  expect((await json(`${a.url}/api/staff`, { token: ownerToken, body: { email, name, role } })).body.status).toBe(200);
  const token = await invitationToken(email);
  expect((await json(`${b.url}/api/staff/accept`, { body: { token, password: 'personel-sifre-1', password_confirmation: 'personel-sifre-1' } })).body.status).toBe(200);
  const login = (await json(`${b.url}/api/login`, { body: { email, password: 'personel-sifre-1' } })).body;
  expect(login).toMatchObject({ status: 200, role: 'staff', staff_role: role });
  return { name, token: login.token as string };
}

/** A staff screen on process B, signed in as the web app does (the token in localStorage). */
async function screen(who: { name: string; token: string }, url: string) {
  const d = await device(b.url);
  await d.page.goto('/404');
  await d.page.evaluate(([t, n]) => {
    localStorage.setItem('auth_token', t);
    localStorage.setItem('auth_name', n);
  }, [who.token, who.name]);
  await d.page.goto(url);
  return d;
}

/** Submits the `Sepete ekle` form of the product card named `product` and lands on the basket. */
async function addToBasket(page: Page, product: string, fill: { adet?: number; porsiyon?: string; not?: string } = {}) {
  const card = page.locator('li.prod').filter({ has: page.getByRole('heading', { name: product }) });
  if (fill.porsiyon) await card.getByLabel('Porsiyon', { exact: true }).selectOption({ label: fill.porsiyon });
  if (fill.adet) await card.getByLabel('Adet', { exact: true }).fill(String(fill.adet));
  if (fill.not) await card.getByLabel('Not', { exact: true }).fill(fill.not);
  await Promise.all([page.waitForURL(/\/siparis\?masa=5&durum=eklendi$/), card.getByRole('button', { name: 'Sepete ekle' }).click()]);
}

describe('[ORDERS] the whole evening across two processes', () => {
  it('two diners fill table 5\'s basket on A with JavaScript off; the kitchen on B sees it within 2 s; statuses move; the waiter closes the table', async () => {
    const biz = await business('Akşam Ocakbaşı');
    const other = await business('Komşu Lokanta');
    const [mutfak, garson] = await Promise.all([staff(biz.token, 'mutfak', 'Ayşe Mutfak'), staff(biz.token, 'garson', 'Emre Garson')]);

    // the kitchen on process B, live before anything is sent
    const kitchen = await screen(mutfak, '/personel/mutfak');
    await kitchen.page.getByRole('heading', { name: 'Mutfak' }).waitFor();
    await kitchen.page.getByRole('status').filter({ hasText: 'Canlı' }).waitFor();
    await kitchen.page.getByText('Bekleyen sipariş yok').waitFor();

    // two phones at table 5, JavaScript off, on process A: each opens the table's QR address
    const one = await device(a.url, { javaScriptEnabled: false, mobile: true });
    const two = await device(a.url, { javaScriptEnabled: false, mobile: true });
    const menu = `/qr/${biz.slug}/category/${biz.categoryId}?masa=5`;
    for (const d of [one, two]) {
      await d.page.goto(`/qr/${biz.slug}?masa=5`);
      expect((await d.context.cookies()).some((c) => c.name === 'qrm_masa' && c.httpOnly)).toBe(true);
      await d.page.goto(menu);
    }
    await addToBasket(one.page, 'İzgara Köfte', { adet: 2 });
    await addToBasket(two.page, 'Kıymalı Pide', { porsiyon: 'Tam ₺200,00', not: 'Soğansız, bol maydanoz' });
    await shot(two.page, 'evening-basket-360');
    // both see one basket
    for (const d of [one, two]) {
      await d.page.goto(`/qr/${biz.slug}/siparis?masa=5`);
      await d.page.getByText('2 × İzgara Köfte').waitFor();
      await d.page.getByText('1 × Kıymalı Pide (Tam)').waitFor();
      await d.page.getByText('Not: Soğansız, bol maydanoz').waitFor();
      await d.page.getByText('₺700,00').first().waitFor();
    }

    // one sends it; the kitchen on B shows it, grouped by table, within 2 s
    const table5 = kitchen.page.getByRole('region', { name: 'Masa 5' });
    const sentAt = Date.now();
    await Promise.all([one.page.waitForURL(/durum=gonderildi/), one.page.getByRole('button', { name: 'Siparişi gönder' }).click()]);
    await table5.getByText('Kıymalı Pide (Tam)').waitFor({ timeout: 5000 });
    const shownIn = Date.now() - sentAt;
    expect(shownIn, `the kitchen showed the order after ${shownIn} ms`).toBeLessThanOrEqual(2000);
    await expect.poll(() => table5.locator('li').allInnerTexts()).toEqual([expect.stringMatching(/^2 ×\s*İzgara Köfte$/), expect.stringMatching(/^1 ×\s*Kıymalı Pide \(Tam\)\s*Not: Soğansız, bol maydanoz$/)]);
    await table5.getByText('Yeni', { exact: true }).waitFor();
    await one.page.getByText('Siparişiniz mutfağa iletildi.').waitFor();
    await shot(kitchen.page, 'evening-kitchen-1280');

    // Yeni → Hazırlanıyor → Hazır by the kitchen's taps
    await table5.getByRole('button', { name: 'Hazırlanıyor', exact: true }).click();
    await table5.getByRole('button', { name: 'Hazır', exact: true }).waitFor();
    await table5.getByText('Hazırlanıyor', { exact: true }).waitFor();
    await table5.getByRole('button', { name: 'Hazır', exact: true }).click();
    await table5.getByRole('button', { name: 'Hazır', exact: true }).waitFor({ state: 'detached' });
    await table5.getByText('Hazır', { exact: true }).waitFor();
    await one.page.getByRole('link', { name: 'Durumu yenile' }).click();
    await one.page.getByText('Hazır', { exact: true }).waitFor();

    // → Servis edildi by the waiter's tap on B; the diner sees it after a refresh
    const waiter = await screen(garson, '/personel/garson');
    await waiter.page.getByRole('heading', { name: 'Garson' }).waitFor();
    const ready = waiter.page.getByRole('region', { name: 'Hazır siparişler' }).getByRole('listitem').filter({ hasText: 'Masa 5' });
    await ready.getByRole('button', { name: 'Servis edildi', exact: true }).click();
    await ready.waitFor({ state: 'detached' });
    await two.page.goto(`/qr/${biz.slug}/siparis?masa=5`);
    await two.page.getByText('Servis edildi', { exact: true }).waitFor();
    await two.page.getByText('Masa toplamı').waitFor();

    // the waiter closes the table, paid nakit
    const bill = waiter.page.getByRole('region', { name: 'Masa 5' });
    await bill.getByText('₺700,00').waitFor();
    await bill.getByRole('button', { name: 'Masayı kapat' }).click();
    const dialog = waiter.page.getByRole('dialog');
    await dialog.getByText('Masa 5 kapatılsın mı?').waitFor();
    await dialog.getByLabel('Nakit').check();
    await dialog.getByRole('button', { name: 'Kapat' }).click();
    await waiter.page.getByRole('region', { name: 'Kapatılan masalar' }).getByText('Masa 5 · Nakit · ₺700,00').waitFor();
    await bill.waitFor({ state: 'detached' });

    // the day's report (Raporlar, as the owner reads it) counts the order: one order, ₺700,00, one table
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const report = (await json(`${b.url}/api/reports/orders?from=${day}&to=${day}`, { token: biz.token })).body.report;
    expect(report.totals).toMatchObject({ orders: 1, revenue: 700, payments: { nakit: { tables: 1, revenue: 700 } } });
    expect(report.days).toEqual([expect.objectContaining({ day, orders: 1, revenue: 700, tables: 1 })]);
    expect(report.best_sellers.map((p: { name: string; quantity: number }) => [p.name, p.quantity])).toEqual([['İzgara Köfte', 2], ['Kıymalı Pide', 1]]);

    // ---- refusals ----
    // the kitchen account on the waiters' screen, and closing a table
    await kitchen.page.goto('/personel/garson');
    await kitchen.page.waitForURL('**/403');
    expect((await json(`${b.url}/api/tables/5/close`, { token: mutfak.token, body: { payment: 'nakit' } })).http).toBe(403);
    // a waiter may close tables, but not touch another business's orders or its settings
    expect((await json(`${b.url}/api/order-settings`, { token: garson.token, body: { enabled: false } })).http).toBe(403);
    // a device that never opened table 5's QR address cannot post to its basket (nor through the API)
    const stranger = await device(a.url, { javaScriptEnabled: false, mobile: true });
    await stranger.page.goto(menu.replace('?masa=5', ''));
    const noSeat = await stranger.context.request.post(`/qr/${biz.slug}/siparis?masa=5`, { form: { urun: biz.kofte, adet: 1, website: '' }, maxRedirects: 0 });
    expect(noSeat.status()).toBe(403);
    expect(await noSeat.text()).toContain('QR kodu yeniden okutun');
    expect((await stranger.context.request.post(`/api/orders/${biz.slug}`, { data: { masa: 5, items: [{ product_id: biz.kofte, quantity: 1 }] } })).status()).toBe(403);
    // a diner seated at table 5 cannot order for another table, nor for another business's table 5
    expect((await one.context.request.post(`/qr/${biz.slug}/siparis?masa=6`, { form: { urun: biz.kofte, adet: 1 }, maxRedirects: 0 })).status()).toBe(403);
    expect((await one.context.request.post(`/qr/${other.slug}/siparis?masa=5`, { form: { urun: other.kofte, adet: 1 }, maxRedirects: 0 })).status()).toBe(403);
    const foreign = await one.context.request.post(`/api/orders/${other.slug}`, { data: { masa: 5, items: [{ product_id: other.kofte, quantity: 1 }] } });
    expect(foreign.status()).toBe(403);
    // nor with this business's product on the other business's basket
    expect((await two.context.request.post(`/api/orders/${other.slug}`, { data: { masa: 5, items: [{ product_id: biz.kofte, quantity: 1 }] } })).status()).toBe(403);
  }, 90_000);
});
