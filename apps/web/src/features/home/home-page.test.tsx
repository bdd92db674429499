import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HomeIndex, ProductCard } from '@shop/core/api/home';
import type { UserProfile } from '@shop/core/api/user';
import { renderRoutes } from '../../test/render-route';
import { makeDevelopment, makeProfile } from '../../test/server/factories';
import { catalogHandlers, userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest, type StubRoutes } from '../../test/server/stub-server';
import HomePage from './home-page';
import { fakeTimersPerTest } from '../../test/timers';

const card = (id: number, over: Partial<ProductCard> = {}): ProductCard => ({
  product_id: id,
  pic: '',
  product_name: `配件${id}`,
  l_name_zh: `配件${id}`,
  number: `OE${id}`,
  l_model_zh: '奔驰C级',
  sales_price: '10.00',
  is_buy: 0,
  cart_number: 0,
  ...over,
});

const homeIndex: HomeIndex = {
  shop_carousel_list: [{ picture: '/media/banners/1.svg', fileType: 'image', address: '' }],
  hot_recommends: Array.from({ length: 7 }, (_, i) => card(100 + i)),
  category_list: [
    {
      product_type_id: 1,
      l_name_zh: '发动机系统',
      categoryCarouselItemTotal: 0,
      children: [
        {
          product_type_id: 11,
          l_name_zh: '点火系统',
          categoryCarouselItemTotal: 0,
          children: [{ product_type_id: 111, l_name_zh: '火花塞', categoryCarouselItemTotal: 0, children: [] }],
        },
      ],
    },
  ],
};

const arrivals = { total: 2, list: [{ ...card(200), sales_price: undefined, price: '35.5' }, card(201)] };

const profile = (makes: string[]): UserProfile =>
  makeProfile({
    subuser_id: 1,
    username: 'demo',
    company_name: '测试公司',
    brand_grouping_lists: makes.map((make_name) => ({ make_name })),
  });

const hotDevelopment = {
  total: 2,
  list: [
    makeDevelopment(1, { part_name: '水泵（电子）', like_count: 12 }),
    makeDevelopment(2, { part_name: '节温器', like_count: 3 }),
  ],
};

const server = stubServerPerTest();

/** The home's routes: the index, the new arrivals and the account with its main makes. */
function renderHome(makes: string[], news: { total: number; list: unknown[] } = arrivals, more: StubRoutes = {}) {
  server.use({
    ...catalogHandlers({ home: homeIndex }),
    ...userHandlers(profile(makes)),
    'GET /api/Shop.NewArrival/newArrivalList': () => news,
    'GET /api/Shop.CustomerProductDevelopment/list': () => hotDevelopment,
    ...more,
  });
  renderRoutes([{ path: '/home', element: <HomePage /> }], ['/home'], { profile: null });
}

fakeTimersPerTest({ advance: true });

/** The 热门推荐 floor shows the first 5 hot recommends and links to the whole list (/parts/hot_recommend). */
async function expectHotFloor(hot: HTMLElement) {
  const cards = () =>
    within(hot)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/parts/details'));
  await waitFor(() => expect(cards()).toHaveLength(5));
  expect(
    within(hot)
      .getByRole('link', { name: /查看更多/ })
      .getAttribute('href'),
  ).toBe('/parts/hot_recommend');
}

/** The anchor bar's entries, once it appeared (3.6 s after load). */
async function anchorEntries() {
  await act(async () => void vi.advanceTimersByTime(3_600));
  return within(screen.getByTestId('anchor-bar'))
    .getAllByRole('button')
    .map((b) => b.textContent);
}

describe('HomePage', () => {
  it('shows the floors, the first 5 hot recommends, and an anchor bar listing exactly the floors', async () => {
    renderHome(['宝马', '奥迪']);

    const hot = await screen.findByRole('region', { name: '热门推荐' });
    await expectHotFloor(hot);
    const news = screen.getByRole('region', { name: '新品上架' });
    await waitFor(() => expect(within(news).getByText('¥35.50')).toBeTruthy());
    expect(
      within(news)
        .getByRole('link', { name: /查看更多/ })
        .getAttribute('href'),
    ).toBe('/parts/new');
    const brands = await screen.findByRole('region', { name: '主营品牌' });
    expect(
      within(brands)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['宝马', '奥迪']);

    expect(screen.queryByTestId('anchor-bar')).toBeNull();
    expect(await anchorEntries()).toEqual(['新品上架', '主营品牌', '热门推荐', '热门开发']);

    // 热门开发: the most liked requests, asked for once, in their order, with their likes.
    const develop = screen.getByRole('region', { name: '热门开发' });
    await waitFor(() => expect(within(develop).getByText('水泵（电子）')).toBeTruthy());
    expect(
      within(develop)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('a')?.textContent),
    ).toEqual(['水泵（电子）', '节温器']);
    expect(within(develop).getByLabelText('12 个赞')).toBeTruthy();
    const calls = server.callsTo('GET /api/Shop.CustomerProductDevelopment/list');
    expect(calls.map((c) => c.query)).toEqual([{ page: '1', limit: '5', sort: 'hot' }]);
  });

  it('opens the category panel on hover with links into the catalog', async () => {
    renderHome([]);
    const group = await screen.findByText('发动机系统');
    expect(screen.queryByTestId('category-panel')).toBeNull();
    fireEvent.mouseEnter(group.closest('li')!);
    const panel = screen.getByTestId('category-panel');
    expect(
      within(panel)
        .getByRole('link', { name: /点火系统/ })
        .getAttribute('href'),
    ).toBe('/parts/category?id=11');
    expect(within(panel).getByRole('link', { name: '火花塞' }).getAttribute('href')).toBe(
      '/parts/sub_categories?id=111',
    );
    fireEvent.mouseLeave(screen.getByTestId('category-menu'));
    expect(screen.queryByTestId('category-panel')).toBeNull();
    fireEvent.mouseEnter(screen.getByText('配件分类'));
    expect(screen.getByTestId('category-panel')).toBeTruthy();
  });

  it('hides the main-brand floor and its anchor entry when no tile is left', async () => {
    renderHome(['丰田'], { total: 0, list: [] });
    const news = await screen.findByRole('region', { name: '新品上架' });
    await waitFor(() => expect(within(news).getByText('暂无数据')).toBeTruthy());
    expect(await anchorEntries()).toEqual(['新品上架', '热门推荐', '热门开发']);
    expect(screen.queryByRole('region', { name: '主营品牌' })).toBeNull();
  });

  it('shows an error state with a retry that loads the data', async () => {
    const index = catalogHandlers({ home: homeIndex })['GET /api/Shop.Index/index']!;
    let fail = true;
    renderHome([], arrivals, { 'GET /api/Shop.Index/index': (call) => (fail ? reply.serverError() : index(call)) });
    const hot = await screen.findByRole('region', { name: '热门推荐' });
    await waitFor(() => expect(within(hot).getByText('加载失败')).toBeTruthy());
    fail = false;
    fireEvent.click(within(hot).getByRole('button', { name: /重\s*试/ }));
    await expectHotFloor(hot);
  });
});
