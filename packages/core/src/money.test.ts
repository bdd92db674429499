import { describe, expect, test } from 'vitest';
import { centsToMoney, groupedMoney, lineAmount, linesAmount, money, toCents } from './money';

describe('money', () => {
  test('keeps two-place text as it is and pads or rounds other decimals without floats', () => {
    expect(money('1973.80')).toBe('1973.80');
    expect(money('12')).toBe('12.00');
    expect(money('12.3')).toBe('12.30');
    expect(money('0.125')).toBe('0.13');
    expect(money('-0.125')).toBe('-0.13');
    expect(money('1.005')).toBe('1.01'); // 1.005.toFixed(2) is '1.00' in binary floats
    expect(money('90071992547409.99')).toBe('90071992547409.99');
    expect(money(88.8)).toBe('88.80');
    expect(money(7n)).toBe('7.00');
  });

  test('nothing, or what is not an amount, is 0.00', () => {
    for (const v of [undefined, null, '', 'abc', '1e3', '1.2.3', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(money(v)).toBe('0.00');
    }
    expect(toCents('abc')).toBeUndefined();
  });

  test('line amounts are exact', () => {
    expect(lineAmount('0.10', 3)).toBe('0.30'); // 0.1 * 3 is 0.30000000000000004 in floats
    expect(lineAmount('1973.80', 500)).toBe('986900.00');
    expect(centsToMoney(-5n)).toBe('-0.05');
    expect(
      linesAmount([
        { price: '0.10', quantity: 1 },
        { price: '0.20', quantity: 1 },
      ]),
    ).toBe('0.30');
    expect(linesAmount([])).toBe('0.00');
  });

  test('groupedMoney: thousands separators on the whole part, two places, sign kept', () => {
    expect(groupedMoney('1234567.8')).toBe('1,234,567.80');
    expect(groupedMoney('999.99')).toBe('999.99');
    expect(groupedMoney('1000')).toBe('1,000.00');
    expect(groupedMoney('-12345.675')).toBe('-12,345.68');
    expect(groupedMoney(null)).toBe('0.00');
  });
});
