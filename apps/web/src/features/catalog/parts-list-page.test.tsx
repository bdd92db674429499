import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render-route';
import { makePartRow } from '../../test/server/factories';
import { catalogHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import PartsListPage from './parts-list-page';

/** 25 parts: pages 1 and 2 hold 10, page 3 holds 5, a page past the end none (as the server answers). */
const parts = Array.from({ length: 25 }, (_, i) => makePartRow(i + 1));
stubServerPerTest(() => catalogHandlers({ parts }));

function renderAt(url: string) {
  return renderRoutes([{ path: '/parts/list', element: <PartsListPage /> }], ['/home', url]);
}

describe('PartsListPage', () => {
  it('a page past the end (an old link) shows the last page, in place of the address', async () => {
    const router = renderAt('/parts/list?page=999&limit=10');
    await screen.findByTestId('part-row-21', undefined, { timeout: 5_000 });
    expect(screen.getByTestId('page-indicator').textContent).toBe('3 / 3');
    expect(screen.queryByText('该条件下暂无配件')).toBeNull();
    expect(router.state.location.search).toContain('page=3');
    // The corrected address replaced the wrong one: back leaves the list.
    expect(router.state.historyAction).toBe('REPLACE');
  }, 20_000);

  it('a category that is not in the tree is said to be missing, not shown as all parts', async () => {
    renderAt('/parts/list?product_type_id=99999');
    expect(await screen.findByRole('heading', { name: '分类不存在' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '全部配件' })).toBeNull();
  });
});
