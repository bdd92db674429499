import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRoutes } from './app/routes';
import { handleSessionExpiry } from './app/session-expiry';
import { createQueryClient } from './lib/query-client';
import './app/global.css';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(), { basename: '/admin' });
handleSessionExpiry(router, queryClient);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
