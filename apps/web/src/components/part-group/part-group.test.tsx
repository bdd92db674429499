import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { BrandKey } from '@shop/core/brand-variants';
import type { UserProfile } from '@shop/core/api/user';
import { usePreferences } from '../../lib/preferences';
import { renderWithProviders as renderPart, testProfile } from '../part-row/test-fixtures';
import { makePartRow as testProductRow } from '../../test/server/factories';
import { stubServerPerTest } from '../../test/server/stub-server';
import { PartGroup } from './part-group';

// The brand a test renders in (stock caps, delisting notice), through the variant provider.
let brand: BrandKey = 'frey';
const renderWithProviders = (ui: ReactNode, profile?: UserProfile) =>
  renderPart(ui, { brand, ...(profile ? { profile } : {}) });

// Selection and display only: nothing is asked of the server (a call would fail the test's request).
const server = stubServerPerTest();

beforeEach(() => {
  brand = 'frey';
  usePreferences.setState({ showPrice: true });
});

afterEach(() => expect(server.unmatched).toEqual([]));

const selectAll = () => screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement;
const rowBox = (id: number) => within(screen.getByTestId(`part-row-${id}`)).getByRole('checkbox') as HTMLInputElement;
const indeterminate = () => selectAll().closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate');

describe('PartGroup', () => {
  it('has the eight columns', () => {
    renderWithProviders(<PartGroup rows={[testProductRow(1)]} />);
    const heads = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(heads).toEqual(['', '图片', '编码', '信息', '属性', '价格', '库存', '操作']);
  });

  it("select-all: indeterminate when some rows are ticked, skips rows showing '即将下架'", () => {
    brand = 'partsky';
    const onChange = vi.fn();
    renderWithProviders(
      <PartGroup
        rows={[testProductRow(1), testProductRow(2, { is_delisting: 1, is_orderable: 0 }), testProductRow(3)]}
        onSelectedChange={onChange}
      />,
    );
    expect(selectAll().checked).toBe(false);
    expect(indeterminate()).toBe(false);

    fireEvent.click(rowBox(1));
    expect(onChange).toHaveBeenLastCalledWith([1]);
    expect(selectAll().checked).toBe(false);
    expect(indeterminate()).toBe(true);

    fireEvent.click(selectAll());
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);
    expect(rowBox(2).checked).toBe(false);
    expect(rowBox(3).checked).toBe(true);
    expect(selectAll().checked).toBe(true);
    expect(indeterminate()).toBe(false);

    fireEvent.click(selectAll());
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(rowBox(1).checked).toBe(false);
  });

  it('select-all ticks a delisting row that has its cart controls (orderable, or a variant without the notice)', () => {
    const rows = [testProductRow(1), testProductRow(2, { is_delisting: 1, is_orderable: 0 })];
    const onChange = vi.fn();
    renderWithProviders(<PartGroup rows={rows} onSelectedChange={onChange} />);
    fireEvent.click(selectAll());
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
    cleanup();

    brand = 'partsky';
    renderWithProviders(
      <PartGroup
        rows={[testProductRow(1), testProductRow(2, { is_delisting: 1, is_orderable: 1 })]}
        onSelectedChange={onChange}
      />,
    );
    fireEvent.click(selectAll());
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
  });

  it('shows the red not-found row with the searched number', () => {
    renderWithProviders(<PartGroup rows={[]} notFound={['A 000 420 99 99']} />);
    const row = screen.getByTestId('not-found-row');
    expect(within(row).getByText('未找到商品')).toBeTruthy();
    expect(within(row).getByText('A 000 420 99 99')).toBeTruthy();
    expect(screen.queryByText('暂无配件')).toBeNull();
  });

  it('hides shareholder-only prices when the purchase price toggle is off', () => {
    renderWithProviders(<PartGroup rows={[testProductRow(1)]} />);
    const prices = screen.getByTestId('prices');
    expect(within(prices).getByText('经销价')).toBeTruthy();
    expect(within(prices).getByText('¥100.00')).toBeTruthy();
    act(() => usePreferences.setState({ showPrice: false }));
    expect(within(prices).queryByText('经销价')).toBeNull();
    expect(within(prices).queryByText('¥100.00')).toBeNull();
    expect(within(prices).getByText('香河仓价')).toBeTruthy();
  });

  it.each([
    ['frey', 100, '100', 101],
    ['eurox', 70, '70', 71],
  ] as const)('%s caps row stock above %i', (key, atCap, atCapText, above) => {
    brand = key;
    renderWithProviders(
      <PartGroup
        rows={[
          testProductRow(1, { frey_stock: atCap, my_stock: atCap }),
          testProductRow(2, { frey_stock: above, my_stock: above }),
        ]}
      />,
    );
    expect(within(screen.getByTestId('part-row-1')).getByTestId('stock').textContent).toContain(`广州仓${atCapText}`);
    expect(within(screen.getByTestId('part-row-2')).getByTestId('stock').textContent).toContain('广州仓99+');
  });

  it('shows the Beijing stock for regional accounts only', () => {
    renderWithProviders(<PartGroup rows={[testProductRow(1, { beijing_stock: 7 })]} />, {
      ...testProfile,
      is_regional_warehouse: 1,
    });
    expect(screen.getByTestId('stock').textContent).toContain('北京仓7');
    cleanup();
    renderWithProviders(<PartGroup rows={[testProductRow(1, { beijing_stock: 7 })]} />);
    expect(screen.getByTestId('stock').textContent).not.toContain('北京仓');
  });

  it('shows name texts: carton, price protection, cut model and engines', () => {
    renderWithProviders(
      <PartGroup
        rows={[
          testProductRow(1, {
            outbox_fcl_quantity: 12,
            scm_classification: 'XC',
            l_model_zh: '一二三四五六七八九十一二三四五六七八九十多',
            engines: 'E1,E2,E3,E4,E5,E6',
          }),
        ]}
      />,
    );
    expect(screen.getByText('12个/箱')).toBeTruthy();
    expect(screen.getByText('价保180天')).toBeTruthy();
    const attributes = screen.getByTestId('attributes');
    expect(attributes.textContent).toContain('一二三四五六七八九十一二三四五六七八九十...');
    expect(attributes.textContent).toContain('E1,E2,E3,E4,E5...');
  });

  it('delisting variant: "即将下架" instead of cart controls and no star; orderable shows "可订货"', () => {
    brand = 'partsky';
    renderWithProviders(
      <PartGroup
        rows={[
          testProductRow(1, { is_delisting: 1, is_orderable: 0 }),
          testProductRow(2, { is_delisting: 1, is_orderable: 1 }),
        ]}
      />,
    );
    const first = within(screen.getByTestId('part-row-1'));
    expect(first.getByText('即将下架')).toBeTruthy();
    expect(first.queryByRole('textbox', { name: '数量' })).toBeNull();
    expect(first.queryByRole('button', { name: '收藏' })).toBeNull();
    const second = within(screen.getByTestId('part-row-2'));
    expect(second.getByText('可订货')).toBeTruthy();
    expect(second.getByRole('textbox', { name: '数量' })).toBeTruthy();
    expect(second.queryByRole('button', { name: '收藏' })).toBeNull();
  });

  it('delisting variant: no arrival reminder (到货提醒) for a part that is going, one for an orderable part', () => {
    brand = 'partsky';
    const outOfStock = { my_stock: 0, frey_stock: 0, available_stock: 0, beijing_stock: 0, is_view_stock: 1 } as const;
    renderWithProviders(
      <PartGroup
        rows={[
          testProductRow(1, { ...outOfStock, is_delisting: 1, is_orderable: 0 }),
          testProductRow(2, { ...outOfStock, is_delisting: 1, is_orderable: 1 }),
        ]}
      />,
    );
    expect(within(screen.getByTestId('part-row-1')).queryByRole('button', { name: '到货提醒' })).toBeNull();
    expect(within(screen.getByTestId('part-row-2')).getByRole('button', { name: '到货提醒' })).toBeTruthy();
  });

  it('delisting variant: a delisting part already favourited keeps its star, so it can be removed', () => {
    brand = 'partsky';
    renderWithProviders(
      <PartGroup
        rows={[
          testProductRow(1, { is_delisting: 1, is_orderable: 0, is_sub: 1 }),
          testProductRow(2, { is_delisting: 1, is_orderable: 1, is_sub: 1 }),
        ]}
      />,
    );
    for (const id of [1, 2]) {
      const row = within(screen.getByTestId(`part-row-${id}`));
      expect(row.getByRole('button', { name: '取消收藏' })).toBeTruthy();
    }
  });

  it('coming-soon rows show a placeholder picture and no stock', () => {
    renderWithProviders(<PartGroup rows={[testProductRow(1, { is_coming_soon: 1, pic: '/media/p.svg' })]} />);
    expect(screen.getByTestId('picture-placeholder').textContent).toContain('即将上市');
    expect(screen.getByTestId('stock').textContent).toBe('--');
  });
});
