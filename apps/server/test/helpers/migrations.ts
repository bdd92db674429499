import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';

/**
 * The committed migrations (drizzle/NNNN_*.sql) in order, to test one migration on data written
 * before it: migrate an embedded database file by file up to it, write the old rows, then apply it.
 */
const folder = fileURLToPath(new URL('../../drizzle/', import.meta.url));
export const migrationFiles = readdirSync(folder)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();

/** The migration file whose name ends with `name` ('_dealers_company_fields.sql') or starts with it ('0018'). */
export function migrationFile(name: string): string {
  const file = migrationFiles.find((f) => f.startsWith(name) || f.endsWith(name));
  if (!file) throw new Error(`no migration ${name}`);
  return file;
}

/** Runs one migration file, statement by statement. */
export async function applyMigration(pg: PGlite, file: string): Promise<void> {
  for (const statement of readFileSync(folder + file, 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await pg.exec(statement);
  }
}

/** Runs every migration before `file`. */
export async function migrateUpTo(pg: PGlite, file: string): Promise<void> {
  for (const f of migrationFiles.filter((f) => f < file)) await applyMigration(pg, f);
}

/**
 * For a test file of migration `name`: an embedded database migrated up to it before the tests
 * (closed after them), `db()` to write the old rows and read the result, `migrate()` to apply it.
 */
export function beforeMigration(name: string): { db: () => PGlite; migrate: () => Promise<void> } {
  const target = migrationFile(name);
  let pg: PGlite | undefined;
  beforeAll(async () => {
    pg = new PGlite();
    await migrateUpTo(pg, target);
  }, 120_000);
  afterAll(() => pg?.close());
  const db = () => {
    if (!pg) throw new Error('the database is not open yet');
    return pg;
  };
  return { db, migrate: () => applyMigration(db(), target) };
}
