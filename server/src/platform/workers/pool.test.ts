import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTableCards, renderTableCardsOffThread } from '../../features/tables/table-cards.js';
import os from 'node:os';
import { workerEntry, workerPool } from './pool.js';
import { SCHED_IDLE, WORKER_NICE } from './serve.js';

const cards = Array.from({ length: 60 }, (_, i) => ({ masa: i + 1, url: `https://qrmenu.example/qr/cinar-kafe?masa=${i + 1}` }));

describe('worker pool', () => {
  it('renders the 60-table PDF in a worker thread: the event loop keeps turning meanwhile, the same document comes back', async () => {
    let turns = 0;
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      turns++;
    }, 1);
    const pdf = await renderTableCardsOffThread('Çınar Kafe', cards);
    const again = await renderTableCardsOffThread('Çınar Kafe', cards);
    clearInterval(timer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(again.length).toBe(pdf.length);
    // in-thread for comparison: same size (only the creation date differs)
    expect(Math.abs((await renderTableCards('Çınar Kafe', cards)).length - pdf.length)).toBeLessThan(64);
    expect(turns).toBeGreaterThan(3);
  });

  it('an error in a task fails that task only; the pool goes on', async () => {
    const pool = workerPool(new URL('../../features/tables/table-cards.ts', import.meta.url).href, 'table-cards', { size: 1 });
    await expect(pool.run('noSuchTask', [])).rejects.toThrow('unknown task noSuchTask');
    const pdf = await pool.run<Uint8Array>('renderTableCards', ['Kafe', cards.slice(0, 4)]);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.threads).toBe(1);
    await pool.close();
    expect(pool.threads).toBe(0);
  });

  it.runIf(process.platform === 'linux')('runs its threads at a lower CPU priority (nice WORKER_NICE, SCHED_IDLE) than the thread that serves menus', async () => {
    const pool = workerPool(new URL('../../features/tables/table-cards.ts', import.meta.url).href, 'table-cards', { size: 1 });
    expect(await pool.run('threadPriority', [])).toEqual({ nice: WORKER_NICE, policy: SCHED_IDLE });
    // the process (its main thread) keeps its own: nice 0, SCHED_OTHER (0)
    expect(os.getPriority()).toBe(0);
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38])).toBe(0);
    await pool.close();
  });

  it('finds the bundled entry next to dist/main.js', () => {
    const entry = workerEntry('file:///srv/qrmenu/server/dist/main.js', 'spreadsheet');
    expect(entry).toEqual({ spec: new URL('file:///srv/qrmenu/server/dist/workers/spreadsheet.worker.js'), eval: false });
    expect(workerEntry(import.meta.url.replace(/pool\.test\.ts$/, 'pool.ts'), 'x').eval).toBe(true);
  });
});
