import { IMPORT_TEXTS } from '@shop/core/api/admin-prices';
import { BusinessError } from '../../lib/errors';
import {
  checkXlsxDirectory,
  IMPORT_TEXTS as SHEET_TEXTS,
  readWorkbook,
  refuseEncrypted,
} from '../bulk-search/spreadsheet-import';

/**
 * Reads an ERP import file into rows of cell texts (the first row with text is the header). The
 * content decides how, not the name (the upload's check sniffed it: a zip is an .xlsx, text a
 * .csv), so a workbook saved as .csv or a list saved as .xlsx is read as what it is.
 * An .xlsx goes through the dealer import's safe reading (bulk-search/spreadsheet-import.ts: the
 * zip directory checked before anything is inflated, parsing in a worker thread with a time and
 * memory limit) with the back office's larger limits; a .csv (UTF-8, or GB18030 as Excel saves
 * it in China) is split here, a quoted cell may hold commas, quotes and line breaks.
 */

/** Rows an .xlsx may have (a bigger list comes as .csv). */
export const XLSX_ROWS_MAX = 100_000;
/** Rows a .csv may have. */
export const CSV_ROWS_MAX = 1_200_000;
const COLUMNS_MAX = 30;
const XLSX_TIME_LIMIT_MS = 60_000;

/** The back office's imports take their turns in the spreadsheet queue under this key. */
const BACK_OFFICE_QUEUE_KEY = -1;

/**
 * How an uploaded file is read, from the type its content was sniffed as. The upload kind lets an
 * OLE compound file through ('xls') only for this to say why it is refused: a password-protected
 * .xlsx (Excel saves it as one) as the dealers' imports say it, an .xls as not an .xlsx or .csv.
 */
export function importFileType(sniffed: string, bytes: Buffer): 'xlsx' | 'csv' {
  if (sniffed === 'xlsx' || sniffed === 'csv') return sniffed;
  refuseEncrypted(bytes);
  throw new BusinessError(IMPORT_TEXTS.badType);
}

export async function readImportFile(type: 'xlsx' | 'csv', bytes: Buffer): Promise<string[][]> {
  if (type === 'csv') return readCsv(bytes);
  // The zip's directory before inflating anything (the file's size the upload kind bounded).
  checkXlsxDirectory(bytes);
  const answer = await readWorkbook(bytes, BACK_OFFICE_QUEUE_KEY, XLSX_TIME_LIMIT_MS, {
    rowsMax: XLSX_ROWS_MAX,
    columnsMax: COLUMNS_MAX,
    cellsMax: XLSX_ROWS_MAX * COLUMNS_MAX,
    memoryMb: 1024,
  });
  if (answer.kind === 'password') throw new BusinessError(SHEET_TEXTS.password);
  if (answer.kind === 'too_many_cells') throw new BusinessError(IMPORT_TEXTS.tooManyRows);
  if (answer.kind !== 'ok') throw new BusinessError(IMPORT_TEXTS.badType);
  if (answer.merged) throw new BusinessError(SHEET_TEXTS.merged);
  if (answer.truncated) throw new BusinessError(IMPORT_TEXTS.tooManyRows);
  return answer.rows;
}

/** The text of a .csv: UTF-8 (a BOM dropped) or, when it is not valid UTF-8, GB18030. */
function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * Splits a .csv into rows of trimmed cells (a quoted cell's "" is a quote). A quote never closed
 * would take every row after it into one cell: the file is refused, naming the row.
 */
export function readCsv(bytes: Buffer): string[][] {
  const text = csvText(bytes);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let quotedAt = 0;
  let i = 0;
  const n = text.length;
  const endCell = () => {
    row.push(cell.trim());
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (row.length > COLUMNS_MAX) row.length = COLUMNS_MAX;
    rows.push(row);
    row = [];
    if (rows.length > CSV_ROWS_MAX) throw new BusinessError(IMPORT_TEXTS.tooManyRows);
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 34 /* " */) {
        if (text.charCodeAt(i + 1) === 34) {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      const next = text.indexOf('"', i);
      const end = next < 0 ? n : next;
      cell += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === 34 && cell.trim() === '') {
      quoted = true;
      quotedAt = rows.length + 1;
      cell = '';
      i += 1;
    } else if (c === 44 /* , */) {
      endCell();
      i += 1;
    } else if (c === 10 || c === 13) {
      endRow();
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
    } else {
      // Plain text up to the next comma, quote or line break, in one slice.
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 44 || d === 10 || d === 13 || d === 34) break;
        j += 1;
      }
      cell += text.slice(i, j);
      i = j;
    }
  }
  if (quoted) throw new BusinessError(`第 ${quotedAt} 行的引号没有闭合，请检查文件后重新上传`);
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}
