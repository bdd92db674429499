import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuditListResponse, StaffLoginResponse } from '@shop/core/api/admin';
import type { DEMO_STAFF } from '../../src/demo/definitions/staff';
import { insertDemoStaff } from '../../src/demo/staff';
import { body } from './api';
import { TEST_PASSWORD, testPasswordHash } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

/** A demo staff member's login (admin, catalog, service, finance; password TEST_PASSWORD). */
export type StaffLogin = (typeof DEMO_STAFF)[number]['login'];

export interface StaffClient {
  staffIds: Record<string, number>;
  staffLogin(login: string, password?: string, ip?: string): Promise<LightMyRequestResponse>;
  tokenOf(login: StaffLogin): Promise<string>;
  /** app.inject as the staff member (logged in once and kept). */
  asStaff(login: StaffLogin, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Inserts the demo staff into the test app's database and logs them in on demand. */
export async function withDemoStaff(t: TestApp): Promise<StaffClient> {
  await insertDemoStaff(t.db, await testPasswordHash());
  const staffRows = (await t.db.execute(`select id, login from staff_members`)).rows as { id: number; login: string }[];
  const staffIds = Object.fromEntries(staffRows.map((r) => [r.login, Number(r.id)]));
  const staffLogin = (login: string, password = TEST_PASSWORD, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login, password }, remoteAddress: ip });
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (login: StaffLogin) => {
    if (!tokens.has(login)) {
      tokens.set(
        login,
        staffLogin(login).then((res) => {
          const b = body<StaffLoginResponse>(res);
          if (b.status !== 200) throw new Error(`staff login of ${login} failed: ${res.body}`);
          return b.data.token;
        }),
      );
    }
    return tokens.get(login)!;
  };
  return {
    staffIds,
    staffLogin,
    tokenOf,
    async asStaff(login, options) {
      const token = await tokenOf(login);
      return t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
  };
}

/** A test app with the demo staff inserted (close it with t.close()). */
export async function createTestAppWithStaff(): Promise<{ t: TestApp; staff: StaffClient }> {
  const t = await createTestApp();
  return { t, staff: await withDemoStaff(t) };
}

/** The audit entries of one entity, newest first, as the admin reads them. */
export async function auditOf(staff: StaffClient, entityType: string, entityId: number) {
  const res = await staff.asStaff('admin', { url: `/api/admin/audit?entity_type=${entityType}&entity_id=${entityId}` });
  return body<AuditListResponse>(res).data.list;
}
