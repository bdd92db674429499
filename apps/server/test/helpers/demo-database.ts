import { afterAll, beforeAll } from 'vitest';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { generateDemoData, type GenerateOptions } from '../../src/demo/generate';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The rows of a raw query. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Each named query's `sum` (an md5 over a table's generated rows). */
export async function checksumsOf(db: Db, queries: Record<string, SQL>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, query] of Object.entries(queries)) out[name] = (await rows<{ sum: string }>(db, query))[0]!.sum;
  return out;
}

/** A database with the demo data of `options`, made before a describe's tests and disposed after them. */
export function useDemoDatabase(options: GenerateOptions): { readonly db: Db } {
  let made: TestDatabase | undefined;
  beforeAll(async () => {
    made = await createTestDatabase();
    await generateDemoData(made.database.db, options);
  });
  afterAll(() => made?.dispose());
  return {
    get db() {
      return made!.database.db;
    },
  };
}
