import { IMPORT_TEXTS, type ImportKind } from '@shop/core/api/admin-prices';
import type { BrandVariant } from '@shop/core/brand-variants';
import { normalizePartNumber } from '@shop/core/part-number';
import { BusinessError } from '../../lib/errors';
import { cellProblem, withFormulaAdvice } from '../bulk-search/spreadsheet-import';

/**
 * The rows of an ERP import file as the preview stores them: the header names the columns
 * (the template's titles, or a price label's name or key); each row is checked on its own
 * (a number, whole numbers, amounts with at most two decimals, no control characters), and the
 * same part twice is an error on the later row. What the database must tell (is the part
 * known, does a value change) the preview's SQL decides.
 */
export interface ParsedRow {
  rowNo: number;
  number: string;
  numberNorm: string;
  warehouseId: number;
  data: Record<string, string>;
  error: string;
}

type Parse = (text: string) => string | { error: string };

const NUMBER_MAX = 60;
const TEXT_MAX = 200;

const wholeNumber =
  (name: string): Parse =>
  (text) =>
    /^\d{1,8}(\.0+)?$/.test(text.replace(/,/g, ''))
      ? String(Number(text.replace(/,/g, '')))
      : { error: `${name}“${text.slice(0, 20)}”不是有效的整数` };

const amount =
  (name: string): Parse =>
  (text) =>
    /^\d{1,10}(\.\d{1,2})?$/.test(text.replace(/,/g, ''))
      ? Number(text.replace(/,/g, '')).toFixed(2)
      : { error: `${name}“${text.slice(0, 20)}”不是有效的价格` };

const plainText =
  (name: string): Parse =>
  (text) =>
    text.length > TEXT_MAX ? { error: `${name}过长（最多 ${TEXT_MAX} 字）` } : text;

const flag =
  (name: string): Parse =>
  (text) =>
    /^(1|是|y|yes|true)$/i.test(text)
      ? '1'
      : /^(0|否|n|no|false)$/i.test(text)
        ? '0'
        : { error: `${name}“${text.slice(0, 10)}”应为 1/0 或 是/否` };

interface Column {
  field: string;
  titles: RegExp;
  parse: Parse;
}

const NUMBER_TITLES = /^(配件编号|配件编码|商品编号|编号|frey_?no|part_?no)$/i;

function columnsOf(kind: ImportKind, variant: BrandVariant): Column[] {
  switch (kind) {
    case 'stock':
      return [
        { field: 'warehouse', titles: /^(仓库|仓库编号|warehouse)$/i, parse: (t) => t },
        { field: 'available', titles: /^(可用库存|库存|可用|available)$/i, parse: wholeNumber('可用库存') },
        { field: 'in_transit', titles: /^(在途库存|在途|in_?transit)$/i, parse: wholeNumber('在途库存') },
      ];
    case 'prices':
      return variant.priceLabels.map((l) => ({
        field: l.key,
        titles: new RegExp(`^(${l.label}|${l.key})$`, 'i'),
        parse: amount(l.label),
      }));
    case 'parts':
      return [
        { field: 'l_name_zh', titles: /^(名称|配件名称|l_name_zh)$/i, parse: plainText('名称') },
        { field: 'product_name', titles: /^(全称|商品全称|product_name)$/i, parse: plainText('全称') },
        { field: 'oe_number', titles: /^(oe号|oe|oe_number)$/i, parse: plainText('OE号') },
        { field: 'category', titles: /^(分类|分类编号|category)$/i, parse: (t) => t },
        { field: 'make', titles: /^(品牌|车型品牌|make)$/i, parse: (t) => t },
        { field: 'outbox_fcl_quantity', titles: /^(箱装数量|outbox_fcl_quantity)$/i, parse: wholeNumber('箱装数量') },
        { field: 'is_coming_soon', titles: /^(即将上架|is_coming_soon)$/i, parse: flag('即将上架') },
        { field: 'is_delisting', titles: /^(即将下架|is_delisting)$/i, parse: flag('即将下架') },
        { field: 'is_orderable', titles: /^(可订购|is_orderable)$/i, parse: flag('可订购') },
      ];
  }
}

const title = (cell: string) => cell.replace(/[\s（）()]/g, '').toLowerCase();

/** The warehouse of a stock row: 1/广州(仓), 2/北京(仓) where the variant has it; blank is Guangzhou. */
function warehouseOf(text: string, variant: BrandVariant): number | undefined {
  if (text === '' || /^(1|广州|广州仓)$/.test(text)) return 1;
  if (variant.beijingWarehouse && /^(2|北京|北京仓)$/.test(text)) return 2;
  return undefined;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The rows of the file (the first non-empty row is the header) checked for `kind`. Refuses a
 * file without a number column, or without a column of the kind's values.
 */
export function parseImportRows(kind: ImportKind, variant: BrandVariant, rows: string[][]): ParsedRow[] {
  const headerAt = rows.findIndex((r) => r.some(Boolean));
  if (headerAt < 0) throw new BusinessError(IMPORT_TEXTS.empty);
  const header = rows[headerAt]!.map(title);
  const numberAt = header.findIndex((h) => NUMBER_TITLES.test(h));
  if (numberAt < 0) throw new BusinessError(IMPORT_TEXTS.noNumberColumn);
  const columns = columnsOf(kind, variant)
    .map((c) => ({ ...c, at: header.findIndex((h) => c.titles.test(h)) }))
    .filter((c) => c.at >= 0);
  if (!columns.some((c) => c.field !== 'warehouse')) {
    throw new BusinessError(
      `找不到要导入的列，请按模板填写表头（${columnsOf(kind, variant)
        .map((c) => c.titles.source.replace(/^\^\(|\)\$$/g, '').split('|')[0])
        .join('、')}）`,
    );
  }
  // The cells read of a row, named by the file's own titles (for a cell that is no data).
  const read = [{ at: numberAt }, ...columns].map((c) => ({ at: c.at, title: rows[headerAt]![c.at]! }));
  const seen = new Map<string, number>();
  const parsed: ParsedRow[] = [];
  for (let i = headerAt + 1; i < rows.length; i += 1) {
    const cells = rows[i]!;
    if (!cells.some(Boolean)) continue;
    const rowNo = i + 1;
    const number = (cells[numberAt] ?? '').slice(0, NUMBER_MAX + 1);
    const row: ParsedRow = {
      rowNo,
      number,
      numberNorm: normalizePartNumber(number),
      warehouseId: 0,
      data: {},
      error: '',
    };
    parsed.push(row);
    if (cells.some((c) => CONTROL.test(c))) {
      row.number = number.replace(new RegExp(CONTROL.source, 'g'), '');
      row.error = '含有非法字符（如 NUL），请检查该行';
      continue;
    }
    // A formula's error or a formula without its value, in a column read: the row is no data.
    const unreadable = read.map((c) => ({ ...c, problem: cellProblem(cells[c.at] ?? '') })).find((c) => c.problem);
    if (unreadable) {
      if (unreadable.at === numberAt) Object.assign(row, { number: '', numberNorm: '' });
      row.error = withFormulaAdvice([`${unreadable.title}${unreadable.problem}`])[0]!;
      continue;
    }
    if (!row.numberNorm) {
      row.error = '缺少配件编号';
      continue;
    }
    if (number.length > NUMBER_MAX) {
      row.error = '配件编号过长';
      continue;
    }
    for (const c of columns) {
      const text = cells[c.at] ?? '';
      if (c.field === 'warehouse') {
        const w = warehouseOf(text, variant);
        if (w === undefined) row.error = `仓库“${text.slice(0, 10)}”不存在`;
        else row.warehouseId = w;
        continue;
      }
      if (text === '') continue;
      const value = c.parse(text);
      if (typeof value !== 'string') {
        row.error = value.error;
        break;
      }
      row.data[c.field] = value;
    }
    if (row.error) continue;
    if (kind === 'stock' && row.warehouseId === 0) row.warehouseId = 1;
    if (Object.keys(row.data).length === 0) {
      row.error = '该行没有要导入的内容';
      continue;
    }
    if (row.data.oe_number !== undefined) row.data.oe_number_norm = normalizePartNumber(row.data.oe_number);
    const key = `${row.numberNorm}:${row.warehouseId}`;
    const first = seen.get(key);
    if (first !== undefined) row.error = `与第 ${first} 行重复`;
    else seen.set(key, rowNo);
  }
  if (parsed.length === 0) throw new BusinessError(IMPORT_TEXTS.empty);
  return parsed;
}
