#!/usr/bin/env node
// The server's rule of imports (ARCHITECTURE.md), checked on every `npm test`:
//  - platform/ imports no feature;
//  - a feature imports another feature only through that feature's index.ts;
//  - nobody imports a route file (*.routes.ts) but the registration (app.ts);
//  - source files (tests aside) stay under MAX_LINES lines;
//  - no import cycles in contract/src, server/src and web/src (type-only imports count too);
//  - a route handler (the function passed to app.get/post/…) reads in one breath: at most
//    MAX_HANDLER_LINES lines, the act in the feature's domain module;
//  - no SQL in route files (queries live in *.repository.ts);
//  - one clock: no `new Date()`, `Date.now` or a date default (`istanbulDay()`) outside
//    platform/clock.ts and CLOCK_EXCEPTIONS (tests aside): the time comes from `app.clock` (ARCHITECTURE.md, "Reading the time").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'server/src');
const MAX_LINES = 400;
const MAX_HANDLER_LINES = 20;

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
// ---------- import cycles ----------
const importRe = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
function resolveImport(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const bare = base.replace(/\.(m?js|jsx)$/, '');
  for (const c of [base, `${bare}.ts`, `${bare}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}
function importCycles(dirs) {
  const files = dirs.flatMap((d) => walk(path.join(ROOT, d))).filter((f) => !f.endsWith('.d.ts'));
  const graph = new Map(files.map((f) => [f, []]));
  for (const f of files) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(importRe)) {
      const t = resolveImport(f, m[1] ?? m[2] ?? m[3]);
      if (t && graph.has(t)) graph.get(f).push(t);
    }
  }
  // Tarjan's strongly connected components: each one of more than one file is a cycle
  let next = 0;
  const index = new Map(), low = new Map(), stack = [], onStack = new Set(), cycles = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(path.relative(ROOT, w));
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}
for (const cycle of importCycles(['contract/src', 'server/src', 'web/src'])) problems.push(`import cycle: ${cycle.join(' ↔ ')}`);

// ---------- route handlers ----------
/** Index of the quote that ends the string, or template, starting at `i`. */
function skipString(text, i) {
  const q = text[i];
  for (i++; i < text.length && text[i] !== q; i++) {
    if (text[i] === '\\') i++;
    else if (q === '`' && text[i] === '$' && text[i + 1] === '{') i = closing(text, i + 1) - 1;
  }
  return i;
}
/** Scans the bracket at `open` to its match (skipping strings and comments); `onComma(i)` for its own commas. */
function scan(text, open, onComma = () => {}) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i) + 1;
    else if (c === "'" || c === '"' || c === '`') i = skipString(text, i);
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return i;
    else if (c === ',' && depth === 1) onComma(i);
    if (i < 0) break;
  }
  return text.length;
}
const closing = (text, open) => scan(text, open) + 1;
/** The last argument of the call whose `(` is at `open` (a trailing comma aside). */
function lastArgument(text, open) {
  const commas = [];
  const end = scan(text, open, (i) => commas.push(i));
  const bounds = [open, ...commas].map((c, k, all) => [c + 1, all[k + 1] ?? end]);
  return bounds.reverse().find(([s, e]) => text.slice(s, e).trim() !== '') ?? [end, end];
}
const routeCall = /\bapp\.(get|post|put|patch|delete|head|options)\s*(?:<[^()]*?>)?\(/g;
const SQL = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|selectNoFrom)\(|\bsql`|\.execute(?:TakeFirst(?:OrThrow)?)?\(\)/;
for (const file of walk(SRC).filter((f) => /\.routes\.tsx?$/.test(f))) {
  const r = rel(file);
  const text = fs.readFileSync(file, 'utf8');
  if (SQL.test(text)) problems.push(`${r}: SQL in a route file (queries go to the feature's *.repository.ts)`);
  for (const m of text.matchAll(routeCall)) {
    const open = m.index + m[0].length - 1;
    const [start, end] = lastArgument(text, open);
    const handler = text.slice(start, end).trim();
    if (!/^(?:async\s+)?(?:\([^)]*\)|[\w$]+)\s*(?::[^=]+)?=>|^(?:async\s+)?function\b/.test(handler)) continue; // a named handler: measured where it is defined
    const lines = handler.split('\n').length;
    const url = /['"`]([^'"`]+)['"`]/.exec(text.slice(open, start))?.[1] ?? '?';
    const line = text.slice(0, start).split('\n').length;
    if (lines > MAX_HANDLER_LINES) problems.push(`${r}:${line}: the handler of ${m[1].toUpperCase()} ${url} has ${lines} lines (at most ${MAX_HANDLER_LINES}; move the act into the feature's domain module)`);
  }
}

// ---------- one clock ----------
/** Files that may read the system's time themselves (ARCHITECTURE.md, "Reading the time"). */
const CLOCK_EXCEPTIONS = new Set(['platform/clock.ts']);
const READS_TIME = /\bnew Date\(\s*\)|\bDate\.now\b|\bnowIso\(|\b(?:istanbulDay|istanbulMonthStart)\(\s*\)/;
for (const file of walk(SRC)) {
  const r = rel(file);
  if (isTest(r) || CLOCK_EXCEPTIONS.has(r)) continue;
  const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, '')).split('\n'); // comments kept as blank lines
  code.forEach((line, i) => {
    if (!/^\s*\/\//.test(line) && READS_TIME.test(line)) problems.push(`${r}:${i + 1}: reads the system's time (take it from app.clock, or \`now\` from the caller)`);
  });
}

if (problems.length) {
  console.error(`Architecture check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Architecture check: imports (no cycles), layout, file and handler lengths, no SQL in routes, one clock: as ARCHITECTURE.md says');
