import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProductRow } from '@shop/core/api/parts';
import type { UserProfile } from '@shop/core/api/user';
import { notesPerTest } from '../../test/notes';
import { renderRoutes } from '../../test/render-route';
import { makePartRow, makeProfile } from '../../test/server/factories';
import { collectionHandlers, userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import CollectionPage from './collection-page';

const row = (id: number, name: string): ProductRow =>
  makePartRow(id, {
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

const profile: UserProfile = makeProfile({ subuser_id: 1, username: 'demo', company_name: '测试公司' });

const server = stubServerPerTest(() => userHandlers(profile));
const notes = notesPerTest();

function renderPage(favourites: ProductRow[]) {
  server.use(collectionHandlers(favourites));
  renderRoutes([{ path: '/profile/collection', element: <CollectionPage /> }], ['/profile/collection'], {
    profile: null,
  });
}

const lists = () => server.callsTo('POST /api/Shop.Collection/list').map((c) => c.body);

describe('CollectionPage', () => {
  it('lists favourites with the pagination bar and drops a row whose favourite was cancelled', async () => {
    renderPage([row(1, '机油滤清器'), row(2, '空气滤清器')]);
    expect(await screen.findByText('机油滤清器')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(lists()[0]).toEqual({ page: 1, limit: 10 });

    fireEvent.click(screen.getAllByRole('button', { name: '取消收藏' })[0]!);
    await waitFor(() => expect(screen.queryByText('机油滤清器')).toBeNull());
    expect(screen.getByText('空气滤清器')).toBeTruthy();
    expect(lists().length).toBeGreaterThanOrEqual(2);
    expect(notes.success).toHaveBeenCalledWith('已取消收藏');
  });

  it('shows 暂无数据 when there are no favourites', async () => {
    renderPage([]);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows an error state with a retry when the list fails', async () => {
    server.use({ 'POST /api/Shop.Collection/list': () => reply.serverError() });
    renderRoutes([{ path: '/profile/collection', element: <CollectionPage /> }], ['/profile/collection']);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(notes.error).toHaveBeenCalledWith('服务异常');
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeTruthy();
  });
});
