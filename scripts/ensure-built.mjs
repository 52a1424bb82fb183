// `npm start` builds first when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const outputs = ['server/dist/main.js', 'web/dist/index.html'].map((f) => path.join(root, f));
const built = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
const sources = Math.max(...['contract', 'server/src', 'web/src', 'web/public'].map((d) => path.join(root, d)).filter(existsSync).map(newest));
if (built < sources) {
  console.log('Derleniyor (npm run build)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
