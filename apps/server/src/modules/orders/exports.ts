import { sql, type SQL } from 'drizzle-orm';
import { WAREHOUSE_NAMES, type WarehouseId } from '@shop/core/constants';
import { orderStatusText, returnStatusText, deliveryStatusText } from '@shop/core/order-status';
import { sumAmounts } from '@shop/core/money';
import { refuse } from '../../lib/errors';
import { sheetFile, type SheetColumn } from '../../lib/xlsx';
import { COLUMN, PART_COLUMNS } from './sheet-columns';
import type { DealerRequestContext } from '../../platform/request-context';
import { dateTime, purchaseList, type PurchaseFilters } from './service';
import { visibleOrderSql } from './visibility';

/** Spreadsheet exports of orders, order lines, deliveries and returns (real .xlsx via exceljs). */
export const EXPORT_MAX_ROWS = 20_000;
type Row = Record<string, unknown>;

/** The rows of an export's query, or the refusal `none` when it finds nothing. */
async function exportRows(ctx: DealerRequestContext, query: SQL, none: string): Promise<Row[]> {
  const { rows } = await ctx.db.execute(query);
  if (rows.length === 0) refuse(none);
  return rows as Row[];
}

/** The order of a row in the sheets of orders and of their lines. */
const ORDER_HEAD_COLUMNS: SheetColumn[] = [
  COLUMN.ordersNo,
  { header: '下单时间', key: 'create_date', width: 20 },
  COLUMN.status,
];

/**
 * An order's amounts in an export: the lines' sum, the voucher's and the frey coins' deductions and
 * what is left to pay (orderAmountsOf), as numbers the sheet can sum, with a 合计 row under them
 * whose figures are the exact sums of the rows'.
 */
export const ORDER_AMOUNT_COLUMNS: SheetColumn[] = [
  { header: '商品金额', key: 'total_amount', width: 14, money: true },
  { header: '优惠券抵扣', key: 'voucher_amount', width: 12, money: true },
  { header: '积分币抵扣', key: 'frey_coin_amount', width: 12, money: true },
  { header: '应付金额', key: 'pay_amount', width: 14, money: true },
];
type Amounts = Record<'total_amount' | 'voucher_amount' | 'frey_coin_amount' | 'pay_amount', string>;

export function amountCells(o: Amounts): Record<keyof Amounts, number> {
  return {
    total_amount: Number(o.total_amount),
    voucher_amount: Number(o.voucher_amount),
    frey_coin_amount: Number(o.frey_coin_amount),
    pay_amount: Number(o.pay_amount),
  };
}

/** The 合计 row: `label` under the column `labelKey`, each amount the exact sum of the rows'. */
export function amountTotals(list: readonly Amounts[], labelKey: string): Record<string, unknown> {
  const sum = (key: keyof Amounts) => Number(sumAmounts(list.map((o) => o[key])));
  return {
    [labelKey]: '合计',
    total_amount: sum('total_amount'),
    voucher_amount: sum('voucher_amount'),
    frey_coin_amount: sum('frey_coin_amount'),
    pay_amount: sum('pay_amount'),
  };
}

/** GET orderExport: the filtered order list. */
export async function ordersWorkbook(ctx: DealerRequestContext, f: PurchaseFilters): Promise<Buffer> {
  const page = await purchaseList(ctx, { ...f, page: 1, limit: EXPORT_MAX_ROWS });
  if (page.list.length === 0) refuse('没有可导出的订单');
  return sheetFile(
    '订单',
    [
      ...ORDER_HEAD_COLUMNS,
      { header: '仓库', key: 'warehouses', width: 14 },
      { header: '商品种数', key: 'item_count', width: 10 },
      { header: '数量', key: 'total_quantity', width: 10 },
      { header: '缺货种数', key: 'lack_count', width: 10 },
      ...ORDER_AMOUNT_COLUMNS,
      { header: '下单人', key: 'user_name', width: 14 },
      { header: '备注', key: 'remark', width: 30 },
    ],
    page.list.map((o) => ({
      ...o,
      ...amountCells(o),
      warehouses: o.warehouse_types.map((w) => WAREHOUSE_NAMES[w]).join('、'),
    })),
    amountTotals(page.list, 'orders_no'),
  );
}

/** POST getExportPurchaseItemsList: the lines of the filtered orders (or of the given orders). */
export async function orderItemsWorkbook(
  ctx: DealerRequestContext,
  f: PurchaseFilters,
  orderIds: number[],
): Promise<Buffer> {
  const ids =
    orderIds.length > 0
      ? orderIds
      : (await purchaseList(ctx, { ...f, page: 1, limit: EXPORT_MAX_ROWS })).list.map((o) => o.orders_id);
  if (ids.length === 0) refuse('没有可导出的订单');
  const rows = await exportRows(
    ctx,
    sql`select o.orders_no, o.created_at, o.status, i.warehouse_id, i.quantity,
      i.shipped_quantity, i.returned_quantity, i.price::text as price, p.frey_no, p.oe_number, p.l_name_zh
    from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id
    where o.company_id = ${ctx.caller.companyId} and ${visibleOrderSql(ctx.caller)} and o.id = any(${sql.param(ids)}::int[])
    order by o.created_at desc, o.id desc, i.id limit ${EXPORT_MAX_ROWS}`,
    '没有可导出的订单',
  );
  return sheetFile(
    '订单明细',
    [
      ...ORDER_HEAD_COLUMNS,
      ...PART_COLUMNS,
      COLUMN.warehouse,
      COLUMN.price,
      COLUMN.quantity,
      { header: '已发货', key: 'shipped', width: 8 },
      { header: '已退货', key: 'returned', width: 8 },
      { header: '小计', key: 'total', width: 12, money: true },
    ],
    rows.map((r) => ({
      orders_no: r.orders_no,
      create_date: dateTime(r.created_at),
      status_cn: orderStatusText(String(r.status)),
      frey_no: r.frey_no,
      number: r.oe_number,
      l_name_zh: r.l_name_zh,
      warehouse: WAREHOUSE_NAMES[Number(r.warehouse_id) as WarehouseId],
      price: Number(r.price),
      quantity: Number(r.quantity),
      shipped: Number(r.shipped_quantity),
      returned: Number(r.returned_quantity),
      total: (Math.round(Number(r.price) * 100) * Number(r.quantity)) / 100,
    })),
  );
}

/** GET deliveryExport: the packages of one order (order_id) or of every order. */
export async function deliveriesWorkbook(ctx: DealerRequestContext, orderId: number | undefined): Promise<Buffer> {
  const rows = await exportRows(
    ctx,
    sql`select d.delivery_no, o.orders_no, d.warehouse_id, d.carrier, d.tracking_no,
      d.packages, d.status, d.shipped_at, d.received_at, p.frey_no, p.oe_number, p.l_name_zh, di.quantity
    from deliveries d join orders o on o.id = d.order_id
    join delivery_items di on di.delivery_id = d.id join products p on p.id = di.product_id
    where d.company_id = ${ctx.caller.companyId} and ${visibleOrderSql(ctx.caller)} ${orderId ? sql`and d.order_id = ${orderId}` : sql``}
    order by d.shipped_at desc, d.id desc, di.id limit ${EXPORT_MAX_ROWS}`,
    '没有可导出的发货记录',
  );
  return sheetFile(
    '发货单',
    [
      { header: '发货单号', key: 'delivery_no', width: 20 },
      COLUMN.ordersNo,
      COLUMN.warehouse,
      { header: '承运商', key: 'carrier', width: 12 },
      { header: '运单号', key: 'tracking_no', width: 20 },
      { header: '包裹数', key: 'packages', width: 8 },
      COLUMN.narrowStatus,
      { header: '发货时间', key: 'shipped_at', width: 20 },
      { header: '签收时间', key: 'received_at', width: 20 },
      ...PART_COLUMNS,
      COLUMN.quantity,
    ],
    rows.map((r) => ({
      ...r,
      warehouse: WAREHOUSE_NAMES[Number(r.warehouse_id) as WarehouseId],
      status_cn: deliveryStatusText(String(r.status)),
      shipped_at: dateTime(r.shipped_at),
      received_at: dateTime(r.received_at),
      number: r.oe_number,
      packages: Number(r.packages),
      quantity: Number(r.quantity),
    })),
  );
}

/** GET returnOrderExport: the company's returns with their lines. */
export async function returnsWorkbook(ctx: DealerRequestContext, status: string): Promise<Buffer> {
  const rows = await exportRows(
    ctx,
    sql`select r.return_no, o.orders_no, r.status, r.reason, r.staff_note, r.created_at,
      p.frey_no, p.oe_number, p.l_name_zh, ri.quantity, ri.price::text as price
    from return_orders r join orders o on o.id = r.order_id
    join return_order_items ri on ri.return_order_id = r.id join products p on p.id = ri.product_id
    where r.company_id = ${ctx.caller.companyId} and ${visibleOrderSql(ctx.caller)} ${status ? sql`and r.status = ${status}` : sql``}
    order by r.created_at desc, r.id desc, ri.id limit ${EXPORT_MAX_ROWS}`,
    '没有可导出的退货单',
  );
  return sheetFile(
    '退货单',
    [
      { header: '退货单号', key: 'return_no', width: 20 },
      COLUMN.ordersNo,
      COLUMN.narrowStatus,
      { header: '申请时间', key: 'create_date', width: 20 },
      { header: '原因', key: 'reason', width: 24 },
      { header: '审核说明', key: 'staff_note', width: 24 },
      ...PART_COLUMNS,
      COLUMN.quantity,
      COLUMN.price,
    ],
    rows.map((r) => ({
      ...r,
      status_cn: returnStatusText(String(r.status)),
      create_date: dateTime(r.created_at),
      number: r.oe_number,
      quantity: Number(r.quantity),
      price: Number(r.price),
    })),
  );
}
