import { spawnSync } from 'node:child_process';

/**
 * The Prometheus text format (0.0.4) checked the way `promtool check metrics` does: its parser's
 * rules (names, label syntax and escapes, one HELP and one TYPE per family before its samples,
 * values, histogram series) and its linter's (`promlint`: help text, `_total` on counters and only
 * on counters, snake_case, base units, reserved suffixes and labels). Returns one line per problem,
 * as promtool words them; none for an exposition Prometheus accepts.
 */
export function prometheusProblems(text: string): string[] {
  const problems: string[] = [];
  const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
  const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
  const families = new Map<string, { help?: string; type?: string; sampled: boolean; labelNames: Set<string> }>();
  const family = (name: string) => {
    let f = families.get(name);
    if (!f) families.set(name, (f = { sampled: false, labelNames: new Set() }));
    return f;
  };
  /** The family a sample belongs to: itself, or a histogram/summary's `_bucket`/`_sum`/`_count`. */
  const familyOf = (sample: string) => {
    for (const suffix of ['_bucket', '_sum', '_count']) {
      const base = sample.slice(0, -suffix.length);
      const type = sample.endsWith(suffix) ? families.get(base)?.type : undefined;
      if (type === 'histogram' || (type === 'summary' && suffix !== '_bucket')) return base;
    }
    return sample;
  };

  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else problems.push('the exposition does not end with a line feed');
  for (const [i, line] of lines.entries()) {
    const at = `line ${i + 1}`;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
      if (!m) continue; // a comment
      const [, kind, name, rest = ''] = m;
      if (!NAME.test(name)) problems.push(`${at}: invalid metric name ${name}`);
      const f = family(name);
      if (kind === 'HELP') {
        if (f.help !== undefined) problems.push(`${at}: second HELP line for metric name ${name}`);
        if (/\\(?![\\n])/.test(rest)) problems.push(`${at}: invalid escape in the HELP of ${name}`);
        f.help = rest;
      } else {
        if (f.type !== undefined) problems.push(`${at}: second TYPE line for metric name ${name}`);
        if (f.sampled) problems.push(`${at}: TYPE line for ${name} after its samples`);
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest)) problems.push(`${at}: unknown metric type ${rest}`);
        f.type = rest;
      }
      continue;
    }
    if (line.trim() === '') continue;
    const m = /^([^\s{]+)(?:\{(.*)\})?[ \t]+(\S+)(?:[ \t]+(-?\d+))?$/.exec(line);
    if (!m) {
      problems.push(`${at}: not a sample: ${line}`);
      continue;
    }
    const [, name, labelText = '', value] = m;
    if (!NAME.test(name)) problems.push(`${at}: invalid metric name ${name}`);
    if (!/^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|[+-]?Inf|NaN)$/.test(value)) problems.push(`${at}: invalid value ${value}`);
    const labels = new Map<string, string>();
    let rest = labelText;
    while (rest.length > 0) {
      const l = /^([^=\s]+)="((?:[^"\\\n]|\\[\\"n])*)"(,?)/.exec(rest);
      if (!l) {
        problems.push(`${at}: invalid label syntax or escape in {${labelText}}`);
        break;
      }
      if (!LABEL.test(l[1]) || l[1].startsWith('__')) problems.push(`${at}: invalid label name ${l[1]}`);
      if (labels.has(l[1])) problems.push(`${at}: duplicate label ${l[1]}`);
      labels.set(l[1], l[2]);
      rest = rest.slice(l[0].length);
      if (!l[3] && rest.length > 0) problems.push(`${at}: expected a comma between labels`);
    }
    const base = familyOf(name);
    const f = family(base);
    f.sampled = true;
    for (const k of labels.keys()) if (k !== 'le' && k !== 'quantile') f.labelNames.add(k);
    if (f.type === 'histogram') {
      if (name === base) problems.push(`${at}: histogram ${base} has a sample without _bucket/_sum/_count`);
      if (name.endsWith('_bucket') && !labels.has('le')) problems.push(`${at}: bucket of ${base} without le`);
    } else if (labels.has('le')) problems.push(`${base}: non-histogram metrics should not have "le" label`);
    if (f.type !== 'summary' && labels.has('quantile')) problems.push(`${base}: non-summary metrics should not have "quantile" label`);
  }

  // promlint, family by family
  const bases = ['amperes', 'bytes', 'celsius', 'grams', 'joules', 'kelvin', 'meters', 'metres', 'seconds', 'volts'];
  const prefixes = ['pico', 'nano', 'micro', 'milli', 'centi', 'deci', 'deca', 'hecto', 'kilo', 'kila', 'mega', 'giga', 'tera', 'peta', 'exa', 'zetta', 'yotta'];
  const units: Record<string, string> = { minutes: 'seconds', hours: 'seconds', days: 'seconds', weeks: 'seconds', bits: 'bytes' };
  for (const b of bases) for (const p of prefixes) units[p + b] = b;
  const abbreviations = ['s', 'ms', 'us', 'ns', 'sec', 'b', 'kb', 'mb', 'gb', 'tb', 'pb', 'm', 'h', 'd'];
  for (const [name, f] of families) {
    const lint = (why: string) => problems.push(`${name}: ${why}`);
    if (!f.sampled && f.type === undefined) continue;
    if (!f.help) lint('no help text');
    if (f.type === 'counter' && !name.endsWith('_total')) lint('counter metrics should have "_total" suffix');
    if (f.type !== 'counter' && name.endsWith('_total')) lint('non-counter metrics should not have "_total" suffix');
    if (f.type !== 'histogram' && f.type !== 'summary' && /_(bucket|count|sum)$/.test(name)) lint('non-histogram and non-summary metrics should not have "_bucket", "_count" or "_sum" suffix');
    if (/[a-z][A-Z]/.test(name)) lint("metric names should be written in 'snake_case' not 'camelCase'");
    for (const l of f.labelNames) if (/[a-z][A-Z]/.test(l)) lint(`label names should be written in 'snake_case' not 'camelCase' (${l})`);
    if (name.includes(':')) lint("metric names should not contain ':'");
    for (const part of name.split('_')) {
      if (units[part]) lint(`use base unit "${units[part]}" instead of "${part}"`);
      if (abbreviations.includes(part)) lint('metric names should not contain abbreviated units');
    }
    for (const type of ['counter', 'gauge', 'histogram', 'summary', 'untyped']) {
      if (name.includes(`_${type}_`) || name.endsWith(`_${type}`)) lint(`metric name should not include type '${type}'`);
    }
  }
  return problems;
}

/**
 * `promtool check metrics` on `text`: its output and whether it passed, or null when promtool is
 * not installed (Debian package `prometheus`; `.ci/run` installs it).
 */
export function promtool(text: string): { ok: boolean; output: string } | null {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 30_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim() };
}
