import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ProductRowPage } from '@shop/core/api/parts';
import { renderRoutes } from '../../test/render-route';
import { makePartRow } from '../../test/server/factories';
import { searchHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import SearchResultPage from './search-result-page';
import { notFoundNumbers } from './search-result';

const server = stubServerPerTest();

function answer(search: (request: { keyword: string; page: number; limit: number }) => ProductRowPage) {
  server.use(searchHandlers({ search }));
}

function renderAt(url: string) {
  return renderRoutes([{ path: '/parts/result', element: <SearchResultPage /> }], [url]);
}

describe('notFoundNumbers', () => {
  it('gives the searched number when nothing matched, not for names', () => {
    expect(notFoundNumbers('A000-420-9999', 0)).toEqual(['A000-420-9999']);
    expect(notFoundNumbers('A000-420-9999', 3)).toEqual([]);
    expect(notFoundNumbers('刹车片', 0)).toEqual([]);
    expect(notFoundNumbers('\nX1\nX2', 0)).toEqual(['X1']);
  });
});

describe('SearchResultPage', () => {
  it('shows the red not-found row for a number without a match', async () => {
    answer(() => ({ total: 0, page: 1, limit: 10, list: [] }));
    renderAt('/parts/result?keyword=ZZ-999&t=1');
    const row = await screen.findByTestId('not-found-row');
    expect(within(row).getByText('ZZ-999')).toBeTruthy();
  });

  it('lists results and keeps page and limit in the URL', async () => {
    answer(({ page, limit }) => ({
      total: 25,
      page,
      limit,
      list: Array.from({ length: page === 3 ? 5 : 10 }, (_, i) => makePartRow((page - 1) * 10 + i + 1)),
    }));
    const router = renderAt('/parts/result?keyword=%E5%88%B9%E8%BD%A6&t=1');
    await screen.findByTestId('part-row-1', undefined, { timeout: 5_000 });
    expect(screen.getByText('共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByTestId('part-row-11', undefined, { timeout: 5_000 });
    expect(router.state.location.search).toContain('page=2');
    expect(router.state.location.search).toContain('limit=10');
    expect(server.callsTo('POST /api/Shop.Accessory/index').at(-1)?.body).toEqual({
      keyword: '刹车',
      page: 2,
      limit: 10,
    });
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    await screen.findByTestId('part-row-1', undefined, { timeout: 5_000 });
    expect(router.state.location.search).toContain('page=1');
  }, 20_000);
});
