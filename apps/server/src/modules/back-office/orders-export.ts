import type { AdminOrderListQuery } from '@shop/core/api/admin';
import type { Db } from '../../db/client';
import { refuse } from '../../lib/errors';
import { sheetFile } from '../../lib/xlsx';
import { listOrders } from '../staff/orders-service';
import { amountCells, amountTotals, ORDER_AMOUNT_COLUMNS } from '../orders/exports';
import { COLUMN } from '../orders/sheet-columns';

/** The back office's export of every company's orders, with the list's filters (not its page). */
export const ADMIN_EXPORT_MAX_ROWS = 20_000;

export async function adminOrdersWorkbook(
  db: Db,
  filters: Omit<AdminOrderListQuery, 'page' | 'limit'>,
): Promise<Buffer> {
  const { list } = await listOrders(db, { ...filters, page: 1, limit: ADMIN_EXPORT_MAX_ROWS });
  if (list.length === 0) refuse('没有可导出的订单');
  return sheetFile(
    '订单',
    [
      { header: '订单号', key: 'orders_no', width: 24 },
      { header: '下单时间', key: 'created_at', width: 20 },
      { header: '公司编号', key: 'company_id', width: 10 },
      { header: '公司', key: 'company_name', width: 30 },
      { header: '下单账号', key: 'account_name', width: 16 },
      COLUMN.status,
      ...ORDER_AMOUNT_COLUMNS,
    ],
    // Number cells (shown with two decimals) so the sheet can sum them, as the dealer's export does.
    list.map((o) => ({ ...o, ...amountCells(o) })),
    amountTotals(list, 'orders_no'),
  );
}
