import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { applyShopUserParam, leaveForLogin } from './app/route-guard';
import { collectRoutePaths, createRoutes } from './app/routes';
import { setLoginExpiredHandler } from './lib/api-client';
import { brandColor } from './lib/brand';
import { createQueryClient } from './lib/query-client';
import { registerRoutePaths } from './lib/route-registry';
import './app/global.css';

function start(): void {
  // A shopUser parameter replaces the login and reloads at the site root: nothing to render.
  if (applyShopUserParam()) return;

  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  registerRoutePaths(collectRoutePaths(routes));
  const router = createBrowserRouter(routes);

  setLoginExpiredHandler(leaveForLogin(router, queryClient));
  document.documentElement.style.setProperty('--shop-brand', brandColor);

  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

start();
