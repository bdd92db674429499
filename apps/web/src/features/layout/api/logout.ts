import { request } from '../../../lib/api-client';

/** POST /api/Shop.User/logout: no payload; ends the session on the server. */
export async function logout(): Promise<void> {
  await request<null>('POST', '/api/Shop.User/logout');
}
