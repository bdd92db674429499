import { describe, expect, test } from 'vitest';
import { isValidVin, vinCheckDigit } from './vin';

describe('VIN check digit', () => {
  // VINs published as valid examples (Wikipedia's, and ones common in VIN-decoder docs).
  test.each([
    ['1M8GDM9AXKP042788', 'X'], // the classic example with check digit X
    ['1HGCM82633A004352', '3'], // Honda Accord
    ['JH4KA7561PC008269', '1'], // Acura Legend
    ['11111111111111111', '1'],
  ])('%s → %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(isValidVin(vin)).toBe(true);
  });

  test('a wrong check digit is not a VIN', () => {
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isValidVin('1HGCM82643A004352')).toBe(false);
  });

  test('I, O and Q are never allowed', () => {
    expect(vinCheckDigit('1M8GDM9AXKP04278O')).toBeUndefined();
    expect(vinCheckDigit('IM8GDM9AXKP042788')).toBeUndefined();
    expect(vinCheckDigit('1M8GDM9AXKQ042788')).toBeUndefined();
  });

  test('length must be exactly 17 and upper case', () => {
    expect(isValidVin('1M8GDM9AXKP04278')).toBe(false);
    expect(isValidVin('1M8GDM9AXKP0427888')).toBe(false);
    expect(isValidVin('1m8gdm9axkp042788')).toBe(false);
    expect(isValidVin('')).toBe(false);
  });

  test('part numbers are not VINs', () => {
    expect(isValidVin('A0004200420')).toBe(false);
    expect(isValidVin('34116858652')).toBe(false);
  });
});
