import type { sql } from 'drizzle-orm';
import { createEventDispatcher } from '../../src/subscribers';
import type { AdminShop, StaffLogin } from '../admin-test-data';

/** Calls the admin tests of one shop make: SQL rows, an admin route as a staff member, the outbox delivered. */
export function adminCalls(shop: () => AdminShop) {
  return {
    rows: async (q: ReturnType<typeof sql>) => (await shop().t.db.execute(q)).rows as Record<string, unknown>[],
    admin: (who: StaffLogin, method: 'GET' | 'POST', url: string, payload?: object) =>
      shop().asStaff(who, { method, url: `/api/admin${url}`, payload }),
    /** Delivers the outbox's events as a server process does. */
    deliver: () => createEventDispatcher(shop().t.db, { realtime: shop().t.app.realtime }).drain(),
  };
}
