/** The rows grouped by `key`, each group in the rows' order, each row as `value` makes it. */
export function groupBy<R, K, V>(rows: readonly R[], key: (row: R) => K, value: (row: R) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
