/**
 * The paths of the route table, registered once by the app before the first render. Menus,
 * nav bars and footers build their links from one list and show a link only when its route
 * exists, so nothing links to a page a later issue has not added yet.
 */
let paths: ReadonlySet<string> = new Set();

export function registerRoutePaths(list: Iterable<string>): void {
  paths = new Set(list);
}

/** True when `path` (query and hash ignored) is a route of the table. */
export function hasRoute(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? '';
  return paths.has(bare.length > 1 ? bare.replace(/\/+$/, '') : bare);
}
