import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { BRAND_VARIANTS } from '@shop/core/brand-variants';
import type { UserProfile } from '@shop/core/api/user';
import { registerRoutePaths } from '../lib/route-registry';
import { renderRoutes } from '../test/render-route';
import { makeProfile as testProfile } from '../test/server/factories';
import { stubServerPerTest } from '../test/server/stub-server';
import { ProfileIndex, ProfileLayout, ProfileMenu } from './profile-layout';

const main = testProfile({ is_main: 1 });
const sub = testProfile({ is_main: 0 });

function menuLabels(variant = BRAND_VARIANTS.frey, user: UserProfile | undefined = main, at = '/profile/myorder') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <ProfileMenu ctx={{ variant, user }} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: '个人中心菜单' });
  const labels = within(nav)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  cleanup();
  return labels;
}

beforeEach(() => {
  registerRoutePaths([
    '/home',
    '/profile',
    '/profile/myorder',
    '/profile/myorder/detail',
    '/profile/my_gift',
    '/profile/points',
    '/profile/coupon',
    '/profile/price_protection',
    '/profile/collection',
  ]);
});

// The frame asks nothing of its own; a page's call fails (no route).
const server = stubServerPerTest();

describe('the account centre side menu', () => {
  it('lists only the pages whose routes exist, grouped', () => {
    render(
      <MemoryRouter initialEntries={['/profile/myorder']}>
        <ProfileMenu ctx={{ variant: BRAND_VARIANTS.frey, user: main }} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: '个人中心菜单' });
    // 退货单, 收货地址, 个人信息... are not in the route table: no entry, and no empty group.
    expect(within(nav).queryByText('退货单')).toBeNull();
    expect(within(nav).queryByText('收货地址')).toBeNull();
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['订单中心', '账户管理', '价格服务', '我的服务']);
    expect(within(nav).getByRole('link', { name: '我的订单' }).getAttribute('href')).toBe('/profile/myorder');
  });

  it('leaves out the entries of modules the variant switches off', () => {
    expect(menuLabels(BRAND_VARIANTS.frey)).toEqual([
      '我的订单',
      '我的赠品',
      '我的积分',
      '优惠券',
      '价格保护',
      '我的收藏',
    ]);
    // partsky: points, coupon and price protection off.
    expect(menuLabels(BRAND_VARIANTS.partsky)).toEqual(['我的订单', '我的收藏']);
  });

  it('shows points and gift orders to main accounts only (decision 0049)', () => {
    expect(menuLabels(BRAND_VARIANTS.frey, sub)).toEqual(['我的订单', '优惠券', '价格保护', '我的收藏']);
  });

  it('marks the entry of the page, a detail page included', () => {
    render(
      <MemoryRouter initialEntries={['/profile/myorder/detail?id=3']}>
        <ProfileMenu ctx={{ variant: BRAND_VARIANTS.frey, user: main }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '我的订单' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '我的收藏' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('the account centre frame', () => {
  const routes = [
    {
      path: '/profile',
      element: <ProfileLayout />,
      children: [
        { index: true, element: <ProfileIndex /> },
        { path: 'myorder', handle: { title: '我的订单' }, element: <p>订单列表</p> },
        { path: 'myorder/detail', handle: { title: '订单详情' }, element: <p>订单详情内容</p> },
      ],
    },
    { path: '/404', element: <p>页面不存在</p> },
  ];

  it('/profile leads to the first page of the menu, in place', async () => {
    const router = renderRoutes(routes, ['/profile']);
    expect(await screen.findByText('订单列表')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile/myorder');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/profile leads to /profile/account once that page exists', async () => {
    registerRoutePaths(['/profile', '/profile/myorder', '/profile/account']);
    const withAccount = [
      { ...routes[0]!, children: [...routes[0]!.children!, { path: 'account', element: <p>个人信息内容</p> }] },
    ];
    const router = renderRoutes(withAccount, ['/profile']);
    await screen.findByText('个人信息内容');
    expect(router.state.location.pathname).toBe('/profile/account');
  });

  it('shows the breadcrumb of the page with its menu entry', async () => {
    renderRoutes(routes, ['/profile/myorder/detail?id=3']);
    await screen.findByText('订单详情内容');
    const crumbs = screen.getByRole('navigation', { name: '面包屑' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['首页', '个人中心', '我的订单', '订单详情']);
    expect(within(crumbs).getByRole('link', { name: '我的订单' }).getAttribute('href')).toBe('/profile/myorder');
  });

  it('puts a dot on 意见反馈 and 我要开发 while unreadStatus says they have unread replies', async () => {
    registerRoutePaths(['/profile', '/profile/myorder', '/profile/feedback', '/profile/product_develop']);
    server.use({
      'GET /api/Shop.Message/unreadStatus': () => ({ development_has_unread: 0, feedback_has_unread: 1 }),
    });
    renderRoutes(routes, ['/profile/myorder']);
    await screen.findByText('订单列表');
    const nav = screen.getByRole('navigation', { name: '个人中心菜单' });
    const dot = await within(nav).findByTestId('profile-menu-unread');
    expect(dot.textContent).toBe('意见反馈');
    expect(within(nav).getAllByTestId('profile-menu-unread')).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: '我要开发' })).toBeTruthy();
  });
});
