/** A positive whole number from a command-line option ('1_000_000' allowed), or the default. */
export function positive(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`expected a positive integer, got '${value}'`);
  return n;
}
