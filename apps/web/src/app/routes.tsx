import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { moduleEnabled, type BrandVariant } from '@shop/core/brand-variants';
import { variant as pageVariant } from '../lib/brand';
import { AppRoot } from './app-root';
import { MainOnlyGate } from './main-only-gate';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
import { createGuardLoader } from './route-guard';
import type { RouteMeta } from './route-meta';

/**
 * The route table of spec.md section 2. Every screen is lazy-loaded; only screens that exist
 * are listed (later issues add theirs, and the menus pick them up through the route registry).
 * Routes with `handle.headerAutoHeight` (settlement and order screens) get the auto-height header.
 * A route whose `handle.module` the brand has off is left out (routesForVariant).
 */
export function createRoutes(queryClient: QueryClient, variant: BrandVariant = pageVariant): RouteObject[] {
  return gateMainOnly(routesForVariant(shopRoutes(queryClient), variant));
}

/** The pages whose `handle.mainOnly` is set, behind MainOnlyGate (a sub-account is told why). */
export function gateMainOnly(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? gateMainOnly(route.children) : undefined;
    const gated = children ? ({ ...route, children } as RouteObject) : route;
    const load = route.lazy;
    if ((route.handle as RouteMeta | undefined)?.mainOnly !== true || typeof load !== 'function') return gated;
    return {
      ...gated,
      lazy: async () => {
        const loaded = await load();
        const Page = loaded.Component;
        if (!Page) return loaded;
        return {
          ...loaded,
          Component: function MainOnlyPage() {
            return (
              <MainOnlyGate>
                <Page />
              </MainOnlyGate>
            );
          },
        };
      },
    } as RouteObject;
  });
}

/**
 * The route table without the routes (and their children) of modules the variant has off, so
 * their paths fall to '*' (→ /404) and the route registry does not list them for the menus.
 */
export function routesForVariant(routes: RouteObject[], variant: BrandVariant): RouteObject[] {
  return routes
    .filter((route) => moduleEnabled(variant, (route.handle as RouteMeta | undefined)?.module))
    .map((route) => (route.children ? { ...route, children: routesForVariant(route.children, variant) } : route));
}

function shopRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppRoot />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          path: '/login',
          handle: { title: '登录' } satisfies RouteMeta,
          lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.default })),
        },
        {
          // Public like /login (spec.md sections 2 and 6), outside the guard.
          path: '/bind_wx',
          handle: { title: '绑定微信' } satisfies RouteMeta,
          lazy: () => withAntd(import('../features/auth/bind-wx-page')),
        },
        {
          id: 'shop',
          // The guard runs before the layout's code loads; /login does not carry the header's code.
          loader: createGuardLoader(queryClient),
          lazy: () => import('./shop-layout').then((m) => ({ Component: m.ShopLayout })),
          shouldRevalidate: () => true,
          children: [
            { path: '/', loader: () => redirect('/home'), element: null },
            {
              path: '/home',
              handle: { title: '首页' } satisfies RouteMeta,
              lazy: () => import('../features/home/home-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/result',
              handle: { title: '搜索结果' } satisfies RouteMeta,
              lazy: () => import('../features/catalog/search-result-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/vin_result',
              handle: { title: '车架号查询' } satisfies RouteMeta,
              lazy: () => import('../features/vin/vin-result-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/list',
              handle: { title: '配件' } satisfies RouteMeta,
              lazy: () => import('../features/catalog/parts-list-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/category',
              handle: { title: '配件分类' } satisfies RouteMeta,
              lazy: () =>
                import('../features/catalog/category-page').then((m) => ({ Component: m.SecondLevelCategoryPage })),
            },
            {
              path: '/parts/sub_categories',
              handle: { title: '配件分类' } satisfies RouteMeta,
              lazy: () =>
                import('../features/catalog/category-page').then((m) => ({ Component: m.ThirdLevelCategoryPage })),
            },
            {
              path: '/parts/details',
              handle: { title: '配件详情' } satisfies RouteMeta,
              lazy: () => import('../features/part-detail/part-detail-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/hot_recommend',
              handle: { title: '热门推荐' } satisfies RouteMeta,
              lazy: () =>
                import('../features/hot-recommend/hot-recommend-page').then((m) => ({ Component: m.default })),
            },
            {
              // The route named stock changes the stock display rules (spec.md section 2).
              id: 'stock',
              path: '/parts/stock',
              handle: { title: '到货通知' } satisfies RouteMeta,
              lazy: () =>
                import('../features/stock-arrival/stock-arrival-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/activity',
              handle: { title: '活动专区', module: 'coupon' } satisfies RouteMeta,
              lazy: () => import('../features/coupon/activity-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/price_adjustment',
              handle: { title: '调价专区', module: 'priceProtection' } satisfies RouteMeta,
              lazy: () =>
                import('../features/price-protection/price-adjustment-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/new',
              handle: { title: '新品上架' } satisfies RouteMeta,
              lazy: () => import('../features/new-arrivals/new-arrivals-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/marketing',
              handle: { title: '今日营销' } satisfies RouteMeta,
              lazy: () => import('../features/marketing/marketing-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/marketing/edit',
              handle: { title: '海报制作' } satisfies RouteMeta,
              lazy: () => import('../features/marketing/poster-edit-page').then((m) => ({ Component: m.default })),
            },
            {
              // spec.md: a test page; it opens the poster editor.
              path: '/posterEdit',
              handle: { title: '海报测试' } satisfies RouteMeta,
              lazy: () => import('../features/marketing/poster-edit-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/points_mall',
              handle: { title: '积分商城', module: 'points', mainOnly: true } satisfies RouteMeta,
              lazy: () => import('../features/points/points-mall-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/report',
              handle: { title: '合伙人报表', module: 'report', mainOnly: true } satisfies RouteMeta,
              lazy: () => import('../features/report/report-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/parts/resource_share',
              handle: { title: '资源共享', module: 'resourceShare' } satisfies RouteMeta,
              lazy: () =>
                import('../features/resource-share/resource-share-page').then((m) => ({ Component: m.default })),
            },
            {
              id: 'settlement_list',
              path: '/settlement/list',
              handle: { title: '购物车', headerAutoHeight: true } satisfies RouteMeta,
              lazy: () => import('../features/cart/cart-page').then((m) => ({ Component: m.default })),
            },
            {
              id: 'settlement_submit',
              path: '/settlement/submit',
              handle: { title: '确认订单', headerAutoHeight: true } satisfies RouteMeta,
              lazy: () => import('../features/settlement/settlement-page').then((m) => ({ Component: m.default })),
            },
            {
              id: 'settlement_submit_multiple_warehouses',
              path: '/settlement/submit_multiple_warehouses',
              handle: { title: '确认订单', headerAutoHeight: true } satisfies RouteMeta,
              lazy: () => import('../features/settlement/settlement-page').then((m) => ({ Component: m.default })),
            },
            {
              // The activity's parts with its voucher: the settlement page (its voucher block lists the activity's).
              path: '/settlement/activity_settlement',
              handle: { title: '活动结算', headerAutoHeight: true, module: 'coupon' } satisfies RouteMeta,
              lazy: () => import('../features/settlement/settlement-page').then((m) => ({ Component: m.default })),
            },
            {
              path: '/settlement/submit_success',
              handle: { title: '下单成功', headerAutoHeight: true } satisfies RouteMeta,
              lazy: () => import('../features/settlement/submit-success-page').then((m) => ({ Component: m.default })),
            },
            {
              // The account centre's frame (side menu, breadcrumb); /profile leads to its first page.
              path: '/profile',
              lazy: () => import('./profile-layout').then((m) => ({ Component: m.ProfileLayout })),
              children: [
                {
                  index: true,
                  handle: { title: '个人中心' } satisfies RouteMeta,
                  lazy: () => import('./profile-layout').then((m) => ({ Component: m.ProfileIndex })),
                },
                {
                  id: 'myorderlist',
                  path: 'myorder',
                  handle: { title: '我的订单', headerAutoHeight: true } satisfies RouteMeta,
                  lazy: () => import('../features/orders/order-list-page').then((m) => ({ Component: m.default })),
                },
                {
                  id: 'myorderdetail',
                  path: 'myorder/detail',
                  handle: { title: '订单详情', headerAutoHeight: true } satisfies RouteMeta,
                  lazy: () => import('../features/orders/order-detail-page').then((m) => ({ Component: m.default })),
                },
                {
                  id: 'delivery_detail',
                  path: 'myorder/delivery_detail',
                  handle: { title: '发货详情', headerAutoHeight: true } satisfies RouteMeta,
                  lazy: () => import('../features/orders/delivery-detail-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'return_orders',
                  handle: { title: '退货单' } satisfies RouteMeta,
                  lazy: () => import('../features/orders/return-list-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'return_orders_detail',
                  handle: { title: '退货详情' } satisfies RouteMeta,
                  lazy: () => import('../features/orders/return-detail-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'points',
                  handle: { title: '我的积分', module: 'points', mainOnly: true } satisfies RouteMeta,
                  lazy: () => import('../features/points/points-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'my_gift',
                  handle: { title: '我的赠品', module: 'points', mainOnly: true } satisfies RouteMeta,
                  lazy: () => import('../features/points/gift-list-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'my_gift_detail',
                  handle: { title: '赠品详情', module: 'points', mainOnly: true } satisfies RouteMeta,
                  lazy: () => import('../features/points/gift-detail-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'account',
                  handle: { title: '个人信息' } satisfies RouteMeta,
                  lazy: () => import('../features/account/account-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'sub_accounts',
                  handle: { title: '子账号管理', mainOnly: true } satisfies RouteMeta,
                  lazy: () => import('../features/account/sub-accounts-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'address',
                  handle: { title: '收货地址' } satisfies RouteMeta,
                  lazy: () => import('../features/address/address-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'collection',
                  handle: { title: '我的收藏' } satisfies RouteMeta,
                  lazy: () => import('../features/collection/collection-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'system_msg',
                  handle: { title: '消息中心' } satisfies RouteMeta,
                  lazy: () => import('../features/messages/system-msg-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'system_msg/detail',
                  handle: { title: '消息详情' } satisfies RouteMeta,
                  lazy: () =>
                    import('../features/messages/system-msg-detail-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'feedback',
                  handle: { title: '意见反馈' } satisfies RouteMeta,
                  lazy: () => import('../features/feedback/feedback-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'product_develop',
                  handle: { title: '我要开发' } satisfies RouteMeta,
                  lazy: () =>
                    import('../features/development/development-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'product_develop_detail',
                  handle: { title: '开发需求详情' } satisfies RouteMeta,
                  lazy: () =>
                    import('../features/development/development-detail-page').then((m) => ({
                      Component: m.default,
                    })),
                },
                {
                  path: 'coupon',
                  handle: { title: '优惠券', module: 'coupon' } satisfies RouteMeta,
                  lazy: () => import('../features/coupon/coupon-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'price_protection',
                  handle: { title: '价格保护', module: 'priceProtection' } satisfies RouteMeta,
                  lazy: () =>
                    import('../features/price-protection/price-protection-page').then((m) => ({
                      Component: m.default,
                    })),
                },
                {
                  path: 'price_adjustment_record',
                  handle: { title: '调价记录', module: 'priceProtection' } satisfies RouteMeta,
                  lazy: () =>
                    import('../features/price-protection/price-adjustment-record-page').then((m) => ({
                      Component: m.default,
                    })),
                },
                {
                  path: 'bill',
                  handle: { title: '对账单' } satisfies RouteMeta,
                  lazy: () => import('../features/bill/bill-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'study_centre',
                  handle: { title: '学习中心' } satisfies RouteMeta,
                  lazy: () => import('../features/learning/study-centre-page').then((m) => ({ Component: m.default })),
                },
                {
                  path: 'browsing_history',
                  handle: { title: '浏览记录' } satisfies RouteMeta,
                  lazy: () =>
                    import('../features/browsing-history/browsing-history-page').then((m) => ({
                      Component: m.default,
                    })),
                },
              ],
            },
            {
              path: '/404',
              handle: { title: '页面不存在' } satisfies RouteMeta,
              lazy: () => import('../features/not-found/not-found-page').then((m) => ({ Component: m.default })),
            },
          ],
        },
        { path: '*', loader: () => redirect('/404'), element: null },
      ],
    },
  ];
}

/**
 * A screen outside the logged-in frame that uses antd, inside antd's providers (the frame has its
 * own; /login has none, decision 0059).
 */
async function withAntd(page: Promise<{ default: ComponentType }>): Promise<{ Component: ComponentType }> {
  const [{ default: Page }, { ShopAntProviders }] = await Promise.all([page, import('./providers')]);
  return {
    Component: function WithAntd() {
      return (
        <ShopAntProviders>
          <Page />
        </ShopAntProviders>
      );
    },
  };
}

/** Every concrete path of a route table ('*' excluded), for the route registry. */
export function collectRoutePaths(routes: RouteObject[], parent = ''): string[] {
  const paths: string[] = [];
  for (const route of routes) {
    let full = parent;
    if (route.path && route.path !== '*') {
      full = route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
      paths.push(full);
    }
    if (route.children) paths.push(...collectRoutePaths(route.children, full));
  }
  return paths;
}
