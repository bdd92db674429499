import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { XLSX_TYPE } from '../src/lib/xlsx';
import { body } from './helpers/api';
import { useAdminShop } from './admin-test-data';

/** GET /api/admin/orders/export: the back office's download of the filtered orders of every company. */
const s = useAdminShop();

async function rowsOf(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v))));
  return rows;
}

describe('the orders export', () => {
  test('sends the filtered orders as .xlsx with a Chinese file name and the amounts as numbers', async () => {
    const first = await s.placeOrder([{ part: 'p1', quantity: 2 }]);
    const second = await s.placeOrder([{ part: 'p1', quantity: 1 }]);
    const res = await s.asStaff('finance', { method: 'GET', url: `/api/admin/orders/export?orders_no=${first}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(
      /filename\*=UTF-8''订单_\d{8}\.xlsx/,
    );
    const rows = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual([
      '订单号',
      '下单时间',
      '公司编号',
      '公司',
      '下单账号',
      '状态',
      '商品金额',
      '优惠券抵扣',
      '积分币抵扣',
      '应付金额',
    ]);
    expect(rows.map((r) => r[0])).toEqual(['订单号', first, '合计']);
    expect(rows[2]!.slice(6)).toEqual(rows[1]!.slice(6));
    expect(rows[1]![5]).toBe('待发货');
    const detail = body<{ order: { total_amount: string } }>(
      await s.asStaff('finance', { method: 'GET', url: `/api/admin/orders/${first}` }),
    );
    expect(Number(rows[1]![6])).toBe(Number(detail.data.order.total_amount));

    const all = await s.asStaff('service', { method: 'GET', url: '/api/admin/orders/export?status=pending_shipment' });
    const numbers = (await rowsOf(all.rawPayload)).map((r) => r[0]);
    expect(numbers).toEqual(expect.arrayContaining([first, second]));
    expect(numbers.at(-1)).toBe('合计');
  });

  test('says so when nothing matches, and checks its filters', async () => {
    const none = await s.asStaff('service', { method: 'GET', url: '/api/admin/orders/export?orders_no=NOPE0000' });
    expect(body(none)).toMatchObject({ status: 201, msg: '没有可导出的订单' });
    const bad = await s.asStaff('service', { method: 'GET', url: '/api/admin/orders/export?start_date=2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toContain('日期格式应为 YYYY-MM-DD');
  });

  test('refuses a role without orders.read, and a dealer token or none', async () => {
    const catalog = await s.asStaff('catalog', { method: 'GET', url: '/api/admin/orders/export' });
    expect([catalog.statusCode, body(catalog).msg]).toEqual([403, '无权限执行此操作']);
    const dealerToken = await s.t.loginAs('aMain');
    const dealer = await s.t.app.inject({ url: '/api/admin/orders/export', headers: s.t.auth(dealerToken) });
    expect(dealer.statusCode).toBe(401);
    const nobody = await s.t.app.inject({ url: '/api/admin/orders/export' });
    expect(nobody.statusCode).toBe(401);
  });
});
