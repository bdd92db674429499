import { describe, expect, it } from 'vitest';
import {
  CART_MESSAGES,
  cartAddRefusal,
  checkCartQuantity,
  checkWarehouseType,
  digitsOnly,
  isSelectable,
  lineTotal,
  parseCartIds,
  parseCartQuantity,
  quantityBoxValue,
  stepCartQuantity,
  sumMoney,
} from './cart';

describe('cart quantity', () => {
  it('accepts digits only', () => {
    expect(parseCartQuantity('12')).toBe(12);
    expect(parseCartQuantity(0)).toBe(0);
    expect(parseCartQuantity(' 7 ')).toBe(7);
    for (const bad of ['-1', '1.5', '1e3', 'abc', '', '３', -2, 2.5]) expect(parseCartQuantity(bad)).toBeNull();
  });
  it('checks the range for add (at least 1) and set (0 allowed)', () => {
    expect(checkCartQuantity('0', 1)).toEqual({ ok: false, message: CART_MESSAGES.quantityPositive });
    expect(checkCartQuantity('0', 0)).toEqual({ ok: true, value: 0 });
    expect(checkCartQuantity('x', 0)).toEqual({ ok: false, message: CART_MESSAGES.quantityInvalid });
    expect(checkCartQuantity(100000, 1)).toEqual({ ok: false, message: CART_MESSAGES.quantityTooLarge });
    expect(checkCartQuantity(99999, 1)).toEqual({ ok: true, value: 99999 });
  });
  it('a quantity box keeps digits only and never holds more than the cart takes', () => {
    expect(quantityBoxValue('12')).toBe(12);
    expect(quantityBoxValue('1a2')).toBe(12);
    expect(quantityBoxValue('-5')).toBe(5);
    expect(quantityBoxValue('007')).toBe(7);
    expect(quantityBoxValue('')).toBe(0);
    expect(quantityBoxValue('abc')).toBe(0);
    expect(quantityBoxValue(null)).toBe(0);
    expect(quantityBoxValue('99999')).toBe(99999);
    expect(quantityBoxValue('100000')).toBe(99999);
    // A pasted 20-digit number (it used to become Number.MAX_SAFE_INTEGER, 9007199254740991).
    expect(quantityBoxValue('12345678901234567890')).toBe(99999);
    expect(quantityBoxValue('99999999999999999999999999')).toBe(99999);
    expect(quantityBoxValue('0000000000000000000000003')).toBe(3);
    expect(quantityBoxValue(4)).toBe(4);
    expect(quantityBoxValue(2.7)).toBe(2);
    expect(quantityBoxValue(-3)).toBe(0);
    expect(quantityBoxValue(Number.MAX_SAFE_INTEGER)).toBe(99999);
    expect(quantityBoxValue(Number.NaN)).toBe(0);
    // Whatever the box holds, the cart accepts it for a set (0 allowed).
    for (const typed of ['123456789012345678901234', '99999', '0', '7'])
      expect(checkCartQuantity(quantityBoxValue(typed), 0).ok).toBe(true);
  });
  it('plus and minus step within min and the cart maximum', () => {
    expect(stepCartQuantity(0, -1)).toBe(0);
    expect(stepCartQuantity(0, 1)).toBe(1);
    expect(stepCartQuantity(1, -1, 1)).toBe(1);
    expect(stepCartQuantity(99998, 1)).toBe(99999);
    expect(stepCartQuantity(99999, 1)).toBe(99999);
  });
  it('strips non-digits from typed text', () => {
    expect(digitsOnly('1a2-3.')).toBe('123');
    expect(digitsOnly('')).toBe('');
  });
});

describe('warehouse type', () => {
  it('is 1 or 2, 1 when absent', () => {
    expect(checkWarehouseType(undefined)).toEqual({ ok: true, value: 1 });
    expect(checkWarehouseType('2')).toEqual({ ok: true, value: 2 });
    expect(checkWarehouseType(3)).toEqual({ ok: false, message: CART_MESSAGES.warehouseInvalid });
  });
});

describe('money', () => {
  it('sums to 2 decimals without float drift', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['1234.56', '0.44', 3])).toBe('1238.00');
  });
  it('multiplies a line', () => {
    expect(lineTotal('19.99', 3)).toBe('59.97');
    expect(lineTotal('0.07', 0)).toBe('0.00');
  });
});

describe('ids and selection', () => {
  it('parses comma-joined ids', () => {
    expect(parseCartIds('3, 1,3')).toEqual([3, 1]);
    expect(parseCartIds([5, '6'])).toEqual([5, 6]);
    expect(parseCartIds('')).toBeNull();
    expect(parseCartIds('1,a')).toBeNull();
    expect(parseCartIds('0')).toBeNull();
  });
  it('select-all skips delisted lines', () => {
    expect(isSelectable({ is_delisting: 1 })).toBe(false);
    expect(isSelectable({ is_delisting: 0 })).toBe(true);
  });
});

describe('cartAddRefusal (spec.md section 4: plus and add blocked for Beijing without Beijing stock)', () => {
  it('refuses the Beijing warehouse when its stock is 0, missing or negative', () => {
    expect(cartAddRefusal(2, 0)).toBe('北京仓暂无库存');
    expect(cartAddRefusal(2, -3)).toBe('北京仓暂无库存');
    expect(cartAddRefusal(2, null)).toBe('北京仓暂无库存');
    expect(cartAddRefusal(2, undefined)).toBe(CART_MESSAGES.beijingNoStock);
  });
  it('lets Beijing stock through, and Guangzhou whatever its stock (a shortage becomes a lack item)', () => {
    expect(cartAddRefusal(2, 1)).toBeUndefined();
    expect(cartAddRefusal(1, 0)).toBeUndefined();
    expect(cartAddRefusal(1, undefined)).toBeUndefined();
  });
});
