import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Lints the OpenAPI document with Redocly CLI (`redocly.yaml` at the repository root: its rules and
 * the reason for every warning left). Offline: no telemetry, no update check, no remote config.
 * `npm run lint:openapi` runs this file; the OpenAPI test calls `lintOpenApi` on the served document.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

function runRedocly(doc: unknown, format: 'json' | 'stylish') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
    return spawnSync(process.execPath, [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', format], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
      timeout: 120_000,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The lint's verdict (exit code 0: no error) and every problem it reports. */
export function lintOpenApi(doc: unknown): { ok: boolean; problems: LintProblem[]; output: string } {
  const run = runRedocly(doc, 'json');
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const json = (run.stdout ?? '').slice((run.stdout ?? '').indexOf('{'));
  let problems: LintProblem[] = [];
  try {
    problems = (JSON.parse(json) as { problems: LintProblem[] }).problems;
  } catch {
    return { ok: false, problems, output };
  }
  return { ok: run.status === 0, problems, output };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { buildTestApp } = await import('./helpers.js');
  // with a metrics token, so that GET /metrics is registered and described too
  const t = await buildTestApp({ config: { metricsToken: 'openapi-lint-metrics-token' } });
  const doc = t.app.openapiDocument();
  await t.close();
  const run = runRedocly(doc, 'stylish');
  process.stdout.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
  process.exit(run.status === 0 ? 0 : 1);
}
