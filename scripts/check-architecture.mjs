#!/usr/bin/env node
// The server's rule of imports (ARCHITECTURE.md), checked on every `npm test`:
//  - platform/ imports no feature;
//  - a feature imports another feature only through that feature's index.ts;
//  - nobody imports a route file (*.routes.ts) but the registration (app.ts);
//  - source files (tests aside) stay under MAX_LINES lines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'server/src');
const MAX_LINES = 400;

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const rel = (p) => path.relative(SRC, p).split(path.sep).join('/');
const featureOf = (r) => (r.startsWith('features/') ? r.split('/')[1] : null);
const isTest = (r) => /\.test\.tsx?$/.test(r);
const specRe = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

const problems = [];
for (const file of walk(SRC)) {
  const r = rel(file);
  const text = fs.readFileSync(file, 'utf8');
  if (!isTest(r)) {
    const lines = text.split('\n').length;
    if (lines > MAX_LINES) problems.push(`${r}: ${lines} lines (at most ${MAX_LINES}; split it by responsibility)`);
  }
  if (!r.startsWith('features/') && !r.startsWith('platform/') && r !== 'app.ts' && r !== 'main.ts') {
    problems.push(`${r}: outside features/ and platform/`);
  }
  for (const m of text.matchAll(specRe)) {
    const spec = m[1] ?? m[2];
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(SRC)) continue; // test helpers, contract
    const t = rel(target).replace(/\.js$/, '');
    const from = featureOf(r);
    const to = featureOf(t);
    if (r.startsWith('platform/') && to && !isTest(r)) problems.push(`${r}: platform imports feature file ${t}`);
    if (/\.routes$/.test(t) && r !== 'app.ts' && !isTest(r)) problems.push(`${r}: imports route file ${t}`);
    if (from && to && from !== to && !/^features\/[^/]+\/index$/.test(t)) {
      problems.push(`${r}: imports ${t} — another feature only through features/${to}/index.ts`);
    }
  }
}
if (problems.length) {
  console.error(`Architecture check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Architecture check: imports, layout and file lengths follow ARCHITECTURE.md');
