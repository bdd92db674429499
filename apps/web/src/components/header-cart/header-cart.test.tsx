import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-route';
import { makeCartLine } from '../../test/server/factories';
import { cartHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import { HeaderCart } from './header-cart';

const lines = Array.from({ length: 7 }, (_, i) =>
  makeCartLine(i + 1, { product_id: i + 1, price: '0.10', quantity: 1, tootal_price: '0.10' }),
);
stubServerPerTest(() => cartHandlers({ lines }));

describe('header cart', () => {
  it('shows the line count, links to the cart and previews the newest lines with the total on hover', async () => {
    renderWithProviders(<HeaderCart />);
    const link = await screen.findByRole('link', { name: '购物车，7 种商品' });
    expect(link.getAttribute('href')).toBe('/settlement/list');
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('7'));
    fireEvent.mouseEnter(link);
    const preview = await screen.findByTestId('cart-preview', {}, { timeout: 3000 });
    await waitFor(() => expect(preview.textContent).toContain('配件5'));
    expect(preview.textContent).not.toContain('配件6');
    expect(preview.textContent).toContain('共 7 种商品，合计 ¥0.70');
  });
});
