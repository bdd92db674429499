import { describe, expect, it } from 'vitest';
import { isValidVin, looksLikeMistypedVin, vinCorrections } from './vin';

/** Real VINs (check digits verified by the standard rule). */
const VALID = ['LBVGB1A17JA204518', '1HGBH41JXMN109186', 'WDDWF4JB0HF123456'].filter(isValidVin);

describe('vinCorrections', () => {
  it('uses real valid VINs', () => {
    expect(VALID).toContain('LBVGB1A17JA204518');
    expect(VALID).toContain('1HGBH41JXMN109186');
  });

  it('reads a confused character back first (O for 0, I for 1, S for 5, B for 8)', () => {
    expect(vinCorrections('LBVGB1A17JA2O4518')[0]).toBe('LBVGB1A17JA204518');
    expect(vinCorrections('LBVGB1A17JA2045I8')[0]).toBe('LBVGB1A17JA204518');
    expect(vinCorrections('LBVGB1A17JA204S18')[0]).toBe('LBVGB1A17JA204518');
    expect(vinCorrections('1HGBH41JXMN1O9186')[0]).toBe('1HGBH41JXMN109186');
    expect(vinCorrections('LBVGB1A17JA20451B')[0]).toBe('LBVGB1A17JA204518');
  });

  it('offers the right check digit when the check digit itself was mistyped', () => {
    const offered = vinCorrections('LBVGB1A18JA204518');
    expect(offered[0]).toBe('LBVGB1A17JA204518');
    expect(offered.length).toBeLessThanOrEqual(5);
    for (const vin of offered) {
      expect(isValidVin(vin)).toBe(true);
      expect([...vin].filter((ch, i) => ch !== 'LBVGB1A18JA204518'[i])).toHaveLength(1);
    }
  });

  it('offers nothing for an input that is not 17 letters and digits', () => {
    expect(vinCorrections('LBVGB1A17JA20451')).toEqual([]);
    expect(vinCorrections('LBVGB1A17JA20451-8')).toEqual([]);
  });
});

describe('looksLikeMistypedVin', () => {
  it('is a 17-character VIN-like input that fails the check', () => {
    expect(looksLikeMistypedVin('LBVGB1A18JA204518')).toBe(true);
    expect(looksLikeMistypedVin('LBVGB1A17JA2O4518')).toBe(true);
    expect(looksLikeMistypedVin('LBVGB1A17JA204518')).toBe(false);
    expect(looksLikeMistypedVin('A0004200420')).toBe(false);
    expect(looksLikeMistypedVin('LBVGB1A17JAABCDEF')).toBe(false);
  });
});
