// Bundles the server into dist/main.js. npm dependencies stay external (native modules), except
// the TypeScript-source workspace @qrmenu/contract and React (react, react-dom/server render the
// diner's pages): React is bundled in its production build, whatever NODE_ENV the process has.
// Left external, it loaded its development build (extra checks on every element, slower renders)
// unless NODE_ENV=production was set, and `npm start` did not set it. The build fails if a
// development build gets bundled.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const BUNDLED = new Set(['@qrmenu/contract', 'react', 'react-dom']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter((d) => !BUNDLED.has(d));

/** How the server and its worker entries are bundled (the same for both). */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
};
const result = await build({
  ...common,
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
});

// Worker thread entries (platform/workers/pool.ts): every `*.worker.ts` becomes dist/workers/<name>.worker.js,
// bundled the same way (the pool finds them next to dist/main.js).
const WORKERS = [
  'features/tables/table-cards.worker.ts',
  'features/menu-io/spreadsheet.worker.ts',
  'features/menu-io/owner-work.worker.ts',
  'features/price-list/price-list.worker.ts',
  'features/orders/slip.worker.ts',
  'features/reports/report-xlsx.worker.ts',
  'features/accounts/data-export.worker.ts',
  'platform/db/checkpoint.worker.ts',
];
const workers = await build({
  ...common,
  entryPoints: WORKERS.map((w) => new URL(`./src/${w}`, import.meta.url).pathname),
  outdir: new URL('./dist/workers', import.meta.url).pathname,
  entryNames: '[name]',
});
Object.assign(result.metafile.inputs, workers.metafile.inputs);

const development = Object.keys(result.metafile.inputs).filter((f) => /\.development\.js$/.test(f));
if (development.length) throw new Error(`development builds bundled into dist/main.js: ${development.join(', ')}`);
