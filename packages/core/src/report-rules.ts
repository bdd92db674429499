/**
 * The partner report (spec.md sections 6 and 7, docs/report.md): a main account's purchases by
 * China-time month, against the same months one year earlier. Both the server and the web app
 * read these rules.
 */

/** The longest period one report covers (months). */
export const REPORT_MAX_MONTHS = 12;
/** Rows of the part table in the answer (the export has every part). */
export const REPORT_PART_ROWS = 100;

export const REPORT_TEXTS = {
  mainOnly: '合作伙伴报表仅限主账号查看',
  badMonth: '月份格式不正确',
  badRange: '开始月份不能晚于结束月份',
  tooLong: `查询区间最多 ${REPORT_MAX_MONTHS} 个月`,
} as const;

import { toCents } from './money';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' as a month number (year * 12 + month - 1), or null when it is not one. */
export function monthIndex(month: string): number | null {
  const m = MONTH.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 2000 || year > 2999) return null;
  return year * 12 + Number(m[2]) - 1;
}

export function monthOfIndex(index: number): string {
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months from start to end, both included. */
export function monthsBetween(start: string, end: string): string[] {
  const a = monthIndex(start);
  const b = monthIndex(end);
  if (a === null || b === null || a > b) return [];
  return Array.from({ length: b - a + 1 }, (_, i) => monthOfIndex(a + i));
}

/** The same month one year earlier. */
export function lastYearMonth(month: string): string {
  const i = monthIndex(month);
  if (i === null) throw new Error(`not a month: ${month}`);
  return monthOfIndex(i - 12);
}

/** Why a period cannot be reported on (a Chinese message), or null when it can. */
export function reportPeriodProblem(start: string, end: string): string | null {
  const a = monthIndex(start);
  const b = monthIndex(end);
  if (a === null || b === null) return REPORT_TEXTS.badMonth;
  if (a > b) return REPORT_TEXTS.badRange;
  if (b - a + 1 > REPORT_MAX_MONTHS) return REPORT_TEXTS.tooLong;
  return null;
}

/** The China-time month ('2026-11') of a moment. */
export function chinaMonthOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}

/** The default period: January of the current China-time year up to the current month. */
export function defaultReportPeriod(currentMonth: string): { start_month: string; end_month: string } {
  return { start_month: `${currentMonth.slice(0, 4)}-01`, end_month: currentMonth };
}

/** Change against last year in percent with one decimal ('12.5'), or null when last year had nothing. */
export function yearOnYear(current: string, last: string): string | null {
  const a = toCents(current);
  const b = toCents(last);
  if (a === undefined || b === undefined || b === 0n) return null;
  // Tenths of a percent, rounded half away from zero, in integers.
  const scaled = (a - b) * 2000n;
  const tenths = (scaled + (scaled >= 0n ? (b > 0n ? b : -b) : -(b > 0n ? b : -b))) / (2n * b);
  const sign = tenths < 0n ? '-' : '';
  const abs = tenths < 0n ? -tenths : tenths;
  return `${sign}${abs / 10n}.${abs % 10n}`;
}
