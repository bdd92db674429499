import { formatMultiNumbers, parseMultiNumbers, type MultiNumberBrand } from '@shop/core/multi-number';
import { normalizePartNumber } from '@shop/core/part-number';

/** The line the search answers for (the server searches the first non-empty line). */
export function searchedLine(keyword: string): string {
  return (
    keyword
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find(Boolean) ?? ''
  );
}

const CHINESE = /[\u3400-\u9fff]/;

/** A number (no Chinese, some letters or digits) that matched nothing gets the red row. */
export function notFoundNumbers(keyword: string, total: number | undefined): string[] {
  if (total !== 0) return [];
  const line = searchedLine(keyword);
  return line && !CHINESE.test(line) && normalizePartNumber(line).length > 0 ? [line] : [];
}

/**
 * Longest /parts/result address kept as typed. A reload (or the link opened in a new tab) sends
 * the address in the request line, and the server refuses a request head over 16 KB (HTTP 431):
 * 500 spreadsheet rows pasted with their descriptions make an address of 100 KB and more.
 */
export const RESULT_ADDRESS_MAX = 8_000;

/**
 * The multi-number keyword to put in the address instead of `keyword` when its address is too
 * long: the lines as the search reads them ('number=quantity', the multi-number box's own form,
 * which reads back the same), or null when the address may stay (short enough, nothing shorter,
 * or a text the search refuses anyway).
 */
export function compactKeyword(keyword: string, brand: MultiNumberBrand): string | null {
  if (`/parts/result?${new URLSearchParams({ keyword, t: String(Date.now()) })}`.length <= RESULT_ADDRESS_MAX) {
    return null;
  }
  const { lines, error } = parseMultiNumbers(keyword, brand);
  if (error || lines.length === 0) return null;
  const compact = formatMultiNumbers(lines);
  return compact.length < keyword.length ? compact : null;
}
