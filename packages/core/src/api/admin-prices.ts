import { z } from 'zod';
import type { Permission } from '../staff-permissions';
import { AdminPaging, adminListOf } from './admin';
import { idInput } from './id-input';

/**
 * The back office's prices, stock and ERP imports (/api/admin/prices, /stock, /imports; issue 26).
 * Money is text with two decimals; times China time 'YYYY-MM-DD HH:mm:ss'.
 */

const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, '价格格式不正确（最多两位小数）');

// ---- looking parts up ----

export const PartLookupQuery = AdminPaging.extend({ keyword: z.string().trim().max(60).optional().default('') });
export type PartLookupQuery = z.infer<typeof PartLookupQuery>;

export const AdminPartRef = z.object({
  id: z.number().int(),
  frey_no: z.string(),
  oe_number: z.string(),
  l_name_zh: z.string(),
});
export type AdminPartRef = z.infer<typeof AdminPartRef>;

// ---- prices ----

export const PriceEntry = z.object({ key: z.string(), label: z.string(), amount: z.string().nullable() });
export type PriceEntry = z.infer<typeof PriceEntry>;

export const PriceRow = AdminPartRef.extend({ prices: z.array(PriceEntry) });
export type PriceRow = z.infer<typeof PriceRow>;
export const PriceRowList = adminListOf(PriceRow);
export type PriceRowList = z.infer<typeof PriceRowList>;

export const PriceHistoryEntry = z.object({
  id: z.number().int(),
  price_key: z.string(),
  label: z.string(),
  old_amount: z.string().nullable(),
  new_amount: z.string().nullable(),
  staff_name: z.string(),
  source: z.enum(['manual', 'import', 'rollback']),
  batch_id: z.number().int().nullable(),
  at: z.string(),
});
export type PriceHistoryEntry = z.infer<typeof PriceHistoryEntry>;

export const PartPrices = z.object({
  part: AdminPartRef,
  prices: z.array(PriceEntry),
  history: z.array(PriceHistoryEntry),
});
export type PartPrices = z.infer<typeof PartPrices>;

/**
 * Sets a part's prices: `prices` the new amounts by price key (only the keys to change),
 * `expected` what the form showed for them (null: no price), so a save over someone else's
 * change is refused instead of silently undoing it.
 */
export const SetPricesRequest = z.object({
  prices: z.record(z.string(), amountText),
  expected: z.record(z.string(), z.string().nullable()),
});
export type SetPricesRequest = z.infer<typeof SetPricesRequest>;

// ---- stock ----

export const StockEntry = z.object({
  warehouse_id: z.number().int(),
  warehouse: z.string(),
  available: z.number().int(),
  in_transit: z.number().int(),
});
export type StockEntry = z.infer<typeof StockEntry>;

export const StockRow = AdminPartRef.extend({ stocks: z.array(StockEntry) });
export type StockRow = z.infer<typeof StockRow>;
export const StockRowList = adminListOf(StockRow);
export type StockRowList = z.infer<typeof StockRowList>;

const quantity = z.coerce.number().int('请输入整数').min(0, '库存不能为负数').max(99_999_999);
const delta = z.coerce.number().int('请输入整数').min(-99_999_999).max(99_999_999);

/**
 * Sets (mode set: the figures, with what the form showed as `expected`) or adjusts (mode adjust:
 * added to the current figures) a part's stock in a warehouse.
 */
export const SetStockRequest = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('set'),
    warehouse_id: z.coerce.number().int(),
    available: quantity,
    in_transit: quantity,
    expected: z.object({ available: z.number().int(), in_transit: z.number().int() }),
  }),
  z.object({
    mode: z.literal('adjust'),
    warehouse_id: z.coerce.number().int(),
    available: delta,
    in_transit: delta,
  }),
]);
export type SetStockRequest = z.infer<typeof SetStockRequest>;

export const PRICE_STOCK_TEXTS = {
  saved: '已保存',
  notFound: '配件不存在',
  unknownPriceKey: '价格类型不存在',
  nothingChanged: '没有需要保存的修改',
  priceChanged: '价格已被他人修改，请刷新后再保存',
  stockChanged: '库存已被他人修改，请刷新后再保存',
  stockNegative: '调整后库存不能为负数',
  unknownWarehouse: '仓库不存在',
} as const;

// ---- imports ----

export const IMPORT_KINDS = ['parts', 'prices', 'stock'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_NAMES: Record<ImportKind, string> = { parts: '配件资料', prices: '价格', stock: '库存' };

/** The permission each kind of import needs (to upload, preview, apply, roll back and read it). */
export const IMPORT_PERMISSION: Record<ImportKind, Permission> = {
  parts: 'catalog.manage',
  prices: 'prices.manage',
  stock: 'stock.manage',
};

export const IMPORT_ROW_STATES = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];
export const IMPORT_ROW_STATE_NAMES: Record<ImportRowState, string> = {
  create: '新增',
  update: '更新',
  unchanged: '无变化',
  error: '错误',
};

export const IMPORT_STATUSES = [
  'previewing',
  'previewed',
  'failed',
  'applying',
  'applied',
  'rolling_back',
  'rolled_back',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_NAMES: Record<ImportStatus, string> = {
  previewing: '正在预览',
  previewed: '待确认',
  failed: '失败',
  applying: '正在导入',
  applied: '已导入',
  rolling_back: '正在回滚',
  rolled_back: '已回滚',
};

/** The work under way on a batch (in any server process): phase, rows done of total. */
export const ImportProgress = z.object({
  phase: z.enum(['preview', 'apply', 'rollback']),
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

export const ImportBatch = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  staff_name: z.string(),
  total_rows: z.number().int(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  error: z.string(),
  report: z.object({ restored: z.number().int(), conflicts: z.number().int(), deleted: z.number().int() }).nullable(),
  progress: ImportProgress.nullable(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  rolled_back_at: z.string().nullable(),
  /** When its rows were deleted after the retention period (it can no longer be applied or rolled back). */
  rows_purged_at: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof ImportBatch>;
export const ImportBatchList = adminListOf(ImportBatch);
export type ImportBatchList = z.infer<typeof ImportBatchList>;

export const ImportBatchParams = z.object({ id: idInput('编号格式不正确') });

export const ImportRowsQuery = AdminPaging.extend({
  state: z.enum([...IMPORT_ROW_STATES, 'conflict']).optional(),
});
export type ImportRowsQuery = z.infer<typeof ImportRowsQuery>;

export const ImportRow = z.object({
  row_no: z.number().int(),
  state: z.enum(IMPORT_ROW_STATES),
  number: z.string(),
  product_id: z.number().int().nullable(),
  warehouse_id: z.number().int(),
  data: z.record(z.string(), z.string()),
  changes: z.record(z.string(), z.object({ old: z.string().nullable(), new: z.string() })),
  error: z.string(),
  conflicts: z
    .record(z.string(), z.object({ expected: z.string().nullable(), current: z.string().nullable() }))
    .nullable(),
});
export type ImportRow = z.infer<typeof ImportRow>;
/** One page of rows, with the names of the fields they name (price keys by the variant's labels). */
export const ImportRowList = adminListOf(ImportRow).extend({ field_names: z.record(z.string(), z.string()) });
export type ImportRowList = z.infer<typeof ImportRowList>;

/** The field names the preview shows (a price key's label comes from the variant). */
export const IMPORT_FIELD_NAMES: Record<string, string> = {
  available: '可用库存',
  in_transit: '在途库存',
  l_name_zh: '名称',
  product_name: '全称',
  oe_number: 'OE号',
  category_id: '分类',
  make_id: '品牌',
  outbox_fcl_quantity: '箱装数量',
  is_coming_soon: '即将上架',
  is_delisting: '即将下架',
  is_orderable: '可订购',
};

export const IMPORT_TEXTS = {
  noFile: '请选择要导入的文件',
  badName: '请上传 .xlsx 或 .csv 文件',
  badType: '文件内容不是有效的 .xlsx 或 .csv 表格',
  tooLarge: '文件过大，请拆分后再导入（最大 64MB）',
  empty: '文件中没有数据',
  noNumberColumn: '找不到“配件编号”列，请按模板填写表头',
  tooManyRows: '行数过多，请拆分后再导入',
  notFound: '导入批次不存在',
  notPreviewed: '该批次不是待确认状态，不能导入',
  notApplied: '该批次未导入，不能回滚',
  busy: '该批次正在处理中，请稍候',
  rowsPurged: '该批次的明细已超过保留期限被清理，不能再导入或回滚',
  previewInterrupted: '生成预览时处理中断（服务重启或异常退出），请重新上传文件',
  workInterrupted: '处理中断（服务重启或异常退出），未做任何修改，请重新操作',
  applied: '已导入',
  rolledBack: '已回滚',
  uploaded: '文件已上传，正在生成预览',
} as const;
