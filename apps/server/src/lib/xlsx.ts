import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { chinaDay } from './china-time';

/** The spreadsheets the shop writes (exports, the import template): one way to make and send them. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  /** Shown with two decimals. */
  money?: boolean;
}

/** A workbook with one sheet: a bold header row and the columns' widths and formats. */
export function newSheet(
  title: string,
  columns: SheetColumn[],
): { workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet } {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(title);
  sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = { bold: true };
  for (const c of columns) if (c.money) sheet.getColumn(c.key).numFmt = '0.00';
  return { workbook, sheet };
}

/**
 * A one-sheet workbook of `rows` (values by column key) as a file; `total`, when given, is a bold
 * last row. Money columns want numbers (shown with two decimals, so the sheet can sum them).
 */
export async function sheetFile(
  title: string,
  columns: SheetColumn[],
  rows: Iterable<Record<string, unknown>>,
  total?: Record<string, unknown>,
): Promise<Buffer> {
  const { workbook, sheet } = newSheet(title, columns);
  for (const row of rows) sheet.addRow(row);
  if (total) sheet.addRow(total).font = { bold: true };
  return workbookBuffer(workbook);
}

export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** '订单_20261122.xlsx': the file name with today's date in China time. */
export function datedFileName(what: string, now = new Date()): string {
  const day = chinaDay(now).replaceAll('-', '');
  return `${what}_${day}.xlsx`;
}

/** Sends a workbook as a download with its (Chinese) file name. */
export function sendXlsx(reply: FastifyReply, file: Buffer, fileName: string, cacheControl = 'no-store') {
  return reply
    .type(XLSX_TYPE)
    .header('cache-control', cacheControl)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(file);
}
