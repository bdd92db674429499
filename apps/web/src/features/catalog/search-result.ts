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
