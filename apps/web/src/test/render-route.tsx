import type { ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { App } from 'antd';
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  useLocation,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BRAND_VARIANTS, type BrandKey } from '@shop/core/brand-variants';
import type { UserProfile } from '@shop/core/api/user';
import { userQueries } from '../entities/user/user-queries';
import { createQueryClient } from '../lib/query-client';
import { VariantContext } from '../lib/variant-context';
import { testProfile } from './fixtures';

export interface RenderOptions {
  /** The logged-in dealer (default testProfile()); null: nobody is cached (the page asks info). */
  profile?: UserProfile | null;
  /** The brand variant the screen serves (default: the page's, frey in tests). */
  brand?: BrandKey;
  /** A client of the test's own; default the app's (createQueryClient: errors toasted once) without retries. */
  client?: QueryClient;
}

/** The app's query client (errors toasted once by its caches), without retries, for a test. */
export function testQueryClient(queries: { staleTime?: number } = {}): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { retry: false, ...queries } } });
}

/** Waits until every mutation of `client` has finished (its success or failure said by then). */
export function mutationsSettled(client: QueryClient): Promise<void> {
  return waitFor(() =>
    expect(
      client
        .getMutationCache()
        .getAll()
        .every((m) => m.state.status !== 'pending'),
    ).toBe(true),
  );
}

function providers(client: QueryClient, brand: BrandKey | undefined, children: ReactNode) {
  const inner = <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return (
    <App>
      {brand ? <VariantContext.Provider value={BRAND_VARIANTS[brand]}>{inner}</VariantContext.Provider> : inner}
    </App>
  );
}

function prepare(options: RenderOptions | UserProfile | undefined) {
  const opts: RenderOptions = options && 'subuser_id' in options ? { profile: options } : (options ?? {});
  const client = opts.client ?? testQueryClient();
  const profile = opts.profile === undefined ? testProfile() : opts.profile;
  if (profile) client.setQueryData(userQueries.info().queryKey, profile);
  return { client, brand: opts.brand };
}

/**
 * The routes opened at the last of `entries` (the ones before it are the history that back
 * returns to; an entry may carry a `state`), for a logged-in dealer, in a brand (`{ brand: 'eurox' }`), without query retries.
 */
export function renderRoutes(routes: RouteObject[], entries: InitialEntry[], options?: RenderOptions | UserProfile) {
  return mountRoutes(routes, entries, options).router;
}

function mountRoutes(routes: RouteObject[], entries: InitialEntry[], options?: RenderOptions | UserProfile) {
  const { client, brand } = prepare(options);
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  render(providers(client, brand, <RouterProvider router={router} />));
  return { router, client };
}

/** One page at its `path` (opened there), as renderRoutes does; the query client it used. */
export function renderPage(path: string, element: ReactNode, options?: RenderOptions | UserProfile): QueryClient {
  return mountRoutes([{ path, element }], [path], options).client;
}

/** One component inside a router, for a logged-in dealer, in a brand (`{ brand: 'eurox' }`). */
export function renderWithProviders(ui: ReactNode, options?: RenderOptions | UserProfile) {
  const { client, brand } = prepare(options);
  const result = render(providers(client, brand, <MemoryRouter>{ui}</MemoryRouter>));
  return { ...result, client };
}

/**
 * Where the app went: path, query and state, as text (`data-testid="where"`), for a catch-all
 * route of a test (`{ path: '*', element: <LocationProbe /> }`).
 */
export function LocationProbe() {
  const location = useLocation();
  const state = location.state === null || location.state === undefined ? '' : `|${JSON.stringify(location.state)}`;
  return <div data-testid="where">{`${location.pathname}${location.search}${state}`}</div>;
}
