import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProductRowPage } from '@shop/core/api/parts';
import { envelopeResponse } from '../../components/part-row/test-fixtures';
import { testProductRow } from '../../test/fixtures';
import { renderRoutes, stubFetchPerTest } from '../../test/render-route';
import PartsListPage from './parts-list-page';

const fetchMock = stubFetchPerTest();

/** 25 parts: pages 1 and 2 hold 10, page 3 holds 5, a page past the end none (as the server answers). */
function answer() {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).includes('/Shop.Index/product_list')) {
      const { page, limit } = JSON.parse(String(init?.body)) as { page: number; limit: number };
      const from = (page - 1) * limit;
      const count = Math.max(0, Math.min(limit, 25 - from));
      const body: ProductRowPage = {
        total: 25,
        page,
        limit,
        list: Array.from({ length: count }, (_, i) => testProductRow(from + i + 1)),
      };
      return envelopeResponse(body);
    }
    if (String(url).includes('/Shop.Index/index'))
      return envelopeResponse({ shop_carousel_list: [], hot_recommends: [], category_list: [] });
    return envelopeResponse(null, 201, '未知接口');
  });
}

function renderAt(url: string) {
  return renderRoutes([{ path: '/parts/list', element: <PartsListPage /> }], ['/home', url]);
}

describe('PartsListPage', () => {
  it('a page past the end (an old link) shows the last page, in place of the address', async () => {
    answer();
    const router = renderAt('/parts/list?page=999&limit=10');
    await screen.findByTestId('part-row-21', undefined, { timeout: 5_000 });
    expect(screen.getByTestId('page-indicator').textContent).toBe('3 / 3');
    expect(screen.queryByText('该条件下暂无配件')).toBeNull();
    expect(router.state.location.search).toContain('page=3');
    // The corrected address replaced the wrong one: back leaves the list.
    expect(router.state.historyAction).toBe('REPLACE');
  }, 20_000);

  it('a category that is not in the tree is said to be missing, not shown as all parts', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/Shop.Index/product_list')
        ? envelopeResponse({ total: 0, page: 1, limit: 10, list: [] })
        : envelopeResponse({ shop_carousel_list: [], hot_recommends: [], category_list: [] }),
    );
    renderAt('/parts/list?product_type_id=99999');
    expect(await screen.findByRole('heading', { name: '分类不存在' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '全部配件' })).toBeNull();
  });
});
