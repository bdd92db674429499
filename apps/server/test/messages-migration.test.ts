import { describe, expect, it } from 'vitest';
import { beforeMigration } from './helpers/migrations';

/**
 * Migration 0018 moves the order messages of account_notifications into messages (category,
 * number, popups) and drops the old table. Run on an embedded database migrated file by file up to
 * 0017, with rows in the old table, then 0018.
 */
const { db, migrate } = beforeMigration('0018');

describe('migration 0018', () => {
  it('moves account_notifications into messages and drops it', async () => {
    await db().exec(`
      insert into companies (id, name) values (1, '甲公司');
      insert into accounts (id, company_id, username, phone, password_hash, is_main) values (1, 1, 'a', '1', 'x', 1);
      insert into orders (id, company_id, account_id, orders_no, status, total_amount)
        values (5, 1, 1, 'SO202611010000001', 'shipped', '10.00');
      insert into return_orders (id, company_id, account_id, order_id, return_no, total_amount)
        values (8, 1, 1, 5, 'TH202611010000001', '10.00');
      insert into account_notifications (company_id, account_id, kind, title, body, link, order_id, event_id, created_at) values
        (1, 1, 'order_placed', '订单已提交', '订单 SO202611010000001 已提交。', '/profile/myorder/detail?id=5', 5, 11, '2026-11-01T01:00:00Z'),
        (1, 1, 'order_shipped', '订单已发货', '订单 SO202611010000001 已发货。', '/profile/myorder/detail?id=5', 5, 12, '2026-11-02T01:00:00Z'),
        (1, 1, 'return_refused', '退货申请被拒绝', '退货单 TH202611010000001：退货申请被拒绝。',
          '/profile/return_orders_detail?id=8', 5, 13, '2026-11-03T01:00:00Z');
    `);
    await migrate();
    const moved = await db()
      .query(`select account_id, category_id, tip_name, tip_description, number, order_id, is_eject,
      pop_type, event_id::int, read_at from messages order by id`);
    expect(moved.rows).toEqual([
      {
        account_id: 1,
        category_id: 1,
        tip_name: '订单已提交',
        tip_description: '订单 SO202611010000001 已提交。',
        number: 'SO202611010000001',
        order_id: 5,
        is_eject: 1,
        pop_type: 2,
        event_id: 11,
        read_at: null,
      },
      expect.objectContaining({ category_id: 1, tip_name: '订单已发货', is_eject: 1, pop_type: 1, event_id: 12 }),
      expect.objectContaining({ category_id: 2, number: 'TH202611010000001', is_eject: 1, event_id: 13 }),
    ]);
    const times = await db().query<{ t: string }>(
      `select to_char(created_at at time zone 'UTC', 'MM-DD HH24') as t from messages order by id`,
    );
    expect(times.rows.map((r) => r.t)).toEqual(['11-01 01', '11-02 01', '11-03 01']);
    const table = await db().query(`select to_regclass('account_notifications') as t`);
    expect(table.rows).toEqual([{ t: null }]);
  });
});
