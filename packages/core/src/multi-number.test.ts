import { describe, expect, test } from 'vitest';
import { getBrandVariant } from './brand-variants';
import {
  formatMultiNumbers,
  isMultiNumberKeyword,
  MULTI_NUMBER_MAX,
  multiNumberBadQuantityText,
  multiNumberTooManyText,
  ownCodeFromBrandName,
  parseMultiNumberLine,
  parseMultiNumbers,
} from './multi-number';

const frey = getBrandVariant('frey');
const eurox = getBrandVariant('eurox');

const one = (line: string, brand = frey) => {
  const parsed = parseMultiNumberLine(line, brand);
  return parsed && { number: parsed.number, quantity: parsed.quantity, note: parsed.note };
};
const badQuantityOf = (line: string) => parseMultiNumberLine(line, frey)?.badQuantity;

describe('one line', () => {
  test.each([
    // a plain number of each make, as printed in catalogues
    ['A0004200420', 'A0004200420', undefined],
    ['34116858652', '34116858652', undefined],
    ['1K0698151A', '1K0698151A', undefined],
    ['04465-33471', '04465-33471', undefined],
    ['LR019627', 'LR019627', undefined],
    // '=quantity'
    ['A0004200420=2', 'A0004200420', 2],
    ['04465-33471 = 12', '04465-33471', 12],
    ['Ａ０００４２００４２０＝３', 'A0004200420', 3], // full-width keyboard input
  ])('%s → %s, quantity %s', (line, number, quantity) => {
    expect(one(line)).toEqual({ number, quantity, note: undefined });
  });

  test('all whitespace goes, inside the number too', () => {
    expect(one('  A 000 420 04 20  ')).toMatchObject({ number: 'A0004200420' });
    expect(one('34 11 6 858 652=4')).toMatchObject({ number: '34116858652', quantity: 4 });
    expect(one('1K0\u3000698 151 A')).toMatchObject({ number: '1K0698151A' }); // ideographic space
  });

  test('a blank line is no line', () => {
    expect(one('')).toBeNull();
    expect(one('   \t  ')).toBeNull();
    expect(one('\u3000')).toBeNull();
  });

  describe('brackets', () => {
    test('text after an opening bracket is stripped', () => {
      expect(one('A0004200420(前刹车片)')).toEqual({ number: 'A0004200420', quantity: undefined, note: undefined });
      expect(one('A0004200420（前刹车片 宝马5系）')).toMatchObject({ number: 'A0004200420', quantity: undefined });
      expect(one('34116858652【原厂】')).toMatchObject({ number: '34116858652' });
      expect(one('04465-33471[丰田] 多余文字')).toMatchObject({ number: '04465-33471' });
      expect(one('1K0698151A(')).toMatchObject({ number: '1K0698151A' });
    });

    test('a quantity inside brackets becomes =quantity', () => {
      expect(one('A0004200420(2)')).toMatchObject({ number: 'A0004200420', quantity: 2 });
      expect(one('A0004200420（2个）')).toMatchObject({ number: 'A0004200420', quantity: 2 });
      expect(one('34116858652 [ 10 pcs ]')).toMatchObject({ number: '34116858652', quantity: 10 });
      expect(one('04465-33471【4套】备注')).toMatchObject({ number: '04465-33471', quantity: 4 });
    });

    test('an explicit =quantity wins over a bracketed one', () => {
      expect(one('A0004200420(2)=5')).toMatchObject({ number: 'A0004200420', quantity: 5 });
    });

    test('brackets without a bare quantity give none', () => {
      expect(one('A0004200420(2个左前)')).toMatchObject({ quantity: undefined });
      expect(one('A0004200420(左前2)')).toMatchObject({ quantity: undefined });
    });
  });

  describe('tab from spreadsheet cells', () => {
    test('a numeric value after a tab is the quantity', () => {
      expect(one('A0004200420\t2')).toEqual({ number: 'A0004200420', quantity: 2, note: undefined });
      expect(one('34116858652\t\t 6 ')).toMatchObject({ number: '34116858652', quantity: 6 });
    });

    test('another value after a tab is a note (":")', () => {
      expect(one('A0004200420\t前刹车片')).toEqual({ number: 'A0004200420', quantity: undefined, note: '前刹车片' });
      expect(one('04465-33471\tpads front\t2')).toMatchObject({ number: '04465-33471', note: 'pads front' });
    });

    test('a number followed by an empty cell', () => {
      expect(one('LR019627\t')).toEqual({ number: 'LR019627', quantity: undefined, note: undefined });
    });

    test('a leading tab is whitespace (an empty first cell), not the separator', () => {
      expect(one('\t2435571\t3')).toEqual({ number: '2435571', quantity: 3, note: undefined });
      expect(one('\t\tA0004200420\t前刹车片')).toEqual({
        number: 'A0004200420',
        quantity: undefined,
        note: '前刹车片',
      });
      expect(one(' \t34116858652')).toMatchObject({ number: '34116858652', quantity: undefined });
    });
  });

  describe('brand markers', () => {
    test("the brand's Chinese short name becomes the own-code prefix", () => {
      expect(one('福瑞BK-1001')).toMatchObject({ number: 'FRBK-1001' });
      expect(one('福瑞-123-0001234=2')).toMatchObject({ number: 'FR123-0001234', quantity: 2 });
      expect(one('欧驰123-0004567', eurox)).toMatchObject({ number: 'EX123-0004567' });
      // the full own code after the short name keeps its prefix once
      expect(one('福瑞FR117-0949966')).toMatchObject({ number: 'FR117-0949966' });
      expect(one('福瑞-fr117-0949966=2')).toMatchObject({ number: 'fr117-0949966', quantity: 2 });
      expect(one('欧驰EX123-0004567', eurox)).toMatchObject({ number: 'EX123-0004567' });
      // another brand's short name is left alone
      expect(one('欧驰123-0004567')).toMatchObject({ number: '欧驰123-0004567' });
    });

    test('a trailing brand-suffix marker is removed', () => {
      expect(one('GDB1234-福瑞')).toMatchObject({ number: 'GDB1234' });
      expect(one('GDB1234福瑞=3')).toMatchObject({ number: 'GDB1234', quantity: 3 });
      expect(one('GDB1234/FREY')).toMatchObject({ number: 'GDB1234' });
      expect(one('GDB1234#frey')).toMatchObject({ number: 'GDB1234' });
      // Latin letters without a separator are part of the number
      expect(one('ABCFREY')).toMatchObject({ number: 'ABCFREY' });
      // a line that is only the marker stays (and is then not found)
      expect(one('福瑞')).toMatchObject({ number: 'FR' });
    });
  });

  test('quantities must be whole numbers from 1 to 99999', () => {
    expect(one('A0004200420=0')).toMatchObject({ quantity: undefined });
    expect(one('A0004200420=-2')).toMatchObject({ quantity: undefined });
    expect(one('A0004200420=1.5')).toMatchObject({ quantity: undefined });
    expect(one('A0004200420=abc')).toMatchObject({ number: 'A0004200420', quantity: undefined });
    expect(one('A0004200420=99999')).toMatchObject({ quantity: 99999 });
    expect(one('A0004200420=100000')).toMatchObject({ quantity: undefined });
  });

  test('a quantity that cannot be read is kept as typed, so the result can say the line counts 1', () => {
    expect(badQuantityOf('A0004200420=0')).toBe('0');
    expect(badQuantityOf('A0004200420=2.5')).toBe('2.5');
    expect(badQuantityOf('A0004200420 = abc')).toBe('abc');
    expect(badQuantityOf('A0004200420=100000')).toBe('100000');
    expect(badQuantityOf('A0004200420\t0')).toBe('0');
    // No quantity, an empty one, or a good one: nothing to say.
    for (const line of ['A0004200420', 'A0004200420=', 'A0004200420=3', 'A0004200420(2)', 'A0004200420\t刹车片']) {
      expect(badQuantityOf(line), line).toBeUndefined();
    }
    expect(multiNumberBadQuantityText('0')).toBe('数量“0”无效，按 1 计');
  });

  test('the normalised form is what gets looked up', () => {
    expect(parseMultiNumberLine('a000-420-04.20=2', frey)).toMatchObject({
      number: 'a000-420-04.20',
      norm: 'A0004200420',
      raw: 'a000-420-04.20=2',
    });
    expect(parseMultiNumberLine('刹车片', frey)).toMatchObject({ number: '刹车片', norm: '' });
  });
});

describe('the whole text', () => {
  test('one entry per non-blank line, in input order, with line numbers', () => {
    const text = 'A0004200420=2\r\n\r\n  34116858652(4)\n\t\n04465-33471\t1\rLR019627';
    const { lines, error } = parseMultiNumbers(text, frey);
    expect(error).toBeNull();
    expect(lines.map((l) => [l.line, l.number, l.quantity])).toEqual([
      [1, 'A0004200420', 2],
      [3, '34116858652', 4],
      [5, '04465-33471', 1],
      [6, 'LR019627', undefined],
    ]);
  });

  test('a non-blank line never vanishes: without a number it is kept as typed (then not found)', () => {
    // Its whitespace is collapsed so that the box's text (formatMultiNumbers) reads back the same.
    const text = '(2)\nA0004200420\n（前刹车片）\n= 3\n\t\t\n\t2435571\t3';
    const { lines, error } = parseMultiNumbers(text, frey);
    expect(error).toBeNull();
    expect(lines.map((l) => [l.line, l.raw, l.number, l.norm, l.quantity])).toEqual([
      [1, '(2)', '(2)', '', undefined],
      [2, 'A0004200420', 'A0004200420', 'A0004200420', undefined],
      [3, '（前刹车片）', '（前刹车片）', '', undefined],
      [4, '= 3', '= 3', '', undefined],
      [6, '2435571\t3', '2435571', '2435571', 3],
    ]);
  });

  test('the box sends what the server reads back the same (lines without a number too)', () => {
    const { lines } = parseMultiNumbers('(2)\n\t2435571\t3\n福瑞FR117-0949966\n= 3\n[备注]\t5', frey);
    const text = formatMultiNumbers(lines);
    expect(text).toBe('(2)\n2435571=3\nFR117-0949966\n= 3\n[备注] 5');
    expect(parseMultiNumbers(text, frey).lines.map((l) => [l.number, l.norm, l.quantity])).toEqual(
      lines.map((l) => [l.number, l.norm, l.quantity]),
    );
  });

  test('duplicates stay separate lines', () => {
    expect(parseMultiNumbers('GDB1234\nGDB1234=2', frey).lines).toHaveLength(2);
  });

  test(`at most ${MULTI_NUMBER_MAX} numbers`, () => {
    const numbers = Array.from({ length: MULTI_NUMBER_MAX }, (_, i) => `FR123-${String(i).padStart(7, '0')}`);
    expect(parseMultiNumbers(numbers.join('\n'), frey).error).toBeNull();
    // blank lines do not count
    expect(parseMultiNumbers(`${numbers.join('\n\n')}\n\n`, frey).error).toBeNull();
    const over = parseMultiNumbers([...numbers, 'A0004200420'].join('\n'), frey);
    expect(over.error).toBe(multiNumberTooManyText(MULTI_NUMBER_MAX + 1));
    expect(over.error).toBe('一次最多查询 500 个编号，当前有 501 个，请删减或分批查询');
    expect(over.lines).toHaveLength(MULTI_NUMBER_MAX + 1);
  });

  test('a number longer than 50 characters is refused with its line', () => {
    const { error } = parseMultiNumbers(`A0004200420\n\n${'9'.repeat(51)}`, frey);
    expect(error).toBe('第 3 行编号过长（最多 50 个字符），请检查');
  });

  test('format gives number=quantity per line and parses back to the same', () => {
    const { lines } = parseMultiNumbers('A 000 420 04 20 (2)\n34116858652\n福瑞BK-1001\t5', frey);
    const text = formatMultiNumbers(lines);
    expect(text).toBe('A0004200420=2\n34116858652\nFRBK-1001=5');
    expect(parseMultiNumbers(text, frey).lines.map((l) => [l.number, l.quantity])).toEqual(
      lines.map((l) => [l.number, l.quantity]),
    );
  });

  test('a keyword of several non-blank lines is a multi-number search', () => {
    expect(isMultiNumberKeyword('A0004200420')).toBe(false);
    expect(isMultiNumberKeyword('A0004200420\n\n  ')).toBe(false);
    expect(isMultiNumberKeyword('A0004200420\r\n34116858652')).toBe(true);
    expect(isMultiNumberKeyword('A0004200420=2')).toBe(true);
    expect(isMultiNumberKeyword('A0004200420 ＝ ３')).toBe(true);
    expect(isMultiNumberKeyword('宝马5系 刹车片')).toBe(false);
  });
});

describe('ownCodeFromBrandName (the header search box)', () => {
  test("turns the brand's short name before a number into the own-code prefix, once", () => {
    expect(ownCodeFromBrandName('福瑞BK-1001', frey)).toBe('FRBK-1001');
    expect(ownCodeFromBrandName('福瑞 117-0000004', frey)).toBe('FR117-0000004');
    expect(ownCodeFromBrandName('福瑞FR117-0000004', frey)).toBe('FR117-0000004');
    expect(ownCodeFromBrandName('欧驰157-0000002', eurox)).toBe('EX157-0000002');
  });

  test('leaves a name, another brand or the short name alone as typed', () => {
    expect(ownCodeFromBrandName('福瑞刹车片', frey)).toBe('福瑞刹车片');
    expect(ownCodeFromBrandName('福瑞', frey)).toBe('福瑞');
    expect(ownCodeFromBrandName('欧驰157-0000002', frey)).toBe('欧驰157-0000002');
    expect(ownCodeFromBrandName('A 000 420 04 20', frey)).toBe('A 000 420 04 20');
  });
});
