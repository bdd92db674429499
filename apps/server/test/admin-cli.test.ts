import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Refused, runStaffCommand, type LocalAccess, type Output } from '../../../tools/staff/cli';
import { ADMINISTRATOR_EXISTS_TEXT } from '../src/modules/staff/members-service';
import { body } from './helpers/api';
import { TEST_PASSWORD } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createAdminShop, type AdminShop } from './admin-test-data';

/** The staff command is a client of the admin API: it works against a running server. */
let s: AdminShop;
let url: string;
beforeAll(async () => {
  s = await createAdminShop();
  await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(s.t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => s?.t.close());

function capture(): Output & { lines: string[]; tables: unknown[][] } {
  const lines: string[] = [];
  const tables: unknown[][] = [];
  return { lines, tables, log: (l) => lines.push(l), table: (rows) => tables.push(rows) };
}

const env = { STAFF_URL: '', STAFF_LOGIN: 'service', STAFF_PASSWORD: TEST_PASSWORD };

test('ship, deliver, return and show through the server, audited as the staff member', async () => {
  const no = await s.placeOrder([{ part: 'p4', quantity: 2 }]);
  const out = capture();
  await runStaffCommand(
    ['ship', '--url', url, '--order', no, '--carrier', '顺丰', '--tracking', 'SF1234567890'],
    env,
    out,
  );
  expect(out.lines[0]).toMatch(/^shipped: FH\d{14}; order status shipped$/);
  const deliveryNo = /FH\d+/.exec(out.lines[0]!)![0];
  await runStaffCommand(['deliver', '--url', url, '--delivery', deliveryNo], env, out);
  await runStaffCommand(
    ['return', '--url', url, '--order', no, '--reason', '发错货', '--item', `${s.ids.p4}=1`],
    env,
    out,
  );
  const returnNo = /TH\d+/.exec(out.lines[2]!)![0];
  await runStaffCommand(['refuse-return', '--url', url, '--return', returnNo, '--note', '已超过退货期'], env, out);
  expect(out.lines).toEqual([
    out.lines[0],
    'package received',
    `return request ${returnNo} created (pending_review)`,
    'return refused',
  ]);

  const shown = capture();
  await runStaffCommand(['show', '--url', url, '--order', no], env, shown);
  expect(shown.tables[0]).toEqual([expect.objectContaining({ status: 'completed' })]);
  expect(shown.tables[1]).toEqual([
    expect.objectContaining({ product_id: s.ids.p4, quantity: 2, shipped_quantity: 2, returned_quantity: 0 }),
  ]);
  expect(shown.tables[2]).toEqual([expect.objectContaining({ delivery_no: deliveryNo, status: 'received' })]);

  const audit = await s.t.db.execute(`select distinct staff_id from audit_log`);
  expect(audit.rows).toEqual([{ staff_id: s.staffIds.service }]);
});

test('refusals and missing permissions come back as the server says them', async () => {
  await expect(
    runStaffCommand(['deliver', '--url', url, '--delivery', 'FH0000000001'], env, capture()),
  ).rejects.toThrow('发货单不存在：FH0000000001');
  await expect(
    runStaffCommand(['show', '--url', `${url}/`, '--order', 'SO0000000001', '--login', 'catalog'], env, capture()),
  ).rejects.toThrow('无权限执行此操作');
  await expect(
    runStaffCommand(['show', '--url', url, '--order', 'SO1', '--password', 'wrong-password'], env, capture()),
  ).rejects.toThrow('账号或密码错误');
});

describe('create-admin: the first administrator, on a database without one', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  }, 60_000);
  afterAll(() => fresh?.close());

  const local = (answers: string[] = []): LocalAccess => ({
    open: async () => ({ db: fresh.db, close: async () => {} }),
    askPassword: async () => answers.shift(),
  });
  const args = ['create-admin', '--login', 'boss', '--name', '王经理', '--phone', '13900000009'];
  const count = async () =>
    Number(((await fresh.db.execute(`select count(*) as n from staff_members`)).rows[0] as { n: unknown }).n);

  test('never takes the password from the command line, and enforces the password rules', async () => {
    await expect(runStaffCommand([...args, '--password', 'secret123'], {}, capture(), local())).rejects.toThrow(
      'never the command line',
    );
    await expect(runStaffCommand(args, { STAFF_PASSWORD: 'short' }, capture(), local())).rejects.toThrow(
      new Refused('密码至少 8 位'),
    );
    await expect(runStaffCommand(args, {}, capture(), local(['secret123', 'secret124']))).rejects.toThrow(
      'the two passwords differ',
    );
    await expect(runStaffCommand(args, {}, capture(), local([]))).rejects.toThrow('STAFF_PASSWORD');
    expect(await count()).toBe(0);
  });

  test('creates the administrator (prompted password), audited; it logs in; a second one is refused', async () => {
    const out = capture();
    await runStaffCommand(args, {}, out, local(['boss-secret-1', 'boss-secret-1']));
    expect(out.lines[0]).toMatch(/^administrator boss \(王经理, id \d+\) created/);
    const [member] = (await fresh.db.execute(`select id, roles from staff_members where login = 'boss'`)).rows as {
      id: number;
      roles: string[];
    }[];
    expect(member?.roles).toEqual(['administrator']);
    const audit = (await fresh.db.execute(`select staff_id, action, entity_id, request_id from audit_log`)).rows;
    expect(audit).toEqual([
      { staff_id: member!.id, action: 'staff.create', entity_id: String(member!.id), request_id: 'cli:create-admin' },
    ]);
    const login = await fresh.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { login: 'boss', password: 'boss-secret-1' },
    });
    expect(body(login).status).toBe(200);

    await expect(
      runStaffCommand(
        ['create-admin', '--login', 'boss2', '--name', '李经理', '--phone', '13900000010'],
        { STAFF_PASSWORD: 'another-secret' },
        capture(),
        local(),
      ),
    ).rejects.toThrow(new Refused(ADMINISTRATOR_EXISTS_TEXT));
    expect(await count()).toBe(1);
  });
});
