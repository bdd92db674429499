import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ProductRow } from '@shop/core/api/parts';
import type { UserProfile } from '@shop/core/api/user';
import { notify } from '../../lib/notify';
import { testProductRow, testProfile } from '../../test/fixtures';
import CollectionPage from './collection-page';
import { testQueryClient } from '../../test/render-route';

const row = (id: number, name: string): ProductRow =>
  testProductRow(id, {
    product_name: name,
    l_name_zh: name,
    frey_no: `FR-${id}`,
    number: `OE${id}`,
    brand_name: 'FREY',
    prices: { dealer_price: '10.00' },
    frey_stock: 20,
    available_stock: 20,
    my_stock: 20,
    is_sub: 1,
    is_orderable: 0,
    l_model_zh: '',
    engines: '',
  });

const profile: UserProfile = testProfile({ subuser_id: 1, username: 'demo', company_name: '测试公司' });

function mockFavourites(initial: ProductRow[]) {
  let favourites = [...initial];
  const lists: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    let data: unknown;
    if (path === '/api/Shop.User/info') data = profile;
    else if (path === '/api/Shop.Collection/list') {
      lists.push(body);
      data = { total: favourites.length, page: body.page, limit: body.limit, list: favourites };
    } else if (path === '/api/Shop.Collection/toggle') {
      favourites = favourites.filter((f) => f.product_id !== body.product_id);
      data = { is_sub: 0 };
    } else {
      return new Response(JSON.stringify({ status: 500, msg: '服务异常' }), { status: 200 });
    }
    return new Response(JSON.stringify({ status: 200, msg: 'ok', data }), { status: 200 });
  });
  return lists;
}

function renderPage() {
  const client = testQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile/collection']}>
        <CollectionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CollectionPage', () => {
  it('lists favourites with the pagination bar and drops a row whose favourite was cancelled', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const lists = mockFavourites([row(1, '机油滤清器'), row(2, '空气滤清器')]);
    renderPage();
    expect(await screen.findByText('机油滤清器')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(lists[0]).toEqual({ page: 1, limit: 10 });

    fireEvent.click(screen.getAllByRole('button', { name: '取消收藏' })[0]!);
    await waitFor(() => expect(screen.queryByText('机油滤清器')).toBeNull());
    expect(screen.getByText('空气滤清器')).toBeTruthy();
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(notify.success).toHaveBeenCalledWith('已取消收藏');
  });

  it('shows 暂无数据 when there are no favourites', async () => {
    mockFavourites([]);
    renderPage();
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows an error state with a retry when the list fails', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ status: 500, msg: '服务异常' }), { status: 200 }),
    );
    renderPage();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeTruthy();
  });
});
