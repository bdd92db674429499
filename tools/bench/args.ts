import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A positive whole number from a command-line option ('1_000_000' allowed), or the default. */
export function positive(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`expected a positive integer, got '${value}'`);
  return n;
}

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** --pg-url (the admin connection, pg-url.ts) and the database next to it. */
export const PG_DATABASE_OPTIONS = { 'pg-url': { type: 'string' }, 'pg-db': { type: 'string' } } as const;

/** Where the search benchmark's catalog lives: PostgreSQL (with its parts) or a PGlite folder. */
export const SEARCH_DATABASE_OPTIONS = {
  ...PG_DATABASE_OPTIONS,
  'pg-parts': { type: 'string' },
  'pglite-parts': { type: 'string' },
  'pglite-dir': { type: 'string' },
} as const;

/**
 * A benchmark's options (and --help / -h): their values, or undefined when --help printed `usage`
 * (the benchmark then does nothing).
 */
export function benchOptions<O extends Options>(args: string[], options: O, usage: string) {
  const { values } = parseArgs<{ args: string[]; options: O & typeof HELP }>({
    args,
    options: { ...options, ...HELP },
  });
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    return undefined;
  }
  return values;
}
