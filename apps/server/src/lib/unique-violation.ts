/**
 * The constraint a write broke when the error is a unique violation (PostgreSQL's 23505, from
 * PostgreSQL or PGlite, as the error itself or as a cause drizzle wraps it in); undefined for any
 * other error. The name is '' when the driver does not give it.
 */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}
