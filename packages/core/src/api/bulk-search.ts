import { z } from 'zod';
import { CONSTANTS } from '../constants';
import { MULTI_NUMBER_EMPTY_TEXT } from '../multi-number';
import { MatchKind, ProductRow } from './parts';

/**
 * The multi-number search and the spreadsheet import (spec.md sections 2, 5, 7 and 9).
 *
 * POST /api/Shop.Accessory/batchSearch { keyword, warehouse }: `keyword` is the box's text, one
 * number per line with an optional '=quantity' (multi-number.ts rules). The answer has one group
 * per searched line, in input order, with the line's quantity (1 when none was given).
 * The header search box sends a multi-line keyword to /parts/result, which asks this call.
 *
 * POST /api/Shop.Accessories/fromxls (multipart, field 'file', .xls or .xlsx up to 10M):
 * data is the text of numbers, one 'number=quantity' per line.
 */

/**
 * Characters a pasted line may take: cells copied from a spreadsheet bring a description or a
 * note after the number ('A0004200420<tab>前刹车片 宝马5系…'), often 100 characters and more.
 */
export const BATCH_SEARCH_LINE_CHARS = 200;
/**
 * Longest text accepted: 500 such lines and their line breaks ('\r\n'), about 100,000 characters.
 * Even all Chinese (3 bytes each in the JSON body) that stays well under the 1 MB body limit.
 */
export const BATCH_SEARCH_TEXT_MAX = CONSTANTS.multiNumberMax * (BATCH_SEARCH_LINE_CHARS + 2);
export const BATCH_SEARCH_TOO_LONG_TEXT = '输入内容过长，请分批查询';
/** Parts shown for one line at most (a number shared by more parts is rare). */
export const BATCH_SEARCH_PARTS_PER_LINE = 20;

/**
 * The keyword is kept as sent, not trimmed: the groups' line numbers count its lines, leading
 * blank ones too, and a leading tab is an empty spreadsheet cell (multi-number.ts). Its length
 * (BATCH_SEARCH_TEXT_MAX) is checked by the search, so that a long text is refused in the same
 * way as too many numbers ({ status: 201, msg }) rather than as an invalid request (HTTP 400).
 */
export const BatchSearchRequest = z.object({
  keyword: z
    .string({ error: MULTI_NUMBER_EMPTY_TEXT })
    .refine((keyword) => keyword.trim().length > 0, MULTI_NUMBER_EMPTY_TEXT),
  warehouse: z.coerce.number().int().min(1).max(2).default(1),
});
export type BatchSearchRequest = z.infer<typeof BatchSearchRequest>;

/**
 * How a line was answered:
 * - found: one part, by its own code or OE number;
 * - cross: one part, through a replacement, old or common number (matched_number, match_kind);
 * - ambiguous: several parts carry the number (all of them, best match first);
 * - not_found: nothing (the red 'product not found' row with the searched number).
 */
export const BatchLineStatus = z.enum(['found', 'cross', 'ambiguous', 'not_found']);
export type BatchLineStatus = z.infer<typeof BatchLineStatus>;

export const BatchSearchGroup = z.object({
  /** 1-based line of the input. */
  line: z.number().int(),
  /** The line as typed. */
  raw: z.string(),
  /** The number searched (after the normalisation rules). */
  number: z.string(),
  /** The line's quantity, 1 when none was given. */
  quantity: z.number().int(),
  /** A quantity typed that could not be read ('0', '2.5', 'abc'), so the line counts 1. */
  bad_quantity: z.string().optional(),
  status: BatchLineStatus,
  /**
   * How many parts the number finds in all; `list` holds at most BATCH_SEARCH_PARTS_PER_LINE of
   * them, so a larger total tells the line shows only the first ones. (Optional for answers made
   * before it existed.)
   */
  total: z.number().int().optional(),
  /** For 'cross' (and the best match of 'ambiguous'): the stored number it matched, as shown. */
  matched_number: z.string(),
  match_kind: MatchKind.optional(),
  /** Parts found, best match first (each row's search_no is the number searched). */
  list: z.array(ProductRow),
});
export type BatchSearchGroup = z.infer<typeof BatchSearchGroup>;

export const BatchSearchResult = z.object({
  groups: z.array(BatchSearchGroup),
  /** Lines with at least one part. */
  found: z.number().int(),
  not_found: z.number().int(),
});
export type BatchSearchResult = z.infer<typeof BatchSearchResult>;

/** The import's form field. */
export const SPREADSHEET_FIELD = 'file';
export const SPREADSHEET_EXTENSIONS = ['xls', 'xlsx'] as const;
export const SPREADSHEET_TOO_LARGE_TEXT = '文件大小不能超过 10M';
export const SPREADSHEET_BAD_TYPE_TEXT = '只能导入 .xls 或 .xlsx 格式的表格文件';
export const SPREADSHEET_IMPORT_OK_TEXT = '导入成功';
export const SPREADSHEET_IMPORT_FAILED_TEXT = '导入失败';
/** Where the template is downloaded (GET; also POST as spec.md's 'static template path'). */
export const SPREADSHEET_TEMPLATE_PATH = '/api/Shop.Accessories/template';
export const SPREADSHEET_TEMPLATE_NAME = '多编号导入模板.xlsx';

/** data of fromxls: the text of numbers. */
export const SpreadsheetImportResult = z.string();
