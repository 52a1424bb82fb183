import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_MSG, AUDIT_ACTIONS, AUDIT_PAGE_SIZE } from '@qrmenu/contract';
import { buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { getAs } from '../../../test/admin-lists-fixture.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';

/** The contact inbox and the audit trail as server-paged lists (the other lists: admin-lists.routes.test.ts). */
let t: TestApp;
let token: string;
const messageIds: number[] = [];
const SENDERS = [
  ['Şükrü', 'Öztürk', 'Çiçek Pastanesi', 'sukru@ornek.test', 'Şikâyet: siparişim gelmedi'],
  ['İlknur', 'Işık', null, 'ilknur@ornek.test', 'Fiyat bilgisi alabilir miyim?'],
  ['Oğuz', null, 'Güveç Evi', 'oguz@ornek.test', 'Menümüzü nasıl çeviririz?'],
  ['Ayla', 'Çakır', null, 'ayla@ornek.test', 'Teşekkürler, harika bir ürün.'],
  ['Burak', 'Ünlü', 'Kahve Durağı', 'burak@ornek.test', 'QR kodu basınca bulanık çıkıyor.'],
  ['Cem', 'Yıldız', null, 'cem@ornek.test', 'Hesabımı nasıl silerim?'],
  ['Derya', 'Kılıç', 'İnci Büfe', 'derya@ornek.test', 'İLETİŞİM numaranız nedir?'],
] as const;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t.app);
  token = admin.token;
  for (const [i, [name, surname, companyname, mail, message]] of SENDERS.entries()) {
    const { id } = await t.db
      .insertInto('messages')
      .values({ name, surname, companyname, mail, tel: '05550000000', message, read_at: i % 3 === 0 ? `2026-04-0${i + 1}T00:00:00.000Z` : null, created_at: `2026-03-0${i + 1}T09:00:00.000Z` })
      .returning('id')
      .executeTakeFirstOrThrow();
    messageIds.push(id);
  }
  for (let i = 0; i < 60; i++) {
    const action = AUDIT_ACTIONS[i % AUDIT_ACTIONS.length];
    await recordAudit(t.db, { adminId: admin.userId, adminEmail: i % 2 ? admin.email : 'şef.yönetici@ornek.test', action, targetUserId: null, changes: { not: [i, i + 1] } }, new Date(Date.UTC(2026, 3, 1, 0, i)));
  }
});
afterAll(async () => t.close());

const get = (url: string) => getAs(t.app, token, url);

describe('GET /api/admin/messages', () => {
  it('without parameters: page 1 of 20, newest first, with the unread count of the whole inbox', async () => {
    const body = await get('/api/admin/messages');
    expect(body).toMatchObject({ status: 200, total: SENDERS.length, page: 1, per_page: 20, unread: 4 });
    expect(body.messages.map((m: any) => m.id)).toEqual([...messageIds].reverse());
  });

  it('pages of 5; unread=1 and unread=0', async () => {
    const a = await get('/api/admin/messages?per_page=5&page=1');
    const b = await get('/api/admin/messages?per_page=5&page=2');
    expect([...a.messages, ...b.messages].map((m: any) => m.id)).toEqual([...messageIds].reverse());
    const unread = await get('/api/admin/messages?unread=1&per_page=100');
    expect(unread.total).toBe(4);
    for (const m of unread.messages) expect(m.read).toBe(false);
    const read = await get('/api/admin/messages?unread=0&per_page=100');
    expect(read.total).toBe(3);
    for (const m of read.messages) expect(m.read).toBe(true);
    expect(unread.unread).toBe(4);
  });

  it.each([
    ['sikayet', 'Şükrü'], ['ŞİKÂYET', 'Şükrü'], ['ozturk', 'Şükrü'], ['cicek', 'Şükrü'], ['ISIK', 'İlknur'], ['ilknur', 'İlknur'], ['guvec', 'Oğuz'],
    ['iletisim', 'Derya'], ['inci bufe', 'Derya'], ['burak@ornek', 'Burak'],
  ])('q=%s finds %s (name, surname, business, e-mail, message; folded)', async (q, name) => {
    const body = await get(`/api/admin/messages?q=${encodeURIComponent(q)}`);
    expect(body.messages.map((m: any) => m.name)).toEqual([name]);
    expect(body.total).toBe(1);
  });

  it.each(['id', 'name', 'mail', 'created_at'])('sort=%s both directions', async (col) => {
    const asc = (await get(`/api/admin/messages?sort=${col}&dir=asc`)).messages;
    const desc = (await get(`/api/admin/messages?sort=${col}&dir=desc`)).messages;
    const keys = asc.map((m: any) => m[col]);
    // names in Turkish order (case-insensitive), the rest as stored
    const tr = new Intl.Collator('tr', { sensitivity: 'base' });
    expect(keys).toEqual([...keys].sort((x, y) => (col === 'name' ? tr.compare(x, y) : x < y ? -1 : x > y ? 1 : 0)));
    expect(desc.map((m: any) => m.id)).toEqual(asc.map((m: any) => m.id).reverse());
  });

  it('unknown sort column, filter value or page size → body 422', async () => {
    expect(await get('/api/admin/messages?sort=tel')).toMatchObject({ status: 422, errors: { sort: [ADMIN_LIST_MSG.sort(['id', 'name', 'mail', 'created_at'])] } });
    expect(await get('/api/admin/messages?unread=evet')).toMatchObject({ status: 422, errors: { unread: [ADMIN_LIST_MSG.filter('unread', ['0', '1'])] } });
    expect(await get('/api/admin/messages?per_page=3')).toMatchObject({ status: 422, errors: { per_page: [ADMIN_LIST_MSG.perPage] } });
  });
});

describe('GET /api/admin/audit', () => {
  it('without per_page: 50 a page as before, newest first', async () => {
    const body = await get('/api/admin/audit?page=1');
    expect(body).toMatchObject({ status: 200, total: 60, page: 1, per_page: AUDIT_PAGE_SIZE });
    expect(body.entries).toHaveLength(50);
    const ats = body.entries.map((e: any) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect((await get('/api/admin/audit?page=2')).entries).toHaveLength(10);
  });

  it('per_page, action filter, search by the administrator e-mail (folded), sort by action', async () => {
    expect((await get('/api/admin/audit?per_page=10&page=6')).entries).toHaveLength(10);
    const deletes = await get('/api/admin/audit?action=delete-user&per_page=100');
    for (const e of deletes.entries) expect(e.action).toBe('delete-user');
    expect(deletes.total).toBe(Array.from({ length: 60 }, (_, i) => AUDIT_ACTIONS[i % AUDIT_ACTIONS.length]).filter((a) => a === 'delete-user').length);
    const chef = await get(`/api/admin/audit?q=${encodeURIComponent('SEF YONETICI')}&per_page=100`);
    expect(chef.total).toBe(30);
    for (const e of chef.entries) expect(e.admin_email).toBe('şef.yönetici@ornek.test');
    const asc = (await get('/api/admin/audit?sort=action&dir=asc&per_page=100')).entries.map((e: any) => e.action);
    expect(asc).toEqual([...asc].sort());
    const desc = (await get('/api/admin/audit?sort=action&dir=desc&per_page=100')).entries.map((e: any) => e.action);
    expect(desc).toEqual([...asc].reverse());
  });

  it('unknown action or sort → body 422', async () => {
    expect((await get('/api/admin/audit?action=drop')).status).toBe(422);
    expect((await get('/api/admin/audit?sort=changes')).status).toBe(422);
  });
});
