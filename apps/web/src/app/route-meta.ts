import { useMatches } from 'react-router';
import type { ModuleFlag } from '@shop/core/brand-variants';

/** What a route's `handle` may say about its page (spec.md section 2). */
export interface RouteMeta {
  /** Page title; the document title becomes '{title} - {brandZh}汽配商城'. */
  title?: string;
  /** Settlement and order routes: the header grows with its content instead of a fixed height. */
  headerAutoHeight?: boolean;
  /**
   * The module the page belongs to: where the brand has it off (core's moduleEnabled on the
   * variant table) the route is left out of the table, so its path ends at /404 and no menu
   * links to it.
   */
  module?: ModuleFlag;
  /** Only for a company's main account (menus hide the entry from sub-accounts; the page is behind MainOnlyGate). */
  mainOnly?: boolean;
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
