import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runStaffCommand, type Output } from '../../../tools/staff/cli';
import { TEST_PASSWORD } from './helpers/fixtures';
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
