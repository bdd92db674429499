/** A positive integer id from the query string, else undefined. */
export function idParam(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
