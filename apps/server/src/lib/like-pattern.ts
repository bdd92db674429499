/** An ILIKE pattern matching text that contains `value` (its wildcards escaped). */
export function containsPattern(value: string): string {
  return `%${value.replace(/[%_\\]/g, '\\$&')}%`;
}
