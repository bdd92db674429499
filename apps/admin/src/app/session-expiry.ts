import type { QueryClient } from '@tanstack/react-query';
import { setSessionExpiredHandler } from '../lib/api';
import { loginPathFor } from '../lib/return-path';
import { meQuery } from '../lib/staff';

interface Navigator {
  state: { location: { pathname: string; search: string } };
  navigate(to: string, opts: { replace: boolean }): Promise<void> | void;
}

/**
 * An ended staff session (any /api/admin answer 401): to the login page, which says why, with the
 * way back to the screen; what was loaded is forgotten.
 */
export function handleSessionExpiry(router: Navigator, queryClient: QueryClient): void {
  setSessionExpiredHandler(() => {
    const { pathname, search } = router.state.location;
    void router.navigate(loginPathFor(`${pathname}${search}`, true), { replace: true });
    queryClient.clear();
    queryClient.setQueryData(meQuery.queryKey, null);
  });
}
