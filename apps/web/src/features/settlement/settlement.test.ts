import { describe, expect, it } from 'vitest';
import type { AddressItem } from '@shop/core/api/address';
import type { CartItem } from '@shop/core/api/cart';
import { makeAddress, makeCartLine } from '../../test/server/factories';
import { addressText, chosenLines, defaultAddressIds, groupByWarehouse, orderTotals } from './settlement';

const line = (id: number, warehouse: 1 | 2, quantity: number, price: string, extra: Partial<CartItem> = {}): CartItem =>
  makeCartLine(id, {
    price,
    quantity,
    tootal_price: (Number(price) * quantity).toFixed(2),
    warehouse_type: warehouse,
    stock: 10,
    beijing_stock: 5,
    ...extra,
  });

const address = (id: number, flags: Partial<AddressItem> = {}): AddressItem =>
  makeAddress(id, { contacts: '张三', street: '天河路 385 号', ...flags });

describe('settlement rules', () => {
  it('keeps only the chosen, orderable lines with a quantity', () => {
    const items = [
      line(1, 1, 2, '10.50'),
      line(2, 2, 1, '3.00'),
      line(3, 1, 0, '1.00'),
      line(4, 1, 1, '1.00', { is_orderable: 0 }),
    ];
    expect(chosenLines(items, [1, 2, 3, 4]).map((l) => l.pd_cart_id)).toEqual([1, 2]);
    expect(chosenLines(items, [2]).map((l) => l.pd_cart_id)).toEqual([2]);
  });

  it('groups lines by warehouse with their totals, Guangzhou first', () => {
    const groups = groupByWarehouse([line(2, 2, 3, '0.10'), line(1, 1, 2, '10.55'), line(5, 1, 1, '0.20')]);
    expect(groups.map((g) => [g.label, g.quantity, g.total])).toEqual([
      ['广州仓', 3, '21.30'],
      ['北京仓', 3, '0.30'],
    ]);
    expect(orderTotals([line(1, 1, 2, '10.55'), line(2, 2, 3, '0.10')])).toEqual({
      kinds: 2,
      quantity: 5,
      total: '21.40',
    });
  });

  it('picks is_main for Guangzhou and other_is_main for Beijing, with fallbacks', () => {
    expect(defaultAddressIds([address(1), address(2, { other_is_main: 1 }), address(3, { is_main: 1 })])).toEqual({
      main: 3,
      other: 2,
    });
    expect(defaultAddressIds([address(1), address(2, { is_main: 1 })])).toEqual({ main: 2, other: 2 });
    expect(defaultAddressIds([address(7)])).toEqual({ main: 7, other: 7 });
    expect(defaultAddressIds([])).toEqual({ main: undefined, other: undefined });
  });

  it('writes the address without repeating a city that equals its province', () => {
    expect(addressText({ province: '北京市', city: '北京市', district: '朝阳区', street: '建国路 88 号' })).toBe(
      '北京市朝阳区建国路 88 号',
    );
    expect(addressText(address(1))).toBe('广东省广州市天河区天河路 385 号');
  });
});
