import { sumMoney, type CartItem } from '@shop/core/api/cart';
import { WAREHOUSE_NAMES } from '@shop/core/constants';
import { sheetFile } from '../../lib/xlsx';
import { COLUMN, PART_COLUMNS } from '../orders/sheet-columns';

/** The cart as an .xlsx workbook (GET export): one row per line and a total row. */
export async function cartWorkbook(lines: CartItem[], priceLabel: string): Promise<Buffer> {
  return sheetFile(
    '购物车',
    [
      { header: '序号', key: 'index', width: 6 },
      ...PART_COLUMNS,
      { header: '车型', key: 'l_model_zh', width: 30 },
      COLUMN.warehouse,
      { header: priceLabel, key: 'price', width: 12, money: true },
      COLUMN.quantity,
      { header: '小计', key: 'tootal_price', width: 12, money: true },
      { header: '状态', key: 'state', width: 10 },
      { header: '添加人', key: 'user_name', width: 14 },
    ],
    lines.map((l, i) => ({
      index: i + 1,
      frey_no: l.frey_no,
      number: l.number,
      l_name_zh: l.l_name_zh,
      l_model_zh: l.l_model_zh,
      warehouse: WAREHOUSE_NAMES[l.warehouse_type],
      price: Number(l.price),
      quantity: l.quantity,
      tootal_price: Number(l.tootal_price),
      state: l.is_orderable !== 1 ? '不可订货' : l.is_delisting === 1 ? '即将下架' : '',
      user_name: l.user_name,
    })),
    {
      l_name_zh: '合计',
      quantity: lines.reduce((n, l) => n + l.quantity, 0),
      tootal_price: Number(sumMoney(lines.map((l) => l.tootal_price))),
    },
  );
}
