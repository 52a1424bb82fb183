import pg from 'pg';

export interface PgDatabase {
  url: string;
  /** Waits for the database's connections to close (up to 2 s), then drops it. */
  drop(): Promise<void>;
}

/**
 * Creates an empty PostgreSQL database `name` (dropping an older one of that name) on the server of
 * `baseUrl`, for tests, stress tests and the bench. Throws when the server is unreachable.
 */
export async function createPgDatabase(baseUrl: string, name: string): Promise<PgDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await withClient(baseUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(baseUrl, async (c) => {
        // pg's Pool.end() resolves before its sockets close: FORCE would then kill them and the
        // closing clients would report an unhandled FATAL 57P01
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

async function withClient(connectionString: string, fn: (c: pg.Client) => Promise<void>) {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    await fn(c);
  } finally {
    await c.end();
  }
}
