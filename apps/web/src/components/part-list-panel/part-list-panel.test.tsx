import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ProductRowPage } from '@shop/core/api/parts';
import { testProductRow } from '../../test/fixtures';
import { renderRoutes } from '../../test/render-route';
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
  return renderRoutes(
    [
      { path: '/home', element: <h1>首页</h1> },
      { path: '/profile/collection', element: <PartListPanel queryKey={['favourites']} fetchPage={fetchPage} /> },
    ],
    ['/home', url],
  );
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
