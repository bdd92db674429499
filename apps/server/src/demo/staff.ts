import { staffMembers } from '../db/schema/staff';
import type { Executor } from './bulk-insert';
import { DEMO_STAFF } from './definitions/staff';

/** Creates the demo staff members, one per role (the only place that creates demo staff). */
export async function insertDemoStaff(db: Executor, passwordHash: string): Promise<number> {
  await db
    .insert(staffMembers)
    .values(DEMO_STAFF.map((s) => ({ login: s.login, name: s.name, phone: s.phone, passwordHash, roles: [s.role] })));
  return DEMO_STAFF.length;
}
