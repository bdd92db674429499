import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { ProductDetail } from '@shop/core/api/parts';
import { usePreferences } from '../../lib/preferences';
import { renderWithProviders } from '../part-row/test-fixtures';
import { gatedPart, makePartDetail } from '../../test/server/factories';
import { DetailSummary } from './detail-summary';
import type { PartActions } from '../../entities/part/use-part-actions';

const detail = (over: Partial<ProductDetail> = {}): ProductDetail => makePartDetail(7, { brand_name: '本田', ...over });

const actions = {
  pending: { favourite: false, stock: false, restock: false, cart: false },
  toggleFavourite: vi.fn(),
  viewStock: vi.fn(),
  requestRestock: vi.fn(),
  addToCart: vi.fn(),
} as unknown as PartActions;

function renderSummary(d: ProductDetail) {
  // The delisting variant, through the variant provider.
  return renderWithProviders(<DetailSummary detail={d} actions={actions} beijingEnabled={false} onShare={() => {}} />, {
    brand: 'partsky',
  });
}

beforeEach(() => {
  usePreferences.setState({ showPrice: true });
});

afterEach(() => {
  cleanup();
});

describe('DetailSummary in the delisting variant', () => {
  it('has no favourite button for a delisting part', () => {
    renderSummary(detail({ is_delisting: 1, is_orderable: 0, is_sub: 0 }));
    expect(screen.getByText('即将下架')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /收藏/ })).toBeNull();
  });

  it('offers no arrival reminder (到货提醒) for a part that is going, one while it can still be ordered', () => {
    const outOfStock = { my_stock: 0, frey_stock: 0, available_stock: 0, beijing_stock: 0, is_view_stock: 1 } as const;
    renderSummary(detail({ ...outOfStock, is_delisting: 1, is_orderable: 0 }));
    expect(screen.queryByRole('button', { name: '到货提醒' })).toBeNull();
    cleanup();
    renderSummary(detail({ ...outOfStock, is_delisting: 1, is_orderable: 1 }));
    expect(screen.getByRole('button', { name: '到货提醒' })).toBeTruthy();
  });

  it('keeps the favourite button of a delisting part already favourited, so it can be removed', () => {
    renderSummary(detail({ is_delisting: 1, is_orderable: 0, is_sub: 1 }));
    expect(screen.getByRole('button', { name: /已收藏/ })).toBeTruthy();
  });
});

describe('DetailSummary: the Beijing warehouse without Beijing stock', () => {
  afterEach(() => usePreferences.getState().setWarehouse(1));

  it('shows the Beijing stock and blocks plus and add with 北京仓暂无库存; Guangzhou is not blocked', async () => {
    usePreferences.getState().setWarehouse(2);
    const d = detail({ frey_stock: 300, beijing_stock: 0, my_stock: 300, is_view_stock: 1 });
    const { renderDetailAddToCart } = await import('./detail-add-to-cart');
    renderWithProviders(
      <DetailSummary
        detail={d}
        actions={actions}
        beijingEnabled
        onShare={() => {}}
        renderPurchase={renderDetailAddToCart}
      />,
    );
    expect(screen.getByTestId('stock-value').textContent).toBe('0');
    expect(screen.getByText('北京仓暂无库存')).toBeTruthy();
    expect((screen.getByRole('button', { name: '增加数量' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /加入购物车/ }) as HTMLButtonElement).disabled).toBe(true);

    act(() => usePreferences.getState().setWarehouse(1));
    expect(screen.getByTestId('stock-value').textContent).toBe('99+');
    expect(screen.queryByText('北京仓暂无库存')).toBeNull();
    expect((screen.getByRole('button', { name: '增加数量' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: /加入购物车/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('DetailSummary behind the view-stock gate', () => {
  it('shows the stock state the server sent, and no figure, when the detail carries none', () => {
    const part = detail({ consumable_days: 30 });
    renderSummary(gatedPart(part, 'normal'));
    expect(screen.getByTestId('stock-level').textContent).toBe('正常');
    expect(screen.getByRole('button', { name: '查看库存' })).toBeTruthy();
    expect(screen.queryByTestId('stock-value')).toBeNull();
    expect(screen.queryByTestId('on-way-stock')).toBeNull();
    cleanup();
    renderSummary(gatedPart(part, 'tight'));
    expect(screen.getByTestId('stock-level').textContent).toBe('紧张');
    cleanup();
    // A regional account with Beijing chosen sees Beijing's state; the server decides an add.
    usePreferences.getState().setWarehouse(2);
    renderWithProviders(
      <DetailSummary
        detail={{ ...gatedPart(part, 'normal'), beijing_stock_state: 'tight' }}
        actions={actions}
        beijingEnabled
        onShare={() => {}}
      />,
    );
    expect(screen.getByTestId('stock-level').textContent).toBe('紧张');
    expect(screen.queryByText('北京仓暂无库存')).toBeNull();
    usePreferences.getState().setWarehouse(1);
  });
});
