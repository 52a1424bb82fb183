import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../../../platform/db/database.js';
import { addLine, emptyBatch, writeBatch } from './view-batch.js';

/**
 * The complete lines of a journal file: each ends with a newline. What follows the last newline is
 * dropped (a line cut by a kill).
 */
export function journalLines(text: string): string[] {
  const lines = text.split('\n');
  lines.pop();
  return lines.filter((l) => l.length > 0);
}

/**
 * The journal files of this process, one per flush (`rotate`). The lines of one event-loop turn are
 * appended with one write(2) (group commit, features/menu/views/views.ts) before their answers leave: it is then in the kernel's page cache, which a kill -9 of the
 * process does not lose. Not fsync'ed: like the database's own WAL, a power cut may lose the last
 * instants.
 */
export class ViewJournal {
  private fd: number | undefined;
  private seq = 0;
  /** With the pid, names this journal's files apart from an earlier run's (digits: the backup's JOURNAL pattern). */
  private readonly stamp = randomInt(1, 2 ** 47);
  /** Set after a file failed to open: no new try (one per view) before the next rotation. */
  private broken = false;

  constructor(
    private readonly dir: string,
    /** Called with each new file's name (the views written to it belong to the current batch). */
    private readonly onFile: (name: string) => void,
  ) {}

  /**
   * Appends one or more lines, each ending with a newline (ASCII), in one write(2). Throws if they
   * could not be written.
   */
  append(line: string): void {
    if (this.fd === undefined) this.open();
    if (this.fd === undefined) throw new Error('view journal unavailable until the next flush');
    fs.writeSync(this.fd, line);
  }

  private open() {
    if (this.broken) return;
    this.broken = true;
    fs.mkdirSync(this.dir, { recursive: true });
    const name = `${process.pid}-${this.stamp}-${++this.seq}.log`;
    this.fd = fs.openSync(path.join(this.dir, name), 'a');
    this.broken = false;
    this.onFile(name);
  }

  /** Deletes a file whose views are in the database. */
  release(name: string) {
    fs.rmSync(path.join(this.dir, name), { force: true });
  }

  /** Ends the current file: the next line starts a new one. */
  rotate() {
    this.broken = false;
    if (this.fd === undefined) return;
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = undefined;
  }
}

function pidAlive(pid: number): boolean {
  if (pid === process.pid) return false; // files with our pid are from an earlier life (containers reuse pids)
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Replays the journal files of processes that died before flushing them, each exactly once
 * (`view_flushes` names the files already written). Returns the views applied. A restore replays
 * every file it brought (`alive` says no process owns them: their pids are another machine's).
 */
export async function replayViewJournals(db: DB, dir: string, now: Date, alive: (pid: number) => boolean = pidAlive): Promise<number> {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => /^\d+-\d+-\d+\.log$/.test(n));
  } catch {
    return 0;
  }
  let applied = 0;
  for (const name of names) {
    if (alive(Number(name.split('-')[0]))) continue;
    const file = path.join(dir, name);
    const done = await db.selectFrom('view_flushes').select('id').where('id', '=', name).executeTakeFirst();
    if (!done) {
      const batch = emptyBatch();
      for (const line of journalLines(fs.readFileSync(file, 'latin1'))) addLine(batch, line);
      batch.files.push(name);
      await writeBatch(db, batch, now.toISOString());
      applied += batch.count;
    }
    fs.rmSync(file, { force: true });
    await db.deleteFrom('view_flushes').where('id', '=', name).execute();
  }
  // markers whose file is long gone (a crash between deleting the file and its marker)
  await db.deleteFrom('view_flushes').where('created_at', '<', new Date(now.getTime() - 7 * 86_400_000).toISOString()).execute();
  return applied;
}
