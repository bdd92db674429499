import { Worker } from 'node:worker_threads';
import { getBrandVariant, type BrandKey } from '@shop/core/brand-variants';
import { CONSTANTS } from '@shop/core/constants';
import {
  formatMultiNumbers,
  MULTI_NUMBER_LENGTH_MAX,
  MULTI_NUMBER_MAX,
  MULTI_NUMBER_QUANTITY_MAX,
  parseMultiNumberLine,
  type MultiNumberLine,
} from '@shop/core/multi-number';
import { SPREADSHEET_BAD_TYPE_TEXT, SPREADSHEET_TOO_LARGE_TEXT } from '@shop/core/api/bulk-search';
import { BusinessError } from '../../lib/errors';
import { FairQueue } from '../../lib/fair-queue';
import { SPREADSHEET_TEXTS } from '../../uploads/kinds';
import { readZipDirectory } from './zip-directory';

/**
 * The spreadsheet import (POST /api/Shop.Accessories/fromxls): an .xls or .xlsx of part numbers
 * (and quantities) becomes the text of the multi-number box, one 'number=quantity' per line.
 *
 * Before anything is parsed: the size (10M, spec.md section 9), the extension and the first
 * bytes (an .xls is an OLE compound file, an .xlsx a zip; an encrypted .xlsx is an OLE file with
 * an EncryptionInfo stream), and for an .xlsx the zip's central directory (entries and declared
 * uncompressed size, so a zip bomb is refused without inflating it). Parsing then runs in a worker
 * thread with a time and memory limit, reading at most ROWS_MAX rows and CELLS_MAX cells.
 *
 * The sheet: the first sheet with data. A header row is recognised by its titles ('配件编号',
 * 'OE号', '数量', ...) in the first few rows (a title may stand above it); a title naming a part
 * number wins over a sequence or order number. Without a header, the first non-empty column is the
 * number and the first column of quantities to its right the quantity. Rows that cannot be read
 * are skipped and reported; the same number twice is merged (quantities added). A cell is read as
 * the dealer sees it (a number formatted with leading zeros keeps them).
 */
export const SPREADSHEET_MAX_BYTES = CONSTANTS.spreadsheetMaxBytes;
export const XLSX_UNCOMPRESSED_MAX = 64 * 1024 * 1024;
export const XLSX_ENTRIES_MAX = 2_000;
export const ROWS_MAX = 5_000;
export const COLUMNS_MAX = 20;
export const CELLS_MAX = ROWS_MAX * COLUMNS_MAX;
export const PARSE_TIME_LIMIT_MS = 10_000;
/**
 * Characters kept of a cell, more than any column the dealer imports needs (a part number, a
 * name): every cell is copied from the worker, and a sheet of cells repeating one long text
 * would otherwise unpack into gigabytes there.
 */
export const CELL_TEXT_MAX = 200;
const WORKER_MEMORY_MB = 256;
/** Imports parsed at the same time (each one a worker thread); more wait their turn. */
const CONCURRENT_IMPORTS = 2;
/** Imports one company may have waiting; past it that company is told to try again later. */
const WAITING_IMPORTS_PER_COMPANY = 4;
/** Imports waiting in all (each holds its file, up to 10M, in memory). */
const WAITING_IMPORTS_MAX = 16;
/** Unreadable rows listed by number in the message. */
const REPORTED_ROWS_MAX = 10;

export const IMPORT_TEXTS = {
  noFile: SPREADSHEET_TEXTS.noFile,
  tooLarge: SPREADSHEET_TOO_LARGE_TEXT,
  badType: SPREADSHEET_BAD_TYPE_TEXT,
  notSpreadsheet: SPREADSHEET_TEXTS.badType,
  password: '表格已设置密码保护，请取消密码后再导入',
  tooBig: '表格解压后内容过大，请拆分后再导入',
  tooManyCells: `表格内容过多（最多 ${ROWS_MAX} 行、${COLUMNS_MAX} 列），请拆分后再导入`,
  timeout: '表格解析超时，请检查文件或拆分后再导入',
  empty: '表格中没有数据，请按模板填写配件编号后再导入',
  merged: '表格中有合并单元格，请取消合并后再导入',
  columns: '无法识别编号列：请按模板在第一列填写配件编号、第二列填写数量',
  busy: '导入的人较多，请稍后再试',
  /** A row's cell holding a formula saved without its value (UNCALCULATED_FORMULA). */
  uncalculated: '含未计算的公式',
  /** Told once, after the first row with a formula without its value (withFormulaAdvice). */
  recalculate: '请用 Excel 打开表格并保存后再导入',
} as const;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * A cell showing a formula's error ('#N/A', '#DIV/0!'; the worker gives it as shown): not data,
 * its row is reported, never read as a number ('#N/A' would be part number 'NA').
 */
const FORMULA_ERROR =
  /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!)$/;

function isFormulaError(text: string): boolean {
  return FORMULA_ERROR.test(text);
}

/**
 * What the worker gives for a formula saved without its value: an .xlsx written by a program that
 * does not calculate (Excel calculates on opening and shows a value, the file holds none). Not
 * data: its row is reported (cellProblem), never read as empty. Shaped as an error is shown, so
 * it is no part number or quantity either; the worker takes it from here (workerData).
 */
export const UNCALCULATED_FORMULA = '#UNCALCULATED!';

/**
 * Why a cell read from a sheet is no data, for its row's report ('' when it is data): a formula's
 * error as shown ('#N/A'), or a formula without its value. Every import asks this of the cells it
 * reads, so neither is taken as a number, a name or an empty cell.
 */
export function cellProblem(text: string): string {
  if (text === UNCALCULATED_FORMULA) return IMPORT_TEXTS.uncalculated;
  return isFormulaError(text) ? `有公式错误“${text}”` : '';
}

/**
 * The rows' problems with the way to fix a formula without its value told once, after the first
 * row that has one (a sheet written by such a program usually has a whole column of them).
 */
export function withFormulaAdvice(problems: string[]): string[] {
  const at = problems.findIndex((p) => p.includes(IMPORT_TEXTS.uncalculated));
  if (at < 0) return problems;
  return problems.map((p, i) => (i === at ? `${p}（${IMPORT_TEXTS.recalculate}）` : p));
}

export type SpreadsheetKind = 'xls' | 'xlsx';

export function extensionOf(filename: string): SpreadsheetKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return ext === 'xls' || ext === 'xlsx' ? ext : null;
}

/** True when an OLE compound file holds the streams of an encrypted Office document. */
function isEncryptedOle(bytes: Buffer): boolean {
  // Directory entry names are UTF-16LE; the encrypted OOXML container has these two streams.
  return (
    bytes.includes(Buffer.from('EncryptionInfo', 'utf16le')) &&
    bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'))
  );
}

/**
 * Refuses a password-protected workbook: Excel saves an encrypted .xlsx as an OLE compound file
 * (as an .xls is) holding the encrypted package, which no import can read. Every import that may
 * be given one asks this before anything else is said of the file.
 */
export function refuseEncrypted(bytes: Buffer): void {
  if (bytes.subarray(0, 8).equals(OLE_MAGIC) && isEncryptedOle(bytes)) {
    throw new BusinessError(IMPORT_TEXTS.password);
  }
}

/** The checks that need no parsing: size, extension, first bytes, the zip directory. */
export function checkSpreadsheet(filename: string, bytes: Buffer): SpreadsheetKind {
  if (bytes.length > SPREADSHEET_MAX_BYTES) throw new BusinessError(IMPORT_TEXTS.tooLarge);
  const kind = extensionOf(filename);
  if (!kind) throw new BusinessError(IMPORT_TEXTS.badType);
  if (bytes.length === 0) throw new BusinessError(IMPORT_TEXTS.notSpreadsheet);
  refuseEncrypted(bytes);
  const ole = bytes.subarray(0, 8).equals(OLE_MAGIC);
  const zip = bytes.subarray(0, 4).equals(ZIP_MAGIC);
  // The content decides, not the name: an .xls saved as .xlsx (or the reverse) is read as what it is.
  if (!ole && !zip) throw new BusinessError(IMPORT_TEXTS.notSpreadsheet);
  if (zip) {
    checkXlsxDirectory(bytes);
    return 'xlsx';
  }
  return 'xls';
}

/**
 * An .xlsx's zip directory, read before anything is inflated: a workbook's parts (xl/), and not
 * more entries or unpacked bytes than a workbook may have (a zip bomb).
 */
export function checkXlsxDirectory(bytes: Buffer): void {
  const directory = readZipDirectory(bytes);
  if (!directory || !directory.names.some((n) => n.startsWith('xl/'))) {
    throw new BusinessError(IMPORT_TEXTS.notSpreadsheet);
  }
  if (directory.entries > XLSX_ENTRIES_MAX || directory.uncompressed > XLSX_UNCOMPRESSED_MAX) {
    throw new BusinessError(IMPORT_TEXTS.tooBig);
  }
}

export type WorkerAnswer =
  | { kind: 'ok'; sheet: string; firstRow: number; rows: string[][]; merged: boolean; truncated: boolean }
  | { kind: 'password' | 'unreadable' | 'too_many_cells'; detail?: string };

/**
 * The parsing turns, shared fairly between companies (lib/fair-queue.ts): a company sending many
 * imports waits behind its own, and only it is refused when it has too many waiting.
 */
export const importQueue = new FairQueue<number>({
  concurrency: CONCURRENT_IMPORTS,
  maxWaitingPerKey: WAITING_IMPORTS_PER_COMPANY,
  maxWaiting: WAITING_IMPORTS_MAX,
});

const WORKER_URL = new URL('./spreadsheet-worker.mjs', import.meta.url);

/**
 * Parses the workbook in a worker thread, killed after PARSE_TIME_LIMIT_MS or on running out of
 * memory, when the company's turn in the import queue comes.
 */
export interface WorkbookLimits {
  rowsMax: number;
  columnsMax: number;
  cellsMax: number;
  memoryMb: number;
  /** Characters kept of each cell (the rest is cut in the worker); none: all. */
  cellTextMax?: number;
}

const DEALER_LIMITS: WorkbookLimits = {
  rowsMax: ROWS_MAX,
  columnsMax: COLUMNS_MAX,
  cellsMax: CELLS_MAX,
  memoryMb: WORKER_MEMORY_MB,
  cellTextMax: CELL_TEXT_MAX,
};

/**
 * `queueKey`: whose turn it is (a company; the back office's imports take negative keys);
 * `limits`: rows, columns and cells read and the worker's memory (the dealer import's by default).
 */
export async function readWorkbook(
  bytes: Buffer,
  queueKey: number,
  timeLimitMs = PARSE_TIME_LIMIT_MS,
  limits: WorkbookLimits = DEALER_LIMITS,
): Promise<WorkerAnswer> {
  const turn = importQueue.tryAcquire(queueKey);
  if (!turn) throw new BusinessError(IMPORT_TEXTS.busy);
  const release = await turn;
  try {
    return await new Promise<WorkerAnswer>((resolve, reject) => {
      const worker = new Worker(WORKER_URL, {
        workerData: {
          bytes,
          rowsMax: limits.rowsMax,
          cellsMax: limits.cellsMax,
          columnsMax: limits.columnsMax,
          cellTextMax: limits.cellTextMax,
          uncalculated: UNCALCULATED_FORMULA,
        },
        resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
        stdout: true,
        stderr: true,
      });
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(() => finish(() => reject(new BusinessError(IMPORT_TEXTS.timeout))), timeLimitMs);
      worker.once('message', (answer: WorkerAnswer) => finish(() => resolve(answer)));
      worker.once('error', (err: Error & { code?: string }) =>
        finish(() =>
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? reject(new BusinessError(IMPORT_TEXTS.tooBig))
            : resolve({ kind: 'unreadable', detail: err.message }),
        ),
      );
      worker.once('exit', () => finish(() => resolve({ kind: 'unreadable', detail: 'worker exited' })));
    });
  } finally {
    release();
  }
}

/**
 * Titles of a number column, best first: one that names a part number ('配件编号', 'OE号',
 * 'Part No.'), then a generic one ('编号', 'Number'), last a bare 'No.' (mostly a row's sequence
 * number, sometimes the part's). A sequence or order number ('序号', '订单编号', 'Order No.') is
 * never the part number, nor a name ('配件名称', 'Part Name').
 */
const NUMBER_HEADERS = [
  /配件编[号码]|零件编[号码]|配件号|零件号|件号|图号|原厂[编号]|料号|编码|\boem?\b|part[\s_.-]*(?:number|no\b|#|code)|\bp\/?n\b/i,
  /编号|号码|part|number/i,
  /^no\.?$/i,
];
const NOT_NUMBER_HEADER = /序号|订单|单号|order|seq|行号|名称|name|描述|description/i;
const QUANTITY_HEADER = /数量|件数|数目|qty|quantity|amount/i;
/** Rows looked at for the header: a title ('某某汽配询价单') or a blank line may stand above it. */
const HEADER_ROWS_MAX = 5;

interface Columns {
  number: number;
  quantity: number | null;
  /** Index (in rows) of the first data row. */
  start: number;
}

/**
 * A whole number as a quantity cell shows it: '2', '2.0', '1,200' (format '#,##0'), also typed
 * full-width on a Chinese keyboard ('２', folded as the multi-number box folds it).
 */
function isQuantityText(text: string): boolean {
  return /^(\d+|\d{1,3}(,\d{3})+)(\.0+)?$/.test(text.normalize('NFKC'));
}

function quantityValue(text: string): number {
  return Number(text.normalize('NFKC').replace(/,/g, ''));
}

/** A whole number that can be a quantity; a long one (34116858652) is a number, not a quantity. */
function isLikelyQuantity(text: string): boolean {
  if (!isQuantityText(text)) return false;
  const value = quantityValue(text);
  return value >= 1 && value <= MULTI_NUMBER_QUANTITY_MAX;
}

/** How well a header cell names the number column: 0 not at all, higher is better. */
function numberTitleRank(title: string): number {
  // A cell with digits is data, not a title.
  if (!title || /\d/.test(title) || NOT_NUMBER_HEADER.test(title) || QUANTITY_HEADER.test(title)) return 0;
  const at = NUMBER_HEADERS.findIndex((re) => re.test(title));
  return at < 0 ? 0 : NUMBER_HEADERS.length - at;
}

/** The header among the first rows: the first one with a number title, above any row of data. */
function findHeader(rows: string[][]): Columns | null {
  let seen = 0;
  for (let i = 0; i < rows.length && seen < HEADER_ROWS_MAX; i += 1) {
    const row = rows[i]!;
    if (!row.some(Boolean)) continue;
    seen += 1;
    const ranks = row.map(numberTitleRank);
    const best = Math.max(...ranks);
    // Below the first row, one with a quantity (or an all-digit part number) in it is data, and the
    // header is not below data: a remark 'OEM' in a header-less sheet does not make a header.
    if (seen > 1 && row.some(isLikelyQuantity)) return null;
    if (best === 0) continue;
    const quantityAt = row.findIndex((t) => t && QUANTITY_HEADER.test(t));
    return { number: ranks.indexOf(best), quantity: quantityAt >= 0 ? quantityAt : null, start: i + 1 };
  }
  return null;
}

/**
 * Without a header: the first column right of the numbers where most filled cells are quantities.
 * The cells that are not are then reported row by row, as under a header, instead of the whole
 * column being dropped. The next column may be mostly blank (a blank quantity is 1); a column
 * further right must hold quantities in most rows, else it may be a remark with a number in it.
 */
function findQuantityColumn(data: string[][], numberCol: number): number | null {
  const width = Math.max(...data.map((r) => r.length));
  for (let c = numberCol + 1; c < width; c += 1) {
    const values = data.map((r) => r[c] ?? '').filter(Boolean);
    const quantities = values.filter(isLikelyQuantity).length;
    const basis = c === numberCol + 1 ? values.length : data.length;
    if (quantities > 0 && quantities * 2 > basis) return c;
  }
  return null;
}

/** The number and quantity columns, from a header row or from the data. */
export function findColumns(rows: string[][]): Columns | null {
  const first = rows.findIndex((r) => r.some(Boolean));
  if (first < 0) return null;
  const header = findHeader(rows);
  if (header) return header;
  // A header of other titles only ('名称', '品牌'): the number column is not there.
  const top = rows[first]!;
  const looksLikeHeader = top.some((t) => t && /\p{Script=Han}/u.test(t) && !/\d/.test(t));
  if (looksLikeHeader && !top.some((t) => /\d/.test(t))) return null;
  const data = rows.slice(first).filter((r) => r.some(Boolean));
  const numberCol = Math.min(...data.map((r) => r.findIndex(Boolean)).filter((i) => i >= 0));
  // The number column must hold numbers: letters and digits, not only Chinese text.
  const withDigits = data.filter((r) => /\d/.test(r[numberCol] ?? '')).length;
  if (withDigits * 2 < data.length) return null;
  return { number: numberCol, quantity: findQuantityColumn(data, numberCol), start: first };
}

export interface ImportResult {
  text: string;
  count: number;
  msg: string;
}

/** The worker's rows as the text of numbers, with the unreadable rows reported. */
export function rowsToNumbers(rows: string[][], firstRow: number, brand: BrandKey, truncated: boolean): ImportResult {
  if (!rows.some((r) => r.some(Boolean))) throw new BusinessError(IMPORT_TEXTS.empty);
  const columns = findColumns(rows);
  if (!columns) throw new BusinessError(IMPORT_TEXTS.columns);
  const variant = getBrandVariant(brand);
  const problems: string[] = [];
  const merged = new Map<string, MultiNumberLine & { quantity: number }>();
  for (let i = columns.start; i < rows.length; i += 1) {
    const row = rows[i]!;
    if (!row.some(Boolean)) continue;
    const excelRow = firstRow + i;
    const numberText = row[columns.number] ?? '';
    const quantityText = columns.quantity === null ? '' : (row[columns.quantity] ?? '');
    const unreadable = [
      ['编号', cellProblem(numberText)],
      ['数量', cellProblem(quantityText)],
    ].find(([, problem]) => problem);
    if (unreadable) {
      problems.push(`第 ${excelRow} 行${unreadable.join('')}`);
      continue;
    }
    const parsed = numberText ? parseMultiNumberLine(numberText, variant, excelRow) : null;
    if (!parsed || !parsed.norm) {
      problems.push(`第 ${excelRow} 行${numberText ? `编号“${numberText.slice(0, 20)}”无法识别` : '缺少编号'}`);
      continue;
    }
    if (parsed.number.length > MULTI_NUMBER_LENGTH_MAX) {
      problems.push(`第 ${excelRow} 行编号过长`);
      continue;
    }
    let quantity = parsed.quantity ?? 1;
    if (quantityText) {
      const value = quantityValue(quantityText);
      if (!isQuantityText(quantityText) || value < 1 || value > MULTI_NUMBER_QUANTITY_MAX) {
        problems.push(`第 ${excelRow} 行数量“${quantityText.slice(0, 10)}”无法识别`);
        continue;
      }
      quantity = value;
    }
    const seen = merged.get(parsed.norm);
    if (seen) seen.quantity = Math.min(MULTI_NUMBER_QUANTITY_MAX, seen.quantity + quantity);
    else merged.set(parsed.norm, { ...parsed, quantity });
  }
  const lines = [...merged.values()];
  const listed = withFormulaAdvice(problems.slice(0, REPORTED_ROWS_MAX)).join('、');
  const more = problems.length > REPORTED_ROWS_MAX ? ` 等 ${problems.length} 行` : '';
  if (lines.length === 0) {
    throw new BusinessError(problems.length > 0 ? `没有可导入的编号：${listed}${more}` : IMPORT_TEXTS.empty);
  }
  const parts = [`导入成功，共 ${lines.length} 个编号`];
  if (problems.length > 0) parts.push(`以下行无法读取，已跳过：${listed}${more}`);
  if (truncated) parts.push(`只读取了前 ${ROWS_MAX} 行`);
  if (lines.length > MULTI_NUMBER_MAX) parts.push(`一次最多查询 ${MULTI_NUMBER_MAX} 个编号，请分批查询`);
  return { text: formatMultiNumbers(lines), count: lines.length, msg: parts.join('；') };
}

/** The whole import of one uploaded file, for a company. */
export async function importSpreadsheet(
  filename: string,
  bytes: Buffer,
  brand: BrandKey,
  companyId: number,
): Promise<ImportResult> {
  checkSpreadsheet(filename, bytes);
  const answer = await readWorkbook(bytes, companyId);
  if (answer.kind === 'password') throw new BusinessError(IMPORT_TEXTS.password);
  if (answer.kind === 'too_many_cells') throw new BusinessError(IMPORT_TEXTS.tooManyCells);
  if (answer.kind !== 'ok') throw new BusinessError(IMPORT_TEXTS.notSpreadsheet);
  if (answer.merged) throw new BusinessError(IMPORT_TEXTS.merged);
  return rowsToNumbers(answer.rows, answer.firstRow, brand, answer.truncated);
}
