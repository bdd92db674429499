import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffLoginRequest, StaffLoginResponse, StaffMe } from '@shop/core/api/admin';
import { PERMISSIONS, STAFF_ROLES, type Permission } from '@shop/core/staff-permissions';
import { apiGet, apiPost, sessionStarted } from './api';
import { clearStaffToken, getStaffToken, setStaffToken } from './session-token';

/** The signed-in staff member (GET /api/admin/auth/me); null without a token. */
export const meQuery = queryOptions({
  queryKey: ['admin', 'me'],
  queryFn: (): Promise<StaffMe | null> =>
    getStaffToken() ? apiGet<StaffMe>('/api/admin/auth/me') : Promise.resolve(null),
  staleTime: 5 * 60_000,
  meta: { showError: false },
});

export function hasPermission(me: Pick<StaffMe, 'permissions'> | null | undefined, permission: Permission): boolean {
  return !!me && me.permissions.includes(permission);
}

/** '管理员、客服' for the header. */
export function roleNames(roles: readonly string[]): string {
  return roles.map((r) => (STAFF_ROLES as Record<string, string>)[r] ?? r).join('、');
}

export function permissionName(permission: string): string {
  return (PERMISSIONS as Record<string, string>)[permission] ?? permission;
}

export function useStaffLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffLoginRequest) => apiPost<StaffLoginResponse>('/api/admin/auth/login', body),
    meta: { showError: false },
    onSuccess: (answer) => {
      setStaffToken(answer.token);
      sessionStarted();
      client.clear();
      client.setQueryData(meQuery.queryKey, answer.staff);
    },
  });
}

export function useStaffLogout() {
  const client = useQueryClient();
  return useMutation({
    // The token goes whatever the server says: the session may have ended already.
    mutationFn: () => apiPost<null>('/api/admin/auth/logout').catch(() => null),
    onSettled: () => {
      clearStaffToken();
      client.clear();
      client.setQueryData(meQuery.queryKey, null);
    },
  });
}
