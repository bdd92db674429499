import { expect } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StaffMe } from '@shop/core/api/admin';
import type { StubServer } from '../../../web/src/test/server/stub-server';
import { permissionsOfRoles, type StaffRole } from '@shop/core/staff-permissions';
import { Providers } from '../app/providers';
import { createRoutes } from '../app/routes';
import { handleSessionExpiry } from '../app/session-expiry';
import { createQueryClient } from '../lib/query-client';
import { clearStaffToken, setStaffToken } from '../lib/session-token';

/** A staff member as /api/admin/auth/me answers, with the permissions of the roles. */
export function staffMe(roles: StaffRole[], name = '客服专员'): StaffMe {
  return { id: 3, name, login: 'service', roles, permissions: permissionsOfRoles(roles) };
}

/**
 * The whole back office at `path` on the stub server (the web app's test/server), with the real
 * routes, providers, query client (no retries) and session-expiry handling. `signedIn` keeps a
 * staff token as after a login; the test answers GET /api/admin/auth/me itself.
 */
export function renderApp(path: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  clearStaffToken();
  if (signedIn) setStaffToken('staff-token-1');
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  handleSessionExpiry(router, queryClient);
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** The router's address (path and query). */
export const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** Types `value` into the list filter with `placeholder` and presses 查询. */
export function searchBy(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: '查询' }));
}

/** Waits until the last call of `route` on the stub server asked with `query`. */
export function lastQueryIs(server: StubServer, route: string, query: Record<string, string>) {
  return waitFor(() => expect(server.callsTo(route).at(-1)?.query).toEqual(query));
}

/** A list answer of the back office: `list` as page `page` of `limit` rows, of `total` rows in all. */
export const listPage = <T,>(list: T[], { total = list.length, page = 1, limit = 20 } = {}) => ({
  total,
  page,
  limit,
  list,
});

/** A list answer of the back office holding all of `list` on its first page (of 20). */
export const firstPage = <T,>(list: T[]) => listPage(list);

/**
 * Opens `path` as a staff member of `roles`, which lack the screen's permission: the screen says
 * 无权限访问 and `route` is never asked.
 */
export async function expectClosedTo(server: StubServer, roles: StaffRole[], path: string, route: string) {
  server.use({ 'GET /api/admin/auth/me': () => staffMe(roles) });
  renderApp(path);
  expect(await screen.findByText('无权限访问')).toBeTruthy();
  expect(server.callsTo(route)).toHaveLength(0);
}

/**
 * The screen shows the server's refusal `reason` as such (无法查看, no retry: asking again would get
 * the same answer), with the link `back` when given.
 */
export async function expectRefusal(reason: string, back?: string) {
  expect(await screen.findByText(reason)).toBeTruthy();
  expect(screen.getByText('无法查看')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  if (back) expect(screen.getByRole('link', { name: back })).toBeTruthy();
}
