/**
 * The value of a json column or expression as the driver answers it: node-postgres and PGlite
 * parse json into values, but a value built by an expression may still come as text. Null stays null.
 */
export function jsonColumn<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
