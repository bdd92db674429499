import { describe, expect, test } from 'vitest';
import { chooseVin, longestTextLine, vinCandidates } from '../src/modules/vin/ocr-candidates';

describe('VIN candidates in OCR text', () => {
  test('O, Q and I are read as 0, 0 and 1; groups are joined; the check digit decides', () => {
    expect(vinCandidates('VIN\n1HGBH4IJXMN1O9186\n')).toEqual([{ vin: '1HGBH41JXMN109186', aligned: true }]);
    expect(vinCandidates('LBV GB1A17 JA204518')).toEqual([{ vin: 'LBVGB1A17JA204518', aligned: true }]);
    // One misread character: the check digit no longer fits, so nothing is offered.
    expect(vinCandidates('1HGBH41JXMN109187')).toEqual([]);
  });

  test('a VIN run into its label is cut out only with a known maker or region', () => {
    expect(vinCandidates('VIN:LE4AD1A16KA100231')).toEqual([{ vin: 'LE4AD1A16KA100231', aligned: true }]);
    expect(vinCandidates('VINLE4AD1A16KA100231')).toEqual([{ vin: 'LE4AD1A16KA100231', aligned: false }]);
    // A chance window with a valid check digit but no known WMI region is not a candidate.
    expect(vinCandidates('5GZ2CZ43D135S812715')).toEqual([]);
  });

  test('the most votes win; aligned readings count twice; the earliest pass breaks ties', () => {
    const a = { vin: 'LE4AD1A16KA100231', aligned: true };
    const b = { vin: '1HGBH41JXMN109186', aligned: false };
    expect(chooseVin([[b], [a]])).toBe(a.vin);
    expect(chooseVin([[b], [b], [a]])).toBe(b.vin);
    expect(chooseVin([[{ ...b, aligned: true }], [a]])).toBe(b.vin);
    expect(chooseVin([[], []])).toBeUndefined();
  });

  test('the longest line counts VIN characters only, across the separators of one line', () => {
    expect(longestTextLine('BMW BRILLIANCE A\n\nLBVGB1A17  JA204513\nENG')).toBe(17);
    expect(longestTextLine('TS\n\nAES\n\nE\n\n241\n')).toBe(3);
    expect(longestTextLine('')).toBe(0);
  });
});
