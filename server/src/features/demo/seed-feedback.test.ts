import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { seedDemo } from './seed.js';
import { seedDemoFeedback } from './seed-feedback.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('demo feedback', () => {
  it('the demo business gets a few survey answers, once', async () => {
    expect(await seedDemoFeedback(t.db, t.app.clock.now())).toBe(false); // no demo business yet
    await seedDemo(t.db, t.config, t.app.storage, t.app.clock.now());
    expect(await seedDemoFeedback(t.db, t.app.clock.now())).toBe(true);
    expect(await seedDemoFeedback(t.db, t.app.clock.now())).toBe(false);
    const rows = await t.db.selectFrom('feedback').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => r.masa === 4 && r.read_at === null)).toBe(true);
  });
});
