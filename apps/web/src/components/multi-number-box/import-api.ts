import { rewriteApiPath } from '@shop/core/brand-variants';
import { CONSTANTS } from '@shop/core/constants';
import {
  SPREADSHEET_BAD_TYPE_TEXT,
  SPREADSHEET_EXTENSIONS,
  SPREADSHEET_FIELD,
  SPREADSHEET_TEMPLATE_PATH,
  SPREADSHEET_TOO_LARGE_TEXT,
} from '@shop/core/api/bulk-search';
import { apiUpload } from '../../lib/api-client';
import { variant } from '../../lib/brand';

/** POST /api/Shop.Accessories/fromxls: the spreadsheet as multipart 'file' → the text of numbers and a summary. */
export async function importSpreadsheet(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ text: string; msg: string }> {
  const form = new FormData();
  form.append(SPREADSHEET_FIELD, file, file.name);
  let msg = '';
  const text = await apiUpload<string>('/api/Shop.Accessories/fromxls', form, {
    onProgress,
    onMessage: (m) => (msg = m),
    signal,
  });
  return { text, msg };
}

/** The template's address (a plain download link). */
export const templateUrl = (): string => rewriteApiPath(variant, SPREADSHEET_TEMPLATE_PATH);

/** The client-side checks before uploading (the server checks again): extension and 10M. */
export function checkSpreadsheetFile(file: Pick<File, 'name' | 'size'>): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(SPREADSHEET_EXTENSIONS as readonly string[]).includes(ext)) return SPREADSHEET_BAD_TYPE_TEXT;
  if (file.size > CONSTANTS.spreadsheetMaxBytes) return SPREADSHEET_TOO_LARGE_TEXT;
  return null;
}
