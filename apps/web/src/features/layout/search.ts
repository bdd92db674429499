import { isValidVin, looksLikeMistypedVin, vinCorrections } from '@shop/core/vin';

export { VIN_CHECK_DIGIT_WRONG_TEXT } from '@shop/core/vin';

/** The header search flow (spec.md sections 4 and 5, 'Search'). */
export const EMPTY_SEARCH_TEXT = '请先输入搜索关键词';
export const VIN_FOUND_TEXT = '检测到车架号，正在为您跳转到车架号查询…';

export type SearchPlan =
  | { kind: 'empty' }
  | { kind: 'vin'; vin: string }
  /** Looks like a VIN, but its check digit is wrong: the valid readings one character away. */
  | { kind: 'mistyped-vin'; vin: string; corrections: string[]; keyword: string }
  | { kind: 'keyword'; keyword: string };

/** One number per line: lines are trimmed and blank lines collapse. */
export function normaliseKeyword(raw: string): string {
  return raw
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

export function planSearch(raw: string): SearchPlan {
  const keyword = normaliseKeyword(raw);
  if (!keyword) return { kind: 'empty' };
  // One line: a VIN written in groups ('LE4 AA1A1 1KA 123456', 'LE4-AA1A1-...') is still a VIN,
  // as the VIN page and the VIN search read it.
  const candidate = keyword.includes('\n') ? keyword.toUpperCase() : keyword.replace(/[\s-]+/g, '').toUpperCase();
  if (isValidVin(candidate)) return { kind: 'vin', vin: candidate };
  if (looksLikeMistypedVin(candidate)) {
    return { kind: 'mistyped-vin', vin: candidate, corrections: vinCorrections(candidate), keyword };
  }
  return { kind: 'keyword', keyword };
}

export function vinResultPath(vin: string): string {
  return `/parts/vin_result?${new URLSearchParams({ vin })}`;
}

/** t (a timestamp) forces the result page to refresh for the same keyword. */
export function searchResultPath(keyword: string, now: number = Date.now()): string {
  return `/parts/result?${new URLSearchParams({ keyword, t: String(now) })}`;
}
