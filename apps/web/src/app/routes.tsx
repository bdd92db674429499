import { redirect, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppRoot } from './app-root';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
import { createGuardLoader } from './route-guard';
import type { RouteMeta } from './route-meta';

/**
 * The route table of spec.md section 2. Every screen is lazy-loaded; only screens that exist
 * are listed (later issues add theirs, and the menus pick them up through the route registry).
 * Routes with `handle.headerAutoHeight` (settlement and order screens) get the auto-height header.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
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
