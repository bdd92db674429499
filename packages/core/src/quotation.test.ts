import { describe, expect, test } from 'vitest';
import { quotationCopiedText, quotationText, quotationUnitPrice, QUOTATION_NONE_SELECTED_TEXT } from './quotation';

describe('unit price fallback order (spec.md section 9)', () => {
  test('suggested retail first', () => {
    expect(quotationUnitPrice({ dealer_price: '90.00', retail_price: '145.00', suggest_price: '138.00' })).toBe(
      '145.00',
    );
  });
  test('then suggested selling, secondary dealer, terminal guide', () => {
    expect(quotationUnitPrice({ suggest_price: '138.00', terminal_price: '155.00' })).toBe('138.00');
    expect(quotationUnitPrice({ retail_price: '0.00', purchase_price: '104.00', terminal_price: '155.00' })).toBe(
      '104.00',
    );
    expect(quotationUnitPrice({ dealer_price: '100.00', terminal_price: '155.5' })).toBe('155.50');
  });
  test('else 0 (the dealer price is never quoted)', () => {
    expect(quotationUnitPrice({ dealer_price: '100.00', qpl_price: '115.00' })).toBe('0.00');
    expect(quotationUnitPrice({})).toBe('0.00');
  });
});

test('the quotation text: one line per item, warehouse and total', () => {
  const text = quotationText(
    [
      {
        number: 'A 000 420 04 20',
        frey_no: 'FR-BK-1001',
        name: '前刹车片',
        brand_name: '宝马',
        prices: { retail_price: '145.00' },
        quantity: 2,
        stock: 5,
      },
      {
        number: '',
        frey_no: 'FR-OF-2001',
        name: '机油滤清器',
        brand_name: '奔驰',
        prices: { suggest_price: '33.33' },
        quantity: 3,
        stock: 0,
      },
    ],
    2,
  );
  expect(text.split('\n')).toEqual([
    '报价单（发货仓库：北京仓）',
    '1. 宝马 前刹车片  OE:A 000 420 04 20  编码:FR-BK-1001  单价:¥145.00 × 2 = ¥290.00  北京仓有货',
    '2. 奔驰 机油滤清器  OE:-  编码:FR-OF-2001  单价:¥33.33 × 3 = ¥99.99  北京仓无货',
    '合计：¥389.99（共 2 项）',
  ]);
});

test('a row behind the view-stock gate quotes its stock state, no figure', () => {
  const item = { number: 'X 1', frey_no: 'FR-1', name: '刹车片', brand_name: '宝马', prices: {}, quantity: 1 };
  const text = quotationText(
    [
      { ...item, stock: undefined, stock_state: 'normal' },
      { ...item, stock: undefined, stock_state: 'tight' },
    ],
    1,
  );
  expect(text).toContain('¥0.00  广州仓库存正常');
  expect(text).toContain('¥0.00  广州仓库存紧张');
});

test('messages', () => {
  expect(QUOTATION_NONE_SELECTED_TEXT).toBe('请先勾选配件');
  expect(quotationCopiedText(3)).toBe('成功复制3条报价信息');
});
