import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRoutes } from './app/routes';
import { setSessionExpiredHandler } from './lib/api';
import { createQueryClient } from './lib/query-client';
import { loginPathFor } from './lib/return-path';
import { meQuery } from './lib/staff';
import './app/global.css';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(), { basename: '/admin' });

// An ended staff session: forget what was loaded and go to the login page, with the way back.
setSessionExpiredHandler(() => {
  const { pathname, search } = router.state.location;
  void router.navigate(loginPathFor(`${pathname}${search}`, true), { replace: true });
  queryClient.clear();
  queryClient.setQueryData(meQuery.queryKey, null);
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
