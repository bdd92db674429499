import pg from 'pg';

/**
 * Throw-away PostgreSQL databases for tests and benchmarks: created through an admin connection
 * (any database on the server, e.g. postgres://postgres@127.0.0.1:5432/test) and dropped after.
 */
export async function withPgClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  /** Connection string of the new database. */
  url: string;
  drop(): Promise<void>;
}

/** Creates database `name` next to the one `adminUrl` points at. */
export async function createScratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid database name '${name}'`);
  await withPgClient(adminUrl, (c) => c.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withPgClient(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}
