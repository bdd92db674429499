import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProductRowPage } from '@shop/core/api/parts';
import { userQueries } from '../../lib/user-queries';
import { testProfile } from '../part-row/test-fixtures';
import { testProductRow } from '../../test/fixtures';
import { PartListPanel } from './part-list-panel';

beforeEach(() => {
  // The detail drawer and the rows ask nothing of the server until a row is used.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 201, msg: '未知接口', data: null })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 15 favourites: page 1 holds 10, page 2 holds 5, a page past the end none (as the server answers). */
async function fetchPage(page: number, limit: number): Promise<ProductRowPage> {
  const from = (page - 1) * limit;
  const count = Math.max(0, Math.min(limit, 15 - from));
  return { total: 15, page, limit, list: Array.from({ length: count }, (_, i) => testProductRow(from + i + 1)) };
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userQueries.info().queryKey, testProfile);
  const router = createMemoryRouter(
    [
      { path: '/home', element: <h1>首页</h1> },
      { path: '/profile/collection', element: <PartListPanel queryKey={['favourites']} fetchPage={fetchPage} /> },
    ],
    { initialEntries: ['/home', url], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('PartListPanel', () => {
  it('a page past the end shows the last page in place of the address, so back leaves the list', async () => {
    const router = renderAt('/profile/collection?page=99&limit=10');
    await screen.findByTestId('part-row-11', undefined, { timeout: 5_000 });
    expect(router.state.location.search).toContain('page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
  }, 20_000);
});
