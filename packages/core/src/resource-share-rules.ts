/**
 * Resource share (spec.md section 7, docs/resource-share.md): dealers publish their surplus stock
 * from a spreadsheet (number, name, quantity, price optional) with a contact they choose, and
 * find other dealers' stock by number or name.
 */
export const RESOURCE_ROWS_MAX = 2_000;
export const RESOURCE_NUMBER_MAX = 40;
export const RESOURCE_NAME_MAX = 60;
export const RESOURCE_CONTACT_MAX = 60;
export const RESOURCE_QUANTITY_MAX = 99_999;
/** A preview not published within this time is dropped. */
export const RESOURCE_PREVIEW_HOURS = 24;

export const RESOURCE_TEXTS = {
  contactMissing: '请填写对外展示的联系方式',
  contactTooLong: `联系方式最多 ${RESOURCE_CONTACT_MAX} 个字`,
  badText: '内容包含无效字符',
  columns: '无法识别表格的列：请在第一行填写“配件编号、配件名称、数量、价格（可不填）”',
  noRows: '表格中没有可发布的库存',
  previewGone: '预览已失效，请重新导入',
  notFound: '该共享资源不存在或已下架',
  published: '发布成功',
  withdrawn: '已撤回',
  takenDown: '已下架',
  reasonMissing: '请填写下架原因',
} as const;

/** Column titles of the template and of a sheet's header row. */
export const RESOURCE_COLUMNS = {
  number: /配件编[号码]|零件编[号码]|编号|编码|配件号|零件号|OE|part\s*(no|number)/i,
  name: /名称|品名|name/i,
  quantity: /数量|库存|qty|quantity/i,
  price: /价格|单价|price/i,
} as const;

export type ResourceStatus = 'active' | 'withdrawn' | 'taken_down';
export const RESOURCE_STATUS_TEXT: Record<ResourceStatus, string> = {
  active: '共享中',
  withdrawn: '已撤回',
  taken_down: '已下架',
};
