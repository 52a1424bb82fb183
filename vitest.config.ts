import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects:
 * - api: unit and API tests (contract + server, `app.inject` on a real database: SQLite, or
 *   PostgreSQL when DATABASE_URL is set);
 * - e2e: journeys through the built product in Debian's Chromium (playwright-core);
 * - stress: crash and multi-process tests (`npm run test:stress`).
 *
 * The api project runs its files in at least two workers: Vitest's default (one core less than the
 * machine has) is one worker on a 2-core machine, where each file spends much of its time waiting
 * for its database, fsync and argon2's threads; two workers keep both cores busy (≈ 30% faster).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
          include: ['contract/src/**/*.test.ts', 'server/src/**/*.test.ts', 'server/test/**/*.test.ts', 'web/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'stress',
          include: ['server/stress/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
