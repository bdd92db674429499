/**
 * Label maps: a closed set of keys (statuses, kinds, causes), each with its Chinese label, written
 * once as one object. The list of keys and the lookup of a label come from that object. Zod-free:
 * the rules modules the web app's first routes import use it.
 */

/** The keys of a label map, in the order written (a list of choices, a zod enum). */
export function labelKeys<K extends string>(labels: Readonly<Record<K, string>>): K[] {
  return Object.keys(labels) as K[];
}

/** The lookup of a label map: a key's label, or the key itself when the map does not name it. */
export function labelLookup(labels: Readonly<Record<string, string>>): (key: string) => string {
  return (key) => (Object.hasOwn(labels, key) ? (labels[key] ?? key) : key);
}
