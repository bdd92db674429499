import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { handleShopUserParam, leaveForLogin } from './app/route-guard';
import { collectRoutePaths, createRoutes } from './app/routes';
import { CONSTANTS } from '@shop/core/constants';
import { setLoginExpiredHandler } from './lib/api-client';
import { brandColor } from './lib/brand';
import { configureToasts } from './lib/notify';
import { createQueryClient } from './lib/query-client';
import { registerRoutePaths } from './lib/route-registry';
import './app/global.css';

/** Only a shopUser link shows it (with antd around it): loaded then. */
const ShopUserSwitchPrompt = lazy(() => import('./app/shop-user-switch'));

async function start(): Promise<void> {
  // A shopUser link into a browser without a session signs in and reloads at the site root:
  // nothing to render. Into one signed in as someone else, the app asks first (decision 0025).
  const shopUser = await handleShopUserParam();
  if (shopUser.kind === 'applied') return;

  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  registerRoutePaths(collectRoutePaths(routes));
  const router = createBrowserRouter(routes);

  setLoginExpiredHandler(leaveForLogin(router, queryClient));
  // antd's static message, outside the pages' providers: a toast raised on the way to /login stays.
  configureToasts({ duration: CONSTANTS.toastSeconds, maxCount: 3 });
  document.documentElement.style.setProperty('--shop-brand', brandColor);

  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {shopUser.kind !== 'none' && (
          <Suspense fallback={null}>
            <ShopUserSwitchPrompt link={shopUser} />
          </Suspense>
        )}
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
