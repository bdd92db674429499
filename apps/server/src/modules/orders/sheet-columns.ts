import type { SheetColumn } from '../../lib/xlsx';

/** The columns that stand alike in several of the shop's exported sheets (orders, gifts, the cart). */
export const COLUMN = {
  ordersNo: { header: '订单号', key: 'orders_no', width: 22 },
  status: { header: '状态', key: 'status_cn', width: 10 },
  narrowStatus: { header: '状态', key: 'status_cn', width: 8 },
  warehouse: { header: '仓库', key: 'warehouse', width: 8 },
  price: { header: '单价', key: 'price', width: 12, money: true },
  quantity: { header: '数量', key: 'quantity', width: 8 },
} satisfies Record<string, SheetColumn>;

/** The part of a line in every sheet of lines (the row carries frey_no, number and l_name_zh). */
export const PART_COLUMNS: SheetColumn[] = [
  { header: '编码', key: 'frey_no', width: 16 },
  { header: 'OE号', key: 'number', width: 18 },
  { header: '商品名称', key: 'l_name_zh', width: 24 },
];
