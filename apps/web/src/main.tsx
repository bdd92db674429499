import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { handleShopUserParam, leaveForLogin } from './app/route-guard';
import { ShopUserSwitchPrompt } from './app/shop-user-switch';
import { collectRoutePaths, createRoutes } from './app/routes';
import { setLoginExpiredHandler } from './lib/api-client';
import { brandColor } from './lib/brand';
import { createQueryClient } from './lib/query-client';
import { registerRoutePaths } from './lib/route-registry';
import './app/global.css';

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
  document.documentElement.style.setProperty('--shop-brand', brandColor);

  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <ShopUserSwitchPrompt link={shopUser} />
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
