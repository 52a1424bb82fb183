import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, contentTypeOf, type FileStore, type ListedObject } from './store.js';

/** The default store: files under DATA_DIR (`DATA_DIR/uploads/<name>`), written with fsync. */
export class LocalStore implements FileStore {
  readonly kind = 'local' as const;
  readonly description: string;
  readonly dir: string;

  constructor(readonly dataDir: string) {
    this.dir = path.join(dataDir, 'uploads');
    this.description = this.dir;
  }

  private file(key: string): string {
    assertKey(key);
    return path.join(this.dataDir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(this.dir, { recursive: true });
    // write + fsync so an acknowledged upload survives a crash
    const fh = await fs.open(file, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
  }

  async head(key: string) {
    const st = await fs.stat(this.file(key)).catch(() => undefined);
    if (!st?.isFile()) return undefined;
    return { size: st.size, lastModified: st.mtime, contentType: contentTypeOf(key) };
  }

  async get(key: string) {
    const file = this.file(key);
    const st = await fs.stat(file).catch(() => undefined);
    if (!st?.isFile()) return undefined;
    return { body: createReadStream(file), size: st.size, contentType: contentTypeOf(key), lastModified: st.mtime };
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => fs.rm(this.file(k), { force: true })));
  }

  async *list(): AsyncIterable<ListedObject> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const key = `uploads/${name}`;
      if (!/^uploads\/[\w-][\w.-]*$/.test(key)) continue;
      const st = await fs.stat(path.join(this.dir, name)).catch(() => undefined);
      if (st?.isFile()) yield { key, modified: st.mtime, size: st.size };
    }
  }

  async check() {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.access(this.dir, fs.constants.W_OK);
      return { ok: true };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }

  close(): void {}
}
