import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, redirect, RouterProvider, type RouteObject } from 'react-router';
import { BRAND_VARIANTS } from '@shop/core/brand-variants';
import { isShopLinkShown, type ShopLink } from '../features/layout/nav-links';
import { registerRoutePaths } from '../lib/route-registry';
import { createQueryClient } from '../lib/query-client';
import { testProfile } from '../test/fixtures';
import type { RouteMeta } from './route-meta';
import { renderRoutes } from '../test/render-route';
import { MAIN_ONLY_TEXT } from './main-only-gate';
import { collectRoutePaths, createRoutes, gateMainOnly, routesForVariant } from './routes';

/**
 * Module pages (route `handle.module`, nav `module`/`mainOnly`): where the brand has the module
 * off (partsky: every module off) there is neither the route (→ /404) nor the nav entry; where it
 * has it (frey) both are there. No module page exists yet, so a test route stands in for one.
 */
const { frey, partsky } = BRAND_VARIANTS;

function testTable(): RouteObject[] {
  return [
    {
      id: 'root',
      children: [
        {
          path: '/parts/points_test',
          handle: { title: '积分测试', module: 'points' } satisfies RouteMeta,
          element: <h1>积分测试页</h1>,
        },
        { path: '/home', element: <h1>首页内容</h1> },
        { path: '/404', element: <h1>页面不存在</h1> },
        { path: '*', loader: () => redirect('/404'), element: null },
      ],
    },
  ];
}

const pointsLink: ShopLink = { label: '积分测试', path: '/parts/points_test', module: 'points', mainOnly: true };
const mainAccount = testProfile({ is_main: 1 });
const subAccount = testProfile({ is_main: 0 });

function renderAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('a module the brand has off', () => {
  it('has no route: its path ends at /404', async () => {
    const router = renderAt(routesForVariant(testTable(), partsky), '/parts/points_test');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('has no nav entry, not even for a main account', () => {
    registerRoutePaths(collectRoutePaths(routesForVariant(testTable(), partsky)));
    expect(isShopLinkShown(pointsLink, { variant: partsky, user: mainAccount })).toBe(false);
    // The module flag alone hides it, whatever the route table says.
    registerRoutePaths(collectRoutePaths(testTable()));
    expect(isShopLinkShown(pointsLink, { variant: partsky, user: mainAccount })).toBe(false);
  });
});

describe('a module the brand has', () => {
  it('has its route', async () => {
    const router = renderAt(routesForVariant(testTable(), frey), '/parts/points_test');
    expect(await screen.findByText('积分测试页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/parts/points_test');
  });

  it('has its nav entry, for main accounts only when mainOnly', () => {
    registerRoutePaths(collectRoutePaths(routesForVariant(testTable(), frey)));
    expect(isShopLinkShown(pointsLink, { variant: frey, user: mainAccount })).toBe(true);
    expect(isShopLinkShown(pointsLink, { variant: frey, user: subAccount })).toBe(false);
    expect(isShopLinkShown({ ...pointsLink, mainOnly: false }, { variant: frey, user: subAccount })).toBe(true);
  });
});

it('the shop’s route table is filtered by the variant it is given', () => {
  const queryClient = createQueryClient();
  const all = collectRoutePaths(createRoutes(queryClient, frey));
  const none = collectRoutePaths(createRoutes(queryClient, partsky));
  // partsky has the points, coupon, price-protection, report and resource share modules off: their pages are left out, nothing else.
  const modulePages = [
    '/parts/points_mall',
    '/profile/points',
    '/profile/my_gift',
    '/profile/my_gift_detail',
    '/parts/activity',
    '/settlement/activity_settlement',
    '/profile/coupon',
    '/parts/price_adjustment',
    '/profile/price_protection',
    '/profile/price_adjustment_record',
    '/parts/report',
    '/parts/resource_share',
  ];
  expect(all).toEqual(expect.arrayContaining(modulePages));
  expect(none).toEqual(all.filter((p) => !modulePages.includes(p)));
  expect(all).toContain('/home');
});

describe('a page for main accounts only (handle.mainOnly)', () => {
  let loaded = 0;
  const table = (): RouteObject[] =>
    gateMainOnly([
      {
        path: '/profile',
        children: [
          {
            path: 'points',
            handle: { title: '我的积分', mainOnly: true } satisfies RouteMeta,
            lazy: async () => ({
              Component: function Points() {
                loaded += 1;
                return <h1>积分页内容</h1>;
              },
            }),
          },
        ],
      },
    ]);

  it('shows a sub-account reaching it by its address why, not the page', async () => {
    loaded = 0;
    renderRoutes(table(), ['/profile/points'], subAccount);
    expect(await screen.findByText(MAIN_ONLY_TEXT)).toBeTruthy();
    expect(screen.getByText('我的积分')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByText('积分页内容')).toBeNull();
    expect(loaded).toBe(0);
  });

  it('shows it to a main account', async () => {
    renderRoutes(table(), ['/profile/points'], mainAccount);
    expect(await screen.findByText('积分页内容')).toBeTruthy();
    expect(screen.queryByText(MAIN_ONLY_TEXT)).toBeNull();
  });
});
