import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { envelopeResponse } from '../part-row/test-fixtures';
import { stubFetchPerTest, testQueryClient } from '../../test/render-route';
import { HotRankPanel } from './hot-rank-panel';

const fetchMock = stubFetchPerTest();

function renderPanel(onItemClick = vi.fn()) {
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <HotRankPanel onItemClick={onItemClick} />
    </QueryClientProvider>,
  );
  return onItemClick;
}

const item = (id: number) => ({ product_id: id, number: `OE${id}`, product_name: `配件${id}` });

describe('HotRankPanel', () => {
  it('lists hot sales with the top three highlighted, switches to hot search, and reports clicks', async () => {
    fetchMock.mockImplementation(async () =>
      envelopeResponse({ hot_sales_list: [1, 2, 3, 4].map(item), hot_search_list: [item(9)] }),
    );
    const onClick = renderPanel();
    await waitFor(() => expect(screen.getByText('OE4')).toBeTruthy());
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/getHotSalesAndHotSearchList?limit=20&page=1');
    const ranks = screen.getAllByText(/^[1-4]$/);
    expect(ranks.map((r) => r.className.includes('top'))).toEqual([true, true, true, false]);
    fireEvent.click(screen.getByRole('tab', { name: '热搜榜' }));
    fireEvent.click(screen.getByText('OE9'));
    expect(onClick).toHaveBeenCalledWith(item(9));
  });

  it("shows '加载失败，请刷新' and '暂无数据，请刷新', which refresh on click", async () => {
    fetchMock.mockImplementationOnce(async () => envelopeResponse(null, 500, '服务器错误'));
    renderPanel();
    await waitFor(() => expect(screen.getByText('加载失败，请刷新')).toBeTruthy());
    fetchMock.mockImplementation(async () => envelopeResponse({ hot_sales_list: [], hot_search_list: [] }));
    fireEvent.click(screen.getByText('加载失败，请刷新'));
    await waitFor(() => expect(screen.getByText('暂无数据，请刷新')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
