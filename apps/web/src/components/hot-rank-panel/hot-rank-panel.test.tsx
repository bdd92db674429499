import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-route';
import { hotRankHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import { HotRankPanel } from './hot-rank-panel';

const server = stubServerPerTest();
const ranks = () => server.callsTo('GET /api/Shop.Index/getHotSalesAndHotSearchList');

function renderPanel(onItemClick = vi.fn()) {
  renderWithProviders(<HotRankPanel onItemClick={onItemClick} />);
  return onItemClick;
}

const item = (id: number) => ({ product_id: id, number: `OE${id}`, product_name: `配件${id}` });

describe('HotRankPanel', () => {
  it('lists hot sales with the top three highlighted, switches to hot search, and reports clicks', async () => {
    server.use(hotRankHandlers({ hot_sales_list: [1, 2, 3, 4].map(item), hot_search_list: [item(9)] }));
    const onClick = renderPanel();
    await waitFor(() => expect(screen.getByText('OE4')).toBeTruthy());
    expect(ranks()[0]?.query).toEqual({ limit: '20', page: '1' });
    const numbers = screen.getAllByText(/^[1-4]$/);
    expect(numbers.map((r) => r.className.includes('top'))).toEqual([true, true, true, false]);
    fireEvent.click(screen.getByRole('tab', { name: '热搜榜' }));
    fireEvent.click(screen.getByText('OE9'));
    expect(onClick).toHaveBeenCalledWith(item(9));
  });

  it("shows '加载失败，请刷新' and '暂无数据，请刷新', which refresh on click", async () => {
    server.use({ 'GET /api/Shop.Index/getHotSalesAndHotSearchList': () => reply.serverError('服务器错误') });
    renderPanel();
    await waitFor(() => expect(screen.getByText('加载失败，请刷新')).toBeTruthy());
    server.use(hotRankHandlers());
    fireEvent.click(screen.getByText('加载失败，请刷新'));
    await waitFor(() => expect(screen.getByText('暂无数据，请刷新')).toBeTruthy());
    expect(ranks()).toHaveLength(2);
  });
});
