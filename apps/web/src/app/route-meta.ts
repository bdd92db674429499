import { useMatches } from 'react-router';

/** What a route's `handle` may say about its page (spec.md section 2). */
export interface RouteMeta {
  /** Page title; the document title becomes '{title} - {brandZh}汽配商城'. */
  title?: string;
  /** Settlement and order routes: the header grows with its content instead of a fixed height. */
  headerAutoHeight?: boolean;
}

/** The meta of the deepest matched route that sets each field. */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const meta: RouteMeta = {};
  for (const match of matches) {
    const handle = match.handle as RouteMeta | undefined;
    if (handle?.title !== undefined) meta.title = handle.title;
    if (handle?.headerAutoHeight !== undefined) meta.headerAutoHeight = handle.headerAutoHeight;
  }
  return meta;
}
