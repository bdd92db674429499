import { describe, expect, test } from 'vitest';
import type {
  AdminOrderDetail,
  AdminOrderListResponse,
  AuditListResponse,
  ShipResponse,
  StaffMember,
} from '@shop/core/api/admin';
import { ROLE_PERMISSIONS, type Permission } from '@shop/core/staff-permissions';
import { DEMO_STAFF } from '../src/demo/definitions/staff';
import { body } from './helpers/api';
import { stockOf } from './orders-test-data';
import { type StaffLogin, useAdminShop } from './admin-test-data';

/** The admin API's order, return, audit and staff endpoints: each role allowed or refused, audit entries. */
const s = useAdminShop();

const post = (who: StaffLogin, url: string, payload: object = {}) =>
  s.asStaff(who, { method: 'POST', url: `/api/admin${url}`, payload });
const get = (who: StaffLogin, url: string) => s.asStaff(who, { method: 'GET', url: `/api/admin${url}` });

async function auditOf(entityType: string, entityId: string) {
  const b = body<AuditListResponse>(await get('admin', `/audit?entity_type=${entityType}&entity_id=${entityId}`));
  expect(b.status, b.msg).toBe(200);
  return b.data.list;
}

describe('every admin endpoint with each role', () => {
  // Numbers that do not exist: an allowed call gets a business refusal (201), never a change.
  const endpoints: {
    method: 'GET' | 'POST';
    url: string;
    permission: Permission | 'staff';
    payload?: object;
    /** The HTTP status an allowed role gets, when not 200 or 400. */
    http?: number;
  }[] = [
    { method: 'GET', url: '/auth/me', permission: 'staff' },
    { method: 'GET', url: '/orders', permission: 'orders.read' },
    { method: 'GET', url: '/orders/SO0000000001', permission: 'orders.read' },
    // A day without orders: the export answers its refusal (an envelope) rather than a file.
    { method: 'GET', url: '/orders/export?start_date=2000-01-01&end_date=2000-01-01', permission: 'orders.read' },
    {
      method: 'POST',
      url: '/orders/SO0000000001/ship',
      permission: 'orders.ship',
      payload: { carrier: '顺丰', tracking_no: 'SF1' },
    },
    {
      method: 'POST',
      url: '/orders/SO0000000001/cancel',
      permission: 'orders.ship',
      payload: { reason: '客户要求取消' },
    },
    { method: 'POST', url: '/deliveries/FH0000000001/deliver', permission: 'orders.ship' },
    {
      method: 'POST',
      url: '/orders/SO0000000001/returns',
      permission: 'returns.manage',
      payload: { reason: '发错货' },
    },
    { method: 'POST', url: '/returns/TH0000000001/accept', permission: 'returns.manage' },
    { method: 'POST', url: '/returns/TH0000000001/refuse', permission: 'returns.manage', payload: { note: '超期' } },
    { method: 'POST', url: '/returns/TH0000000001/complete', permission: 'returns.manage' },
    { method: 'GET', url: '/audit', permission: 'audit.read' },
    { method: 'GET', url: '/staff', permission: 'staff.manage' },
    { method: 'POST', url: '/staff', permission: 'staff.manage', payload: { name: '' } },
    { method: 'POST', url: '/staff/999999/disable', permission: 'staff.manage' },
    { method: 'POST', url: '/staff/999999/enable', permission: 'staff.manage' },
    {
      method: 'POST',
      url: '/questions/999999/answer',
      permission: 'service.answer',
      payload: { reply_content: '已补货' },
    },
    { method: 'GET', url: '/questions', permission: 'service.answer' },
    { method: 'GET', url: '/questions/999999', permission: 'service.answer' },
    { method: 'POST', url: '/questions/999999/pictures', permission: 'service.answer' },
    { method: 'GET', url: '/questions/999999/picture/0', permission: 'service.answer', http: 404 },
    { method: 'GET', url: '/service/queue', permission: 'service.answer' },
    { method: 'POST', url: '/service/question/999999/read', permission: 'service.answer' },
    { method: 'POST', url: '/messages/broadcast', permission: 'messages.broadcast', payload: {} },
    { method: 'GET', url: '/messages/broadcasts', permission: 'messages.broadcast' },
    { method: 'GET', url: '/messages/audience?keyword=a', permission: 'messages.broadcast' },
    { method: 'GET', url: '/feedback', permission: 'service.answer' },
    { method: 'GET', url: '/feedback/999999/file', permission: 'service.answer' },
    { method: 'POST', url: '/feedback/999999/reply', permission: 'service.answer', payload: { content: '你好' } },
    { method: 'GET', url: '/development', permission: 'service.answer' },
    // A picture is an image address: a missing one is HTTP 404, as for the dealers.
    { method: 'GET', url: '/development/999999/picture/0', permission: 'service.answer', http: 404 },
    { method: 'POST', url: '/development/999999/reply', permission: 'service.answer', payload: { content: '你好' } },
    {
      method: 'POST',
      url: '/development/999999/status',
      permission: 'service.answer',
      payload: { status: 'developing' },
    },
    // The catalog (admin-catalog.test.ts has its own table with the bodies and answers).
    { method: 'GET', url: '/parts', permission: 'catalog.manage' },
    { method: 'GET', url: '/parts/999999', permission: 'catalog.manage' },
    { method: 'POST', url: '/parts', permission: 'catalog.manage' },
    { method: 'POST', url: '/parts/999999', permission: 'catalog.manage' },
    { method: 'POST', url: '/parts/media', permission: 'catalog.manage' },
    { method: 'GET', url: '/categories', permission: 'catalog.manage' },
    { method: 'POST', url: '/categories', permission: 'catalog.manage' },
    { method: 'POST', url: '/categories/999999', permission: 'catalog.manage' },
    { method: 'POST', url: '/categories/999999/delete', permission: 'catalog.manage' },
    { method: 'GET', url: '/vehicles', permission: 'catalog.manage' },
    ...(['makes', 'series', 'models'] as const).flatMap((level) => [
      { method: 'POST' as const, url: `/vehicles/${level}`, permission: 'catalog.manage' as const },
      { method: 'POST' as const, url: `/vehicles/${level}/999999`, permission: 'catalog.manage' as const },
      { method: 'POST' as const, url: `/vehicles/${level}/999999/delete`, permission: 'catalog.manage' as const },
    ]),
    { method: 'GET', url: '/dealers', permission: 'dealers.manage' },
    { method: 'POST', url: '/dealers', permission: 'dealers.manage', payload: {} },
    { method: 'GET', url: '/dealers/999999', permission: 'dealers.manage' },
    { method: 'POST', url: '/dealers/999999', permission: 'dealers.manage', payload: {} },
    { method: 'POST', url: '/dealers/999999/disable', permission: 'dealers.manage' },
    { method: 'POST', url: '/dealers/999999/enable', permission: 'dealers.manage' },
    { method: 'POST', url: '/dealers/999999/accounts', permission: 'dealers.manage', payload: {} },
    { method: 'POST', url: '/dealer-accounts/999999', permission: 'dealers.manage', payload: {} },
    { method: 'POST', url: '/dealer-accounts/999999/password', permission: 'dealers.manage', payload: {} },
    { method: 'POST', url: '/dealer-accounts/999999/activity-image', permission: 'dealers.manage' },
    { method: 'POST', url: '/dealer-accounts/999999/unbind-wx', permission: 'dealers.manage' },
    // Resource share (resource-share.test.ts checks the answers).
    { method: 'GET', url: '/resource-share', permission: 'dealers.manage' },
    { method: 'POST', url: '/resource-share/999999/take-down', permission: 'dealers.manage', payload: {} },
    // Learning centre and posters (learning.test.ts, posters.test.ts check the answers).
    ...['study/categories', 'study/articles', 'marketing/categories', 'marketing/templates', 'marketing/items'].flatMap(
      (list) => [
        { method: 'GET' as const, url: `/${list}`, permission: 'content.manage' as const },
        { method: 'POST' as const, url: `/${list}`, permission: 'content.manage' as const, payload: {} },
        { method: 'POST' as const, url: `/${list}/999999`, permission: 'content.manage' as const, payload: {} },
      ],
    ),
    { method: 'POST', url: '/study/categories/999999/delete', permission: 'content.manage' },
    { method: 'POST', url: '/marketing/categories/999999/delete', permission: 'content.manage' },
    { method: 'POST', url: '/study/articles/999999/publish', permission: 'content.manage' },
    { method: 'POST', url: '/study/articles/999999/unpublish', permission: 'content.manage' },
    { method: 'GET', url: '/dashboard', permission: 'orders.read' },
    { method: 'GET', url: '/dashboard/not-found', permission: 'catalog.manage' },
    ...(['banners', 'hot-keywords'] as const).flatMap((list) => [
      { method: 'GET' as const, url: `/content/${list}`, permission: 'content.manage' as const },
      { method: 'POST' as const, url: `/content/${list}`, permission: 'content.manage' as const },
      { method: 'POST' as const, url: `/content/${list}/999999`, permission: 'content.manage' as const },
      { method: 'POST' as const, url: `/content/${list}/999999/delete`, permission: 'content.manage' as const },
      { method: 'POST' as const, url: `/content/${list}/reorder`, permission: 'content.manage' as const },
    ]),
    ...(['hot-recommends', 'new-arrivals'] as const).flatMap((list) => [
      { method: 'GET' as const, url: `/content/${list}`, permission: 'content.manage' as const },
      { method: 'POST' as const, url: `/content/${list}`, permission: 'content.manage' as const },
      { method: 'POST' as const, url: `/content/${list}/999999/delete`, permission: 'content.manage' as const },
    ]),
    { method: 'POST', url: '/content/hot-recommends/reorder', permission: 'content.manage' },
    // Not a multipart form: refused (201) before anything is stored.
    { method: 'POST', url: '/content/media', permission: 'content.manage' },
    { method: 'GET', url: '/prices', permission: 'prices.manage' },
    { method: 'GET', url: '/prices/999999', permission: 'prices.manage' },
    { method: 'POST', url: '/prices/999999', permission: 'prices.manage', payload: { prices: {}, expected: {} } },
    { method: 'GET', url: '/stock', permission: 'stock.manage' },
    { method: 'GET', url: '/stock/999999', permission: 'stock.manage' },
    {
      method: 'POST',
      url: '/stock/999999',
      permission: 'stock.manage',
      payload: { mode: 'adjust', warehouse_id: 1, available: 1, in_transit: 0 },
    },
    ...(
      [
        ['parts', 'catalog.manage'],
        ['prices', 'prices.manage'],
        ['stock', 'stock.manage'],
      ] as const
    ).flatMap(([kind, permission]) => [
      // Not a multipart form: refused as no file.
      { method: 'POST' as const, url: `/imports/${kind}`, permission },
      { method: 'GET' as const, url: `/imports/${kind}`, permission },
      { method: 'GET' as const, url: `/imports/${kind}/999999`, permission },
      { method: 'GET' as const, url: `/imports/${kind}/999999/rows`, permission },
      { method: 'POST' as const, url: `/imports/${kind}/999999/apply`, permission },
      { method: 'POST' as const, url: `/imports/${kind}/999999/rollback`, permission },
    ]),
    // Points (points.test.ts checks the bodies and answers).
    { method: 'GET', url: '/points/items', permission: 'points.manage' },
    { method: 'POST', url: '/points/items', permission: 'points.manage' },
    { method: 'POST', url: '/points/items/999999', permission: 'points.manage' },
    { method: 'POST', url: '/points/media', permission: 'points.manage' },
    { method: 'GET', url: '/points/gifts', permission: 'points.manage' },
    { method: 'GET', url: '/points/gifts/999999', permission: 'points.manage' },
    { method: 'POST', url: '/points/gifts/999999/ship', permission: 'points.manage' },
    { method: 'POST', url: '/points/gifts/999999/deliver', permission: 'points.manage' },
    { method: 'GET', url: '/points/companies/999999', permission: 'points.manage' },
    { method: 'POST', url: '/points/companies/999999/adjust', permission: 'points.manage' },
    // Vouchers and activities (coupons.test.ts and coupon-admin-pickers.test.ts check the rest).
    { method: 'GET', url: '/coupon/vouchers', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/vouchers', permission: 'coupon.manage' },
    { method: 'GET', url: '/coupon/vouchers/999999', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/vouchers/999999', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/vouchers/999999/stop', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/vouchers/999999/start', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/vouchers/999999/issue', permission: 'coupon.manage' },
    { method: 'GET', url: '/coupon/vouchers/999999/uses', permission: 'coupon.manage' },
    { method: 'GET', url: '/coupon/activities', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/activities', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/activities/999999', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/activities/999999/stop', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/activities/999999/start', permission: 'coupon.manage' },
    { method: 'GET', url: '/coupon/pick/companies', permission: 'coupon.manage' },
    { method: 'GET', url: '/coupon/pick/parts', permission: 'coupon.manage' },
    { method: 'GET', url: '/coupon/pick/categories', permission: 'coupon.manage' },
    { method: 'POST', url: '/coupon/activity-image', permission: 'coupon.manage' },
    // Price protection (price-protection.test.ts checks the answers).
    { method: 'GET', url: '/price-protection/runs', permission: 'finance.manage' },
    { method: 'GET', url: '/price-protection/runs/999999/claims', permission: 'finance.manage' },
    // Finance: credit, payments, special approvals, statements (credit.test.ts and statements.test.ts check the rest).
    { method: 'GET', url: '/finance/credit', permission: 'finance.manage' },
    { method: 'POST', url: '/finance/credit/999999', permission: 'finance.manage' },
    { method: 'GET', url: '/finance/payments', permission: 'finance.manage' },
    { method: 'POST', url: '/finance/payments', permission: 'finance.manage' },
    { method: 'POST', url: '/finance/adjustments', permission: 'finance.manage' },
    { method: 'GET', url: '/finance/approvals', permission: 'finance.manage' },
    { method: 'POST', url: '/finance/approvals/999999/approve', permission: 'finance.manage' },
    { method: 'POST', url: '/finance/approvals/999999/refuse', permission: 'finance.manage' },
    { method: 'GET', url: '/finance/statements', permission: 'finance.manage' },
    { method: 'GET', url: '/finance/statements/999999', permission: 'finance.manage' },
    { method: 'POST', url: '/finance/statements/build', permission: 'finance.manage' },
    { method: 'POST', url: '/finance/disputes/999999/reply', permission: 'finance.manage' },
  ];

  // Login and logout are checked in admin-auth.test.ts (a logout here would end the shared tokens).
  test('the table covers every admin route but login and logout', () => {
    const doc = s.t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && !/^\/api\/admin\/auth\/log(in|out)$/.test(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const listed = endpoints
      .map((e) => `${e.method} /api/admin${e.url.split('?')[0]}`)
      .map((u) =>
        u
          .replace(
            /SO\d+|FH\d+|TH\d+|999999/g,
            (m) =>
              `{${m.startsWith('SO') ? 'orders_no' : m.startsWith('FH') ? 'delivery_no' : m.startsWith('TH') ? 'return_no' : 'id'}}`,
          )
          .replace(/\/picture\/0$/, '/picture/{n}')
          .replace(/\/service\/question\//, '/service/{kind}/'),
      )
      .sort();
    expect(listed).toEqual(documented);
  });

  for (const { login, role } of DEMO_STAFF) {
    test(`${role}: allowed where the role grants the permission, else 403`, async () => {
      for (const e of endpoints) {
        const res = await s.asStaff(login as StaffLogin, {
          method: e.method,
          url: `/api/admin${e.url}`,
          ...(e.method === 'POST' ? { payload: e.payload ?? {} } : {}),
        });
        const allowed = e.permission === 'staff' || ROLE_PERMISSIONS[role].includes(e.permission);
        const what = `${role} ${e.method} ${e.url}`;
        if (allowed && e.http) {
          expect([what, res.statusCode]).toEqual([what, e.http]);
        } else if (allowed) {
          expect([what, res.statusCode === 200 || res.statusCode === 400]).toEqual([what, true]);
          expect([what, [200, 201, 400]]).toEqual([what, expect.arrayContaining([body(res).status])]);
        } else {
          expect([what, res.statusCode, body(res)]).toEqual([
            what,
            403,
            { status: 403, msg: '无权限执行此操作', data: null },
          ]);
        }
      }
    });
  }
});

describe('orders through the admin API', () => {
  test('list with filters and detail', async () => {
    const no = await s.placeOrder([{ part: 'p1', quantity: 2 }]);
    const a = s.t.fixtures.accounts.aMain;
    const list = body<AdminOrderListResponse>(await get('service', `/orders?orders_no=${no.slice(-6)}`));
    expect(list.data.list.map((o) => o.orders_no)).toEqual([no]);
    expect(list.data.list[0]).toMatchObject({
      company_id: a.companyId,
      status: 'pending_shipment',
      status_cn: '待发货',
    });
    const other = body<AdminOrderListResponse>(
      await get('finance', `/orders?company_id=${s.t.fixtures.companies.b.id}&status=pending_shipment`),
    );
    expect(other.data.total).toBe(0);
    const later = body<AdminOrderListResponse>(await get('finance', `/orders?start_date=2099-01-01`));
    expect(later.data.total).toBe(0);
    const bad = await get('finance', `/orders?start_date=tomorrow`);
    expect(bad.statusCode).toBe(400);
    // A day the calendar has not: refused as the malformed one, not a failure of the database.
    for (const url of [
      '/orders?start_date=2026-02-30',
      '/orders?end_date=2026-13-01',
      '/audit?start_date=2026-04-31',
    ]) {
      const none = await get('admin', url);
      expect([none.statusCode, body(none).msg]).toEqual([400, expect.stringContaining('日期格式应为 YYYY-MM-DD')]);
    }

    const detail = body<AdminOrderDetail>(await get('finance', `/orders/${no}`));
    expect(detail.data.items).toEqual([
      expect.objectContaining({ product_id: s.ids.p1, quantity: 2, shipped_quantity: 0, warehouse_id: 1 }),
    ]);
    expect(body(await get('finance', '/orders/SO0000000001'))).toEqual({
      status: 201,
      msg: '订单不存在：SO0000000001',
      data: null,
    });
  });

  test('ship, deliver, return (create, accept, complete) each write an audit entry with before and after', async () => {
    const no = await s.placeOrder([
      { part: 'p2', quantity: 3 },
      { part: 'p3', quantity: 1 },
    ]);
    const partial = body<ShipResponse>(
      await post('service', `/orders/${no}/ship`, {
        carrier: '顺丰',
        tracking_no: 'SF1234567890',
        packages: 2,
        items: [{ product_id: s.ids.p2, quantity: 3 }],
      }),
    );
    expect(partial.status, partial.msg).toBe(200);
    expect(partial.data.status).toBe('partially_shipped');
    const rest = body<ShipResponse>(
      await post('admin', `/orders/${no}/ship`, { carrier: '中通', tracking_no: 'ZT12345678' }),
    );
    expect(rest.data.status).toBe('shipped');

    const [second, first] = await auditOf('order', no);
    expect(first).toMatchObject({
      staff_id: s.staffIds.service,
      staff_name: '客服专员',
      action: 'order.ship',
      ip: '127.0.0.1',
      before: { status: 'pending_shipment', deliveries: [] },
      after: {
        status: 'partially_shipped',
        deliveries: [{ delivery_no: partial.data.delivery_nos[0], status: 'shipped' }],
      },
    });
    expect(first!.request_id).not.toBe('');
    expect(second).toMatchObject({
      staff_id: s.staffIds.admin,
      before: { status: 'partially_shipped' },
      after: { status: 'shipped' },
    });

    // A refused action changes nothing and writes no entry.
    expect(body(await post('service', `/orders/${no}/ship`, { carrier: '顺丰', tracking_no: 'SF22222222' })).msg).toBe(
      '订单状态不能发货：shipped',
    );
    expect(await auditOf('order', no)).toHaveLength(2);

    for (const d of [...partial.data.delivery_nos, ...rest.data.delivery_nos]) {
      expect(body(await post('service', `/deliveries/${d}/deliver`)).msg).toBe('包裹已签收');
    }
    const [delivered] = await auditOf('delivery', partial.data.delivery_nos[0]!);
    expect(delivered).toMatchObject({
      action: 'delivery.receive',
      before: { status: 'shipped', order_status: 'shipped' },
      after: { status: 'received', order_status: 'shipped' },
    });

    const stockBefore = await stockOf(s.t.db, s.ids.p2, 1);
    const created = body<{ return_no: string }>(
      await post('service', `/orders/${no}/returns`, {
        reason: '发错货',
        items: [{ product_id: s.ids.p2, quantity: 2 }],
      }),
    );
    expect(created.status, created.msg).toBe(200);
    const returnNo = created.data.return_no;
    expect(body(await post('service', `/returns/${returnNo}/refuse`, {})).status).toBe(400);
    expect(body(await post('service', `/returns/${returnNo}/accept`, { note: '请寄回广州仓' })).msg).toBe('已同意退货');
    expect(body(await post('admin', `/returns/${returnNo}/complete`)).msg).toBe('退货已完成');
    expect(await stockOf(s.t.db, s.ids.p2, 1)).toBe(stockBefore + 2);

    const entries = (await auditOf('return', returnNo)).reverse();
    expect(entries.map((e) => e.action)).toEqual(['return.create', 'return.accept', 'return.complete']);
    expect(entries[0]).toMatchObject({ before: null, after: { status: 'pending_review', orders_no: no } });
    expect(entries[1]).toMatchObject({
      before: { status: 'pending_review', staff_note: '' },
      after: { status: 'accepted', staff_note: '请寄回广州仓' },
    });
    expect(entries[2]).toMatchObject({ before: { status: 'accepted' }, after: { status: 'completed' } });
    const detail = body<AdminOrderDetail>(await get('admin', `/orders/${no}`));
    expect(detail.data.returns).toEqual([expect.objectContaining({ return_no: returnNo, status: 'completed' })]);

    // The audit list filters by staff member.
    const byAdmin = body<AuditListResponse>(await get('finance', `/audit?staff_id=${s.staffIds.admin}`));
    expect(byAdmin.data.list.every((e) => e.staff_id === s.staffIds.admin)).toBe(true);
    expect(byAdmin.data.list.map((e) => e.action)).toEqual(expect.arrayContaining(['order.ship', 'return.complete']));
  });
});

describe('staff members', () => {
  test('an administrator creates one (audited, no password in the log); login and phone are unique', async () => {
    const payload = {
      name: '仓库小王',
      login: 'wang',
      phone: '13900000009',
      password: 'secret-123',
      roles: ['customer_service'],
    };
    const made = body<StaffMember>(await post('admin', '/staff', payload));
    expect(made).toMatchObject({ status: 200, data: { login: 'wang', roles: ['customer_service'], enabled: true } });
    expect(body(await post('admin', '/staff', { ...payload, login: 'wang2' })).msg).toBe('登录名或手机号已被使用');
    expect(body(await post('admin', '/staff', { ...payload, roles: ['root'] })).status).toBe(400);
    expect(body(await s.staffLogin('wang', 'secret-123')).status).toBe(200);
    const list = body<StaffMember[]>(await get('admin', '/staff'));
    expect(list.data.map((m) => m.login)).toEqual(['admin', 'catalog', 'service', 'finance', 'wang']);
    const [entry] = await auditOf('staff', String(made.data.id));
    expect(entry).toMatchObject({
      action: 'staff.create',
      before: null,
      after: { login: 'wang', phone: '13900000009' },
    });
    expect(JSON.stringify(entry)).not.toMatch(/password|secret-123|argon2/);
    expect(body(await post('admin', `/staff/${s.staffIds.admin}/disable`)).msg).toBe('不能停用自己的账号');
  });
});
