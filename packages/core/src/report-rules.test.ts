import { describe, expect, it } from 'vitest';
import {
  chinaMonthOf,
  defaultReportPeriod,
  lastYearMonth,
  monthsBetween,
  REPORT_TEXTS,
  reportPeriodProblem,
  yearOnYear,
} from './report-rules';

describe('report periods', () => {
  it('accepts up to 12 months in order and says why not otherwise', () => {
    expect(reportPeriodProblem('2026-01', '2026-12')).toBeNull();
    expect(reportPeriodProblem('2025-12', '2026-12')).toBe(REPORT_TEXTS.tooLong);
    expect(reportPeriodProblem('2026-05', '2026-04')).toBe(REPORT_TEXTS.badRange);
    expect(reportPeriodProblem('2026-13', '2026-12')).toBe(REPORT_TEXTS.badMonth);
    expect(reportPeriodProblem('2026-1', '2026-02')).toBe(REPORT_TEXTS.badMonth);
  });
  it('lists months across a year end and shifts them by a year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(lastYearMonth('2026-01')).toBe('2025-01');
    expect(defaultReportPeriod('2026-11')).toEqual({ start_month: '2026-01', end_month: '2026-11' });
  });
  it('takes the month in China time', () => {
    expect(chinaMonthOf(new Date('2026-03-31T16:30:00Z'))).toBe('2026-04');
    expect(chinaMonthOf(new Date('2026-03-31T15:59:59Z'))).toBe('2026-03');
  });
});

describe('year on year', () => {
  it('is the change in percent with one decimal, rounded half away from zero, exact on decimals', () => {
    expect(yearOnYear('150.00', '100.00')).toBe('50.0');
    expect(yearOnYear('50.00', '100.00')).toBe('-50.0');
    expect(yearOnYear('100.05', '100.00')).toBe('0.1');
    expect(yearOnYear('99.95', '100.00')).toBe('-0.1');
    expect(yearOnYear('1.00', '3.00')).toBe('-66.7');
    expect(yearOnYear('10.00', '0.00')).toBeNull();
  });
});
