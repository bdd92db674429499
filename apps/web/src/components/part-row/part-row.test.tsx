import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { ProductRow } from '@shop/core/api/parts';
import { invalidateParts, partKeys } from '../../entities/part/part-queries';
import { usePreferences } from '../../lib/preferences';
import { notesPerTest } from '../../test/notes';
import { gatedPart, makePartRow } from '../../test/server/factories';
import { cartHandlers, partHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import { PartGroup } from '../part-group/part-group';
import { renderWithProviders, testProfile } from './test-fixtures';

const testProductRow = makePartRow;
const notes = notesPerTest();
const server = stubServerPerTest(() => ({ ...partHandlers(), ...cartHandlers() }));

/** The stock call answers these figures (all 0 unless given). */
function stockIs(productId: number, figures: Partial<ProductRow> = {}) {
  server.use(
    partHandlers({
      stock: {
        product_id: productId,
        frey_stock: 0,
        beijing_stock: 0,
        available_stock: 0,
        stock_zaitu: 0,
        my_stock: 0,
        is_view_stock: 1,
        ...figures,
      },
    }),
  );
}

const toggles = () => server.callsTo('POST /api/Shop.Collection/toggle');
const alerts = () => server.callsTo('POST /api/Shop.Accessory/applyForReplenishment');
const adds = () => server.callsTo('POST /api/Shop.Cart/add');

describe('favourite star', () => {
  it('blocks clicks while a request is in flight, then shows the result', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => (open = r));
    const toggle = partHandlers()['POST /api/Shop.Collection/toggle']!;
    server.use({ 'POST /api/Shop.Collection/toggle': async (call) => gate.then(() => toggle(call)) });
    renderWithProviders(<PartGroup rows={[testProductRow(1)]} />);
    const star = screen.getByRole('button', { name: '收藏' });
    fireEvent.click(star);
    fireEvent.click(star);
    await waitFor(() => expect(toggles()).toHaveLength(1));
    expect(notes.error).toHaveBeenCalledWith('请求过于频繁');
    expect(toggles()[0]?.body).toEqual({ product_id: 1 });

    await act(async () => open());
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('收藏成功'));
    expect(screen.getByRole('button', { name: '取消收藏' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '取消收藏' }));
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('已取消收藏'));
    expect(toggles()).toHaveLength(2);
  });
});

describe('view stock', () => {
  it('shows tight/normal behind the gate, and auto-submits a restock alert when the stock is 0', async () => {
    stockIs(3, { stock_zaitu: 5 });
    renderWithProviders(
      <PartGroup rows={[testProductRow(3, { is_view_stock: 0, my_stock: 0, frey_stock: 0, available_stock: 0 })]} />,
    );
    const stock = screen.getByTestId('stock');
    expect(within(stock).getByText('紧张')).toBeTruthy();
    fireEvent.click(within(stock).getByRole('button', { name: '查看库存' }));

    await waitFor(() => expect(alerts()).toHaveLength(1));
    expect(server.callsTo('GET /api/Shop.Accessory/getProductStock')[0]?.query).toEqual({ product_id: '3' });
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('提交成功'));
    expect(within(stock).getByText('在途')).toBeTruthy();
    expect(within(stock).getByRole('button', { name: '已提醒' })).toBeTruthy();

    // A second submit is refused on the client.
    fireEvent.click(within(stock).getByRole('button', { name: '已提醒' }));
    expect(notes.error).toHaveBeenCalledWith('已提交，不能重复提交');
    expect(alerts()).toHaveLength(1);
  });

  it('does not submit an alert when the viewed stock is not 0, and the stock route lifts the gate', async () => {
    stockIs(4, { frey_stock: 8, available_stock: 8, my_stock: 8 });
    const { unmount } = renderWithProviders(
      <PartGroup rows={[testProductRow(4, { is_view_stock: 0, my_stock: 80 })]} />,
    );
    expect(screen.getByText('正常')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看库存' }));
    await waitFor(() => expect(screen.getByText('8')).toBeTruthy());
    expect(alerts()).toHaveLength(0);
    unmount();

    renderWithProviders(
      <PartGroup routeName="stock" rows={[testProductRow(5, { is_view_stock: 0, frey_stock: 12 })]} />,
    );
    expect(screen.queryByRole('button', { name: '查看库存' })).toBeNull();
    expect(screen.getByText('12')).toBeTruthy();
  });
});

describe('a gated row as the server sends it (stock_state, no figures)', () => {
  /** What the server sends while the view-stock gate applies: no stock figure at all. */
  const gatedRow = (id: number, state: 'tight' | 'normal') =>
    gatedPart(testProductRow(id, { consumable_days: 30 }), state);

  it('shows the state the server decided, and no figure', () => {
    renderWithProviders(<PartGroup rows={[gatedRow(31, 'normal'), gatedRow(32, 'tight')]} />);
    const [normal, tight] = screen.getAllByTestId('stock');
    expect(within(normal!).getByTestId('stock-state').textContent).toBe('正常');
    expect(within(tight!).getByTestId('stock-state').textContent).toBe('紧张');
    for (const cell of [normal!, tight!]) {
      expect(within(cell).getByRole('button', { name: '查看库存' })).toBeTruthy();
      expect(cell.textContent).not.toMatch(/\d|广州仓|在途/);
    }
  });

  it('shows the figures once 查看库存 brought them', async () => {
    stockIs(33, { frey_stock: 42, available_stock: 42, my_stock: 42 });
    renderWithProviders(<PartGroup rows={[gatedRow(33, 'normal')]} />);
    fireEvent.click(screen.getByRole('button', { name: '查看库存' }));
    const stock = screen.getByTestId('stock');
    await waitFor(() => expect(within(stock).getByText('42')).toBeTruthy());
    expect(within(stock).queryByTestId('stock-state')).toBeNull();
  });
});

describe('quantity input', () => {
  it('keeps digits only and its value', () => {
    const onQuantity = vi.fn();
    renderWithProviders(<PartGroup rows={[testProductRow(6)]} onQuantityChange={onQuantity} />);
    const input = screen.getByRole('textbox', { name: '数量' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a2-' } });
    expect(input.value).toBe('12');
    expect(onQuantity).toHaveBeenLastCalledWith(6, 12);
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    expect(input.value).toBe('13');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(input.value).toBe('0');
    expect((screen.getByRole('button', { name: '减少数量' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.calls).toHaveLength(0);
  });
});

describe('quantity input: the cart maximum', () => {
  it('a pasted 20-digit number shows 99999 and adds 99999, which the cart takes', async () => {
    const onQuantity = vi.fn();
    renderWithProviders(<PartGroup rows={[testProductRow(6)]} onQuantityChange={onQuantity} />);
    const input = screen.getByRole('textbox', { name: '数量' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12345678901234567890' } });
    expect(input.value).toBe('99999');
    expect(onQuantity).toHaveBeenLastCalledWith(6, 99999);
    expect((screen.getByRole('button', { name: '增加数量' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /加入购物车/ }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]?.body).toMatchObject({ product_id: 6, quantity: 99999 });
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('操作成功'));
  });

  it('a starting quantity above the maximum (a multi-number line) starts at 99999', () => {
    renderWithProviders(<PartGroup rows={[testProductRow(6)]} quantities={{ 6: 123456 }} />);
    expect((screen.getByRole('textbox', { name: '数量' }) as HTMLInputElement).value).toBe('99999');
  });
});

describe('codes', () => {
  it('copies a code on click', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<PartGroup rows={[testProductRow(7)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'FR7' }));
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('复制成功'));
    expect(writeText).toHaveBeenCalledWith('FR7');
  });
});

describe('row state shared with other views of the part', () => {
  // The list is a part answer (['part'] root) read from the server's favourites.
  let favourite: 0 | 1 = 0;
  function CachedList() {
    const { data } = useQuery({
      queryKey: partKeys.rows('test-rows'),
      queryFn: async () => ({ total: 1, page: 1, limit: 10, list: [testProductRow(21, { is_sub: favourite })] }),
    });
    return data ? <PartGroup rows={data.list} /> : null;
  }

  it('shows the favourite cancelled in the detail drawer after the row favourited it', async () => {
    favourite = 0;
    const { client } = renderWithProviders(<CachedList />);
    server.use({
      'POST /api/Shop.Collection/toggle': () => {
        favourite = 1;
        return { is_sub: 1 };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '取消收藏' })).toBeTruthy());

    // The drawer's detail cancels it: its action invalidates the part entity, the list loads again.
    favourite = 0;
    await act(() => invalidateParts(client));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('false'),
    );

    // ... and the row's own next toggle still shows its answer.
    fireEvent.click(screen.getByRole('button', { name: '收藏' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '取消收藏' })).toBeTruthy());
  });
});

describe('restock alert refusals', () => {
  it('keeps offering the alert when it is refused for another reason than a repeat', async () => {
    server.use({
      'POST /api/Shop.Accessory/applyForReplenishment': () => reply.refused('该商品有库存，可直接下单，无需到货提醒'),
    });
    renderWithProviders(<PartGroup rows={[testProductRow(22, { my_stock: 0, frey_stock: 0, available_stock: 0 })]} />);
    fireEvent.click(screen.getByRole('button', { name: '到货提醒' }));
    await waitFor(() => expect(alerts()).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: '已提醒' })).toBeNull();
    expect(screen.getByRole('button', { name: '到货提醒' })).toBeTruthy();
  });

  it('marks the row reminded when the server says the alert was already submitted', async () => {
    server.use({ 'POST /api/Shop.Accessory/applyForReplenishment': () => reply.refused('已提交，不能重复提交') });
    renderWithProviders(<PartGroup rows={[testProductRow(23, { my_stock: 0, frey_stock: 0, available_stock: 0 })]} />);
    fireEvent.click(screen.getByRole('button', { name: '到货提醒' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '已提醒' })).toBeTruthy());
  });

  it('does not submit again (nor show an error) when viewing the stock of a part already reminded', async () => {
    stockIs(24);
    renderWithProviders(
      <PartGroup rows={[testProductRow(24, { is_view_stock: 0, is_apply: 1, my_stock: 0, frey_stock: 0 })]} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '查看库存' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '已提醒' })).toBeTruthy());
    expect(alerts()).toHaveLength(0);
    expect(notes.error).not.toHaveBeenCalled();
  });
});

describe('hover panels (mounted on the first hover only)', () => {
  const row = {
    ...testProductRow(7),
    pic: '/media/p/7.jpg',
    search_numbers: [{ factory: '博世', search_number: 'BS-0986' }],
  };

  it('mounts no popover before a hover; the attribute panel opens on hover with its content and closes on leave', async () => {
    renderWithProviders(<PartGroup rows={[row]} />);
    expect(document.querySelector('.ant-popover')).toBeNull();

    const attributes = screen.getByTestId('attributes');
    fireEvent.mouseEnter(attributes);
    const title = await screen.findByText('配件属性');
    const panel = title.closest('.ant-popover') as HTMLElement;
    expect(within(panel).getByText('博世')).toBeTruthy();
    expect(within(panel).getByText('BS-0986')).toBeTruthy();
    expect(within(panel).getByText('M274')).toBeTruthy();

    fireEvent.mouseLeave(screen.getByTestId('attributes'));
    // It leaves (jsdom ends no animation, so it may stay in its leave state rather than hidden).
    await waitFor(() => expect(panel.className).toMatch(/leave|hidden/));

    // The mounted popover opens again on the next hover.
    fireEvent.mouseEnter(screen.getByTestId('attributes'));
    await waitFor(() => expect(panel.className).not.toMatch(/leave|hidden/));
  });

  it('the picture zooms on hover', async () => {
    renderWithProviders(<PartGroup rows={[row]} />);
    const thumb = screen.getByAltText('刹车片7');
    expect(document.querySelector('.ant-popover')).toBeNull();
    fireEvent.mouseEnter(thumb.parentElement as HTMLElement);
    await waitFor(() => expect(screen.getAllByAltText('刹车片7')).toHaveLength(2));
    const zoom = screen.getAllByAltText('刹车片7').find((img) => img.closest('.ant-popover'));
    expect(zoom?.getAttribute('src')).toContain('/media/p/7.jpg');
  });

  it('a pointer that leaves before the delay opens nothing', async () => {
    renderWithProviders(<PartGroup rows={[row]} />);
    fireEvent.mouseEnter(screen.getByTestId('attributes'));
    fireEvent.mouseLeave(screen.getByTestId('attributes'));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByText('配件属性')).toBeNull();
  });
});

describe('the chosen warehouse (regional account)', () => {
  const regional = { ...testProfile, is_regional_warehouse: 1 as const };
  afterEach(() => usePreferences.getState().setWarehouse(1));

  it('Beijing chosen: the row shows the Beijing stock level; no Beijing stock blocks plus and add with 北京仓暂无库存', async () => {
    // Plenty in Guangzhou, none in Beijing.
    const row = testProductRow(5, {
      is_view_stock: 0,
      frey_stock: 300,
      beijing_stock: 0,
      my_stock: 300,
      consumable_days: 30,
    });
    usePreferences.getState().setWarehouse(2);
    renderWithProviders(<PartGroup rows={[row]} />, regional);
    const stock = screen.getByTestId('stock');
    expect(within(stock).getByText('紧张')).toBeTruthy();
    expect(within(stock).getByText('北京仓')).toBeTruthy();
    const line = screen.getByTestId('part-row-5');
    const plus = within(line).getByRole('button', { name: '增加数量' }) as HTMLButtonElement;
    const add = within(line).getByRole('button', { name: '加入购物车' }) as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(adds()).toHaveLength(0);
    expect(within(line).getByText('北京仓暂无库存')).toBeTruthy();
    fireEvent.mouseEnter(add.parentElement!);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('北京仓暂无库存'));

    // Back to Guangzhou: its stock, and the part may be added (Guangzhou has no such block).
    act(() => usePreferences.getState().setWarehouse(1));
    await waitFor(() => expect(within(stock).getByText('正常')).toBeTruthy());
    expect(within(stock).getByText('广州仓')).toBeTruthy();
    expect(plus.disabled).toBe(false);
    expect((within(line).getByRole('button', { name: '加入购物车' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(line).queryByText('北京仓暂无库存')).toBeNull();
  });

  it('Beijing chosen, exact stock: the Beijing figure comes first and is the chosen one; Beijing stock adds to warehouse 2', async () => {
    const row = testProductRow(6, { is_view_stock: 1, frey_stock: 0, beijing_stock: 42, my_stock: 42 });
    usePreferences.getState().setWarehouse(2);
    renderWithProviders(<PartGroup rows={[row]} />, regional);
    const chosen = screen.getByTestId('chosen-stock');
    expect(chosen.textContent).toBe('北京仓42');
    expect(screen.getByTestId('stock').textContent).toMatch(/^北京仓42广州仓0/);
    fireEvent.click(within(screen.getByTestId('part-row-6')).getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]?.body).toMatchObject({
      product_id: 6,
      warehouse_type: 2,
    });
  });
});
