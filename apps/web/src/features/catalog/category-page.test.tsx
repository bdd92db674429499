import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render-route';
import { catalogHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import { CategoryPage } from './category-page';

const server = stubServerPerTest(() => catalogHandlers());

const BRAKES = { product_type_id: 2, l_name_zh: '制动系统' };

function renderAt(url: string) {
  renderRoutes([{ path: '/parts/category', element: <CategoryPage level={2} /> }], [url]);
}

describe('CategoryPage', () => {
  it('a category the server refuses is missing', async () => {
    renderAt('/parts/category?id=999');
    expect(await screen.findByText('分类不存在', { selector: '.ant-result-title' })).toBeTruthy();
    // Said once, not again as the subtitle.
    expect(screen.getAllByText('分类不存在')).toHaveLength(1);
  });

  it('a server error is not a missing category: it says so and can be retried', async () => {
    let calls = 0;
    server.use({
      'GET /api/Shop.Index/getCategoryChild': () =>
        ++calls === 1 ? new Response('oops', { status: 500 }) : { list: [], breadcrumbs: [BRAKES] },
    });
    renderAt('/parts/category?id=2');
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.queryByText('分类不存在')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('heading', { name: '制动系统' })).toBeTruthy();
  });

  it('without an id lists the top-level categories with their children, not 分类不存在', async () => {
    server.use(
      catalogHandlers({
        home: {
          category_list: [
            {
              product_type_id: 1,
              l_name_zh: '发动机系统',
              categoryCarouselItemTotal: 0,
              children: [
                { product_type_id: 11, l_name_zh: '滤清器', categoryCarouselItemTotal: 0, children: [] },
                { product_type_id: 12, l_name_zh: '点火系统', categoryCarouselItemTotal: 0, children: [] },
              ],
            },
            {
              product_type_id: 2,
              l_name_zh: '底盘系统',
              categoryCarouselItemTotal: 0,
              children: [{ product_type_id: 21, l_name_zh: '刹车片', categoryCarouselItemTotal: 0, children: [] }],
            },
          ],
        },
      }),
    );
    renderAt('/parts/category');
    expect(await screen.findByRole('heading', { name: '全部分类' })).toBeTruthy();
    const engine = await screen.findByRole('region', { name: '发动机系统' });
    expect(within(engine).getByRole('link', { name: '滤清器' }).getAttribute('href')).toBe('/parts/category?id=11');
    expect(within(engine).getByRole('link', { name: '点火系统' })).toBeTruthy();
    const chassis = screen.getByRole('region', { name: '底盘系统' });
    expect(within(chassis).getByRole('link', { name: '刹车片' }).getAttribute('href')).toBe('/parts/category?id=21');
    expect(within(chassis).getByRole('link', { name: '底盘系统' }).getAttribute('href')).toBe(
      '/parts/list?product_type_id=2',
    );
    expect(screen.queryByText('分类不存在')).toBeNull();
    expect(server.callsTo('GET /api/Shop.Index/getCategoryChild')).toHaveLength(0);
  });
});
