import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import type { StaffLoginResponse, StaffMe } from '@shop/core/api/admin';
import { PERMISSION_KEYS } from '@shop/core/staff-permissions';
import { loadConfig } from '../src/config';
import staffAuthPlugin from '../src/plugins/staff-auth';
import { body } from './helpers/api';
import { TEST_PASSWORD } from './helpers/fixtures';
import { useAdminShop } from './admin-test-data';

/** Staff login, sessions and the line between dealer and staff tokens (docs/decisions/0026). */
const s = useAdminShop();

const me = (token: string) => s.t.app.inject({ url: '/api/admin/auth/me', headers: { authorization: token } });

describe('staff login', () => {
  test('logs in by login name or phone; me lists the roles and permissions; logout ends the session', async () => {
    const res = await s.staffLogin('ADMIN');
    const b = body<StaffLoginResponse>(res);
    expect(b.status, b.msg).toBe(200);
    expect(b.data.staff).toMatchObject({ login: 'admin', roles: ['administrator'] });
    expect(b.data.staff.permissions).toEqual(PERMISSION_KEYS);
    const byPhone = body<StaffLoginResponse>(await s.staffLogin('13900000004'));
    expect(byPhone.data.staff).toMatchObject({
      login: 'finance',
      permissions: ['orders.read', 'audit.read', 'finance.manage'],
    });

    const token = b.data.token;
    expect(body<StaffMe>(await me(token)).data).toMatchObject({ login: 'admin', name: '系统管理员' });
    const out = await s.t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/logout',
      headers: { authorization: token },
    });
    expect(body(out)).toEqual({ status: 200, msg: '已退出登录', data: null });
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(body(after)).toEqual({ status: 401, msg: '后台登录已失效，请重新登录', data: null });
  });

  test('wrong password and unknown login answer alike; no token answers 401', async () => {
    expect(body(await s.staffLogin('admin', 'wrong-password'))).toEqual({
      status: 201,
      msg: '账号或密码错误，还可尝试 4 次',
      data: null,
    });
    expect(body(await s.staffLogin('nobody', 'wrong-password'))).toEqual({
      status: 201,
      msg: '账号或密码错误，还可尝试 4 次',
      data: null,
    });
    const none = await s.t.app.inject({ url: '/api/admin/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(body(none)).toEqual({ status: 401, msg: '请先登录后台', data: null });
  });

  test('an expired session answers 401 with its own text', async () => {
    const token = body<StaffLoginResponse>(await s.staffLogin('catalog')).data.token;
    await s.t.db.execute(sql`update staff_sessions set expires_at = now() - interval '1 second'
      where staff_id = ${s.staffIds.catalog} and ended_at is null`);
    expect(body(await me(token))).toEqual({ status: 401, msg: '后台登录已过期，请重新登录', data: null });
  });
});

describe('staff login limits (the dealers\u2019 rules, decision 0022: 5 failures per member and address)', () => {
  test('after 5 failures from one address even the right password is refused there, not elsewhere; other staff are not affected', async () => {
    for (let i = 0; i < 5; i++) await s.staffLogin('service', 'wrong-password', '10.1.0.9');
    expect(body(await s.staffLogin('service', TEST_PASSWORD, '10.1.0.9'))).toEqual({
      status: 201,
      msg: '登录失败次数过多，请 15 分钟后再试',
      data: null,
    });
    expect(body(await s.staffLogin('13900000003', TEST_PASSWORD, '10.1.0.9')).status).toBe(201);
    expect(body(await s.staffLogin('13900000003', TEST_PASSWORD, '10.1.0.10')).status).toBe(200);
    expect(body(await s.staffLogin('finance', TEST_PASSWORD, '10.1.0.9')).status).toBe(200);
    // A dealer with the same number of failures is counted apart.
    const dealer = await s.t.app.inject({
      method: 'POST',
      url: '/api/Shop.User/login',
      payload: { username: 'a_sub', password: TEST_PASSWORD },
      remoteAddress: '10.1.0.11',
    });
    expect(body(dealer).status).toBe(200);
  });

  test('the failures are stored under staff keys, never a dealer account key', async () => {
    const keys = (await s.t.db.execute(sql`select distinct account_key from login_attempts where ip like '10.1.0.%'`))
      .rows as { account_key: string }[];
    expect(keys.map((k) => k.account_key).sort()).toEqual(
      [`staff:${s.staffIds.finance}`, `staff:${s.staffIds.service}`, 'account:' + s.t.fixtures.accounts.aSub.id].sort(),
    );
  });
});

describe('dealer and staff sessions never cross', () => {
  test('a dealer token is refused on every admin route; a staff token on dealer routes', async () => {
    const dealer = await s.t.loginAs('aMain');
    const doc = s.t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const adminPaths = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/admin/'));
    expect(adminPaths.length).toBeGreaterThanOrEqual(14);
    for (const [path, methods] of adminPaths) {
      for (const method of Object.keys(methods)) {
        if (path === '/api/admin/auth/login') continue;
        const url = path.replace(/\{[^}]+\}/g, (m) => (m === '{id}' ? '1' : 'SO2026000001'));
        const res = await s.t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { authorization: dealer },
          ...(method === 'post' ? { payload: {} } : {}),
        });
        expect([res.statusCode, body(res).status, `${method} ${url}`]).toEqual([401, 401, `${method} ${url}`]);
      }
    }
    const staff = await s.tokenOf('admin');
    const shop = await s.t.app.inject({ url: '/api/Shop.User/info', headers: { authorization: staff } });
    expect(body(shop).status).toBe(102);
  });
});

describe('a disabled staff member', () => {
  test('their session ends at once and they cannot log in', async () => {
    const token = body<StaffLoginResponse>(await s.staffLogin('13900000002')).data.token;
    expect(body(await me(token)).status).toBe(200);
    const res = await s.asStaff('admin', { method: 'POST', url: `/api/admin/staff/${s.staffIds.catalog}/disable` });
    expect(body(res)).toMatchObject({ status: 200, msg: '已停用', data: { enabled: false } });
    expect(body(await me(token))).toEqual({ status: 401, msg: '后台登录已失效，请重新登录', data: null });
    const open = await s.t.db.execute(
      sql`select count(*)::int as n from staff_sessions where staff_id = ${s.staffIds.catalog} and ended_at is null`,
    );
    expect(open.rows[0]).toEqual({ n: 0 });
    expect(body(await s.staffLogin('catalog'))).toEqual({ status: 201, msg: '账号已被停用，请联系管理员', data: null });
    await s.asStaff('admin', { method: 'POST', url: `/api/admin/staff/${s.staffIds.catalog}/enable` });
    expect(body(await s.staffLogin('catalog')).status).toBe(200);
  });
});

describe('every admin route declares its permission', () => {
  test('an /api/admin route without one fails to register', async () => {
    const app = Fastify();
    app.decorate('config', loadConfig({ DATA_DIR: 'memory' }));
    await app.register(staffAuthPlugin);
    expect(() => app.get('/api/admin/forgotten', async () => 'open')).toThrow(
      'admin route GET /api/admin/forgotten must declare its permission',
    );
    app.get('/api/admin/declared', { config: { permission: 'orders.read' } }, async () => 'checked');
    await app.close();
  });

  test('the audit log refuses updates and deletes (append-only)', async () => {
    await s.asStaff('admin', { method: 'POST', url: `/api/admin/staff/${s.staffIds.finance}/disable` });
    await s.asStaff('admin', { method: 'POST', url: `/api/admin/staff/${s.staffIds.finance}/enable` });
    await expect(s.t.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(s.t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
