import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserProfile } from '@shop/core/api/user';
import { userQueries } from '../lib/user-queries';
import { testProfile } from '../components/part-row/test-fixtures';

/**
 * A page test's `fetch`: a fresh mock for each test (answers set with mockImplementation),
 * removed with the rendered page afterwards.
 */
export function stubFetchPerTest() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/**
 * The routes opened at the last of `entries` (the ones before it are the history that back
 * returns to), for a logged-in dealer (`profile`), without query retries.
 */
export function renderRoutes(routes: RouteObject[], entries: string[], profile: UserProfile = testProfile) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userQueries.info().queryKey, profile);
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  render(
    <App>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </App>,
  );
  return router;
}
