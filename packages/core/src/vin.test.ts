import { describe, expect, test } from 'vitest';
import { decodeModelYear, isValidVin, vinCheckDigit, vinProblem } from './vin';

describe('VIN check digit', () => {
  // VINs published as valid examples (Wikipedia's, and ones common in VIN-decoder docs).
  test.each([
    ['1M8GDM9AXKP042788', 'X'], // the classic example with check digit X
    ['1HGCM82633A004352', '3'], // Honda Accord
    ['JH4KA7561PC008269', '1'], // Acura Legend
    ['11111111111111111', '1'],
    ['1HGBH41JXMN109186', 'X'], // Honda Civic 1991, the NHTSA / Wikipedia example
    ['5GZCZ43D13S812715', '1'], // Saturn VUE 2003 (vPIC decoder documentation)
    ['3VWFE21C04M000001', '0'], // VW Jetta 2004 built in Mexico (vPIC decoder documentation)
  ])('%s → %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(isValidVin(vin)).toBe(true);
  });

  test('a wrong check digit is not a VIN', () => {
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isValidVin('1HGCM82643A004352')).toBe(false);
  });

  test('European VINs without a check digit (Z filler) are not valid VINs here', () => {
    // Real VINs of cars built for Europe: position 9 is a filler, not the check digit.
    expect(isValidVin('WP0ZZZ99ZTS392124')).toBe(false); // Porsche 911 (993), 1996
    expect(isValidVin('WAUZZZ8K9BA042813')).toBe(false); // Audi A4 (B8), 2011
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

describe('model year (position 10)', () => {
  const now = new Date('2026-03-01T00:00:00Z');

  test('North American VINs use position 7: a digit means 1980–2009', () => {
    expect(decodeModelYear('1M8GDM9AXKP042788', now)).toEqual({ year: 1989, candidates: [1989] });
    expect(decodeModelYear('1HGBH41JXMN109186', now)?.year).toBe(1991);
    expect(decodeModelYear('5GZCZ43D13S812715', now)?.year).toBe(2003);
    expect(decodeModelYear('3VWFE21C04M000001', now)?.year).toBe(2004);
  });

  test('North American VINs with a letter at position 7 are 2010 on', () => {
    // 1M8GDM9AXKP042788 with position 7 made a letter (check digit recomputed): K is then 2019.
    const vin = '1M8GDMAA?KP042788';
    const fixed = vin.replace('?', vinCheckDigit(vin.replace('?', '0'))!);
    expect(decodeModelYear(fixed, now)?.year).toBe(2019);
  });

  test('elsewhere the latest year not after next year wins, and every candidate is given', () => {
    // Acura Legend of 1993: outside North America P would be read as 2023; 1993 stays a candidate.
    expect(decodeModelYear('JH4KA7561PC008269', now)).toEqual({ year: 2023, candidates: [1993, 2023] });
    expect(decodeModelYear('LFV3A2FW0K0000001', now)?.year).toBe(2019);
    // Y is 2000 until 2030 is within reach (next year's models are sold from the summer on).
    expect(decodeModelYear('LFV3A2FW0Y0000001', now)?.year).toBe(2000);
    expect(decodeModelYear('LFV3A2FW0Y0000001', new Date('2029-08-01T00:00:00Z'))?.year).toBe(2030);
    expect(decodeModelYear('LFV3A2FW061000001', now)?.year).toBe(2006);
  });

  test('no year for codes outside the table or malformed VINs', () => {
    expect(decodeModelYear('LFV3A2FW0U0000001', now)).toBeUndefined();
    expect(decodeModelYear('LFV3A2FW000000001', now)).toBeUndefined();
    expect(decodeModelYear('LFV3A2FW0Z0000001', now)).toBeUndefined();
    expect(decodeModelYear('short', now)).toBeUndefined();
  });
});

describe('vinProblem', () => {
  test('says what is wrong, in Chinese', () => {
    expect(vinProblem('1HGBH41JXMN109186')).toBeUndefined();
    expect(vinProblem('1HGBH41JXMN10918')).toContain('17位');
    expect(vinProblem('1HGBH41JXMN1O9186')).toContain('I、O、Q');
    expect(vinProblem('1HGBH41JXMN10918*')).toContain('大写字母和数字');
    expect(vinProblem('1HGBH41J1MN109186')).toContain('应为X');
  });
});
