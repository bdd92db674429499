import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BatchSearchGroup, BatchSearchResult } from '@shop/core/api/bulk-search';
import type { UserProfile } from '@shop/core/api/user';
import type { BrandKey } from '@shop/core/brand-variants';
import { usePreferences } from '../../lib/preferences';
import { testProfile } from '../../components/part-row/test-fixtures';
import { renderRoutes } from '../../test/render-route';
import { makePartRow as testProductRow } from '../../test/server/factories';
import { searchHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import SearchResultPage from './search-result-page';
import { cartLines, groupStatusText, quotationItems, selectedItems } from './multi-number-selection';

configure({ asyncUtilTimeout: 5000 });

const server = stubServerPerTest(() => searchHandlers({ batch: RESULT }));
const writeText = vi.fn<(text: string) => Promise<void>>();

function group(over: Partial<BatchSearchGroup> & Pick<BatchSearchGroup, 'line' | 'number'>): BatchSearchGroup {
  return { raw: over.number, quantity: 1, status: 'found', matched_number: '', list: [], ...over };
}

const RESULT: BatchSearchResult = {
  groups: [
    group({ line: 1, number: 'A0004200420', quantity: 2, match_kind: 'oe', list: [testProductRow(1)] }),
    group({
      line: 2,
      number: 'GDB1234',
      status: 'cross',
      matched_number: 'GDB 1234',
      match_kind: 'replacement',
      list: [testProductRow(2, { match_kind: 'replacement', search_no: 'GDB1234', beijing_stock: 7 })],
    }),
    group({ line: 3, number: 'NOPE-1', quantity: 5, status: 'not_found' }),
    group({
      line: 4,
      number: 'ZK77',
      quantity: 3,
      status: 'ambiguous',
      matched_number: 'ZK77',
      // Row 4 is about to be delisted and cannot be ordered: '即将下架' in the variant that says so.
      list: [testProductRow(3), testProductRow(4, { is_delisting: 1, is_orderable: 0 })],
    }),
  ],
  found: 3,
  not_found: 1,
};

beforeEach(() => {
  writeText.mockReset();
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  usePreferences.setState({ warehouse: 1, defaultWarehouse: 1 });
});

/** The result page for `keyword`, for the part-row dealer in the page's brand unless told otherwise. */
function renderAt(keyword: string, options: { profile?: UserProfile; brand?: BrandKey } = {}) {
  return renderRoutes(
    [{ path: '/parts/result', element: <SearchResultPage /> }],
    [`/parts/result?${new URLSearchParams({ keyword, t: '1' })}`],
    { profile: options.profile ?? testProfile, brand: options.brand },
  );
}

const batchSearches = () => server.callsTo('POST /api/Shop.Accessory/batchSearch');
const bodyOf = (route: string) => server.callsTo(route)[0]?.body;

describe('multi-number result page', () => {
  it('asks batchSearch with the lines and shows one group per line in input order', async () => {
    renderAt('A0004200420=2\nGDB1234\nNOPE-1=5\nZK77=3');
    await screen.findByTestId('line-group-4');
    expect(bodyOf('POST /api/Shop.Accessory/batchSearch')).toEqual({
      keyword: 'A0004200420=2\nGDB1234\nNOPE-1=5\nZK77=3',
      warehouse: 1,
    });
    expect(server.callsTo('POST /api/Shop.Accessory/index')).toHaveLength(0);
    const groups = screen.getAllByTestId(/^line-group-/);
    expect(groups.map((g) => g.dataset.status)).toEqual(['found', 'cross', 'not_found', 'ambiguous']);
    expect(within(groups[1]!).getByText('通过替换号 GDB 1234 找到')).toBeTruthy();
    expect(within(groups[3]!).getByText('找到 2 个配件，请选择')).toBeTruthy();
    const red = within(groups[2]!).getByTestId('not-found-row');
    expect(within(red).getByText('NOPE-1')).toBeTruthy();
    // quantities pre-filled from the lines
    const quantityOf = (id: number) =>
      (within(screen.getByTestId(`part-row-${id}`)).getByLabelText('数量') as HTMLInputElement).value;
    expect([quantityOf(1), quantityOf(2), quantityOf(3)]).toEqual(['2', '1', '3']);
    // the box at the side holds the numbers
    expect((screen.getByLabelText('多号搜索编号') as HTMLTextAreaElement).value).toContain('NOPE-1=5');
  });

  it('a line whose quantity could not be read says it counts 1', async () => {
    server.use(
      searchHandlers({
        batch: {
          groups: [
            group({ line: 1, number: 'A0004200420', bad_quantity: '0', list: [testProductRow(1)] }),
            group({ line: 2, number: 'GDB1234', quantity: 2, list: [testProductRow(2)] }),
          ],
          found: 2,
          not_found: 0,
        },
      }),
    );
    renderAt('A0004200420=0\nGDB1234=2');
    const first = await screen.findByTestId('line-group-1');
    expect(within(first).getByText('数量“0”无效，按 1 计')).toBeTruthy();
    expect(within(screen.getByTestId('line-group-2')).queryByText(/无效/)).toBeNull();
  });

  it('rows pasted with descriptions: the address keeps only the numbers, so that a reload still works', async () => {
    const description = '前刹车片 宝马5系 G38 2018-2023 原厂品质 陶瓷配方 低粉尘 静音 含报警线';
    const pasted = [
      'A0004200420\t2\t' + description,
      ...Array.from({ length: 199 }, (_, i) => `NO-SUCH-${i}\t${description}`),
    ];
    const router = renderAt(pasted.join('\n'));
    await screen.findByTestId('line-group-1');
    const compact = ['A0004200420=2', ...Array.from({ length: 199 }, (_, i) => `NO-SUCH-${i}`)].join('\n');
    // Searched once, with the numbers only; the address now holds them (same t), short enough for a reload.
    expect(batchSearches().map((c) => (c.body as { keyword: string }).keyword)).toEqual([compact]);
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('keyword')).toBe(compact);
    expect(params.get('t')).toBe('1');
    expect(router.state.location.search.length).toBeLessThan(8_000);
  });

  it('a refused search says why, without a retry that would only be refused again', async () => {
    server.use({
      'POST /api/Shop.Accessory/batchSearch': () =>
        reply.refused('一次最多查询 500 个编号，当前有 501 个，请删减或分批查询'),
    });
    renderAt('A0004200420\nGDB1234');
    expect(await screen.findByText('一次最多查询 500 个编号，当前有 501 个，请删减或分批查询')).toBeTruthy();
    expect(screen.getByText('无法查询')).toBeTruthy();
    expect(screen.queryByText(/^重\s*试$/)).toBeNull();
  });

  it('a failed search offers 重试, which asks again', async () => {
    server.use({ 'POST /api/Shop.Accessory/batchSearch': () => reply.serverError('服务器错误') });
    renderAt('A0004200420\nGDB1234');
    fireEvent.click(await screen.findByText(/^重\s*试$/));
    await waitFor(() => expect(batchSearches()).toHaveLength(2));
  });

  it('a new search starts afresh: quantities pre-filled from its lines, nothing ticked', async () => {
    server.use(
      searchHandlers({
        batch: (keyword) => {
          const quantity = Number(/^A0004200420=(\d+)/.exec(keyword)?.[1] ?? 1);
          return { ...RESULT, groups: [{ ...RESULT.groups[0]!, quantity }, RESULT.groups[1]!] };
        },
      }),
    );
    const router = renderAt('A0004200420=2\nGDB1234');
    const row = await screen.findByTestId('part-row-1');
    fireEvent.change(within(row).getByLabelText('数量'), { target: { value: '40' } });
    fireEvent.click(screen.getByLabelText('全选全部结果'));
    await waitFor(() => expect(screen.getByTestId('copy-quotation').textContent).toContain('（2）'));

    await router.navigate(`/parts/result?${new URLSearchParams({ keyword: 'A0004200420=5\nGDB1234', t: '2' })}`);
    await waitFor(() =>
      expect((within(screen.getByTestId('part-row-1')).getByLabelText('数量') as HTMLInputElement).value).toBe('5'),
    );
    expect(screen.getByTestId('copy-quotation').textContent).not.toContain('（2）');
    expect((screen.getByLabelText('全选全部结果') as HTMLInputElement).checked).toBe(false);
  });

  it('copy quotation needs a ticked row, then copies the ticked rows with their quantities', async () => {
    renderAt('A0004200420=2\nGDB1234\nNOPE-1=5\nZK77=3');
    await screen.findByTestId('line-group-4');
    fireEvent.click(screen.getByTestId('copy-quotation'));
    await screen.findByText('请先勾选配件');
    expect(writeText).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('全选全部结果'));
    // Every row with cart controls: the delisting row 4 too, which this variant shows like any other.
    await waitFor(() => expect(screen.getByTestId('copy-quotation').textContent).toContain('一键复制报价（4）'));
    fireEvent.change(within(screen.getByTestId('part-row-3')).getByLabelText('数量'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('copy-quotation'));
    await screen.findByText('成功复制4条报价信息');
    const text = writeText.mock.calls[0]![0];
    expect(text.split('\n')[0]).toBe('报价单（发货仓库：广州仓）');
    expect(text).toContain('编码:FR1  单价:¥150.00 × 2 = ¥300.00');
    expect(text).toContain('编码:FR3  单价:¥150.00 × 4 = ¥600.00');
    expect(text).toContain('编码:FR4');
  });

  it("select-all skips a row showing '即将下架' in place of its cart controls", async () => {
    // The variant with the delisting notice (partsky's rule; its other differences do not matter here).
    renderAt('A0004200420=2\nGDB1234\nNOPE-1=5\nZK77=3', { brand: 'partsky' });
    await screen.findByTestId('line-group-4');
    expect(within(screen.getByTestId('part-row-4')).getByText('即将下架')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('全选全部结果'));
    await waitFor(() => expect(screen.getByTestId('copy-quotation').textContent).toContain('一键复制报价（3）'));
    expect((within(screen.getByTestId('part-row-4')).getByLabelText(/^选择/) as HTMLInputElement).checked).toBe(false);
  });

  it('a delisted row ticked by hand does not make select-all look complete', async () => {
    // The variant with the delisting notice (partsky's rule; its other differences do not matter here).
    renderAt('A0004200420=2\nGDB1234\nNOPE-1=5\nZK77=3', { brand: 'partsky' });
    await screen.findByTestId('line-group-4');
    const all = screen.getByLabelText('全选全部结果') as HTMLInputElement;
    const indeterminate = () => all.closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate');
    // Three ticks (rows 1, 2 and the delisted row 4) for three selectable rows (1, 2, 3): row 3 is not ticked.
    for (const id of [1, 2, 4]) fireEvent.click(within(screen.getByTestId(`part-row-${id}`)).getByLabelText(/^选择/));
    await waitFor(() => expect(screen.getByTestId('copy-quotation').textContent).toContain('（3）'));
    expect(all.checked).toBe(false);
    expect(indeterminate()).toBe(true);
    // So a click on it ticks everything selectable (row 3 too) instead of clearing the ticks.
    fireEvent.click(all);
    await waitFor(() => expect(all.checked).toBe(true));
    expect((within(screen.getByTestId('part-row-3')).getByLabelText(/^选择/) as HTMLInputElement).checked).toBe(true);
  });

  it('a copy the browser refuses says so', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderAt('A0004200420=2\nGDB1234');
    await screen.findByTestId('part-row-1');
    fireEvent.click(within(screen.getByTestId('part-row-1')).getByLabelText(/^选择/));
    fireEvent.click(screen.getByTestId('copy-quotation'));
    await screen.findByText('复制失败，请升级到最新版浏览器');
  });

  it('adds the ticked rows to the cart with their quantities and the warehouse', async () => {
    renderAt('A0004200420=2\nGDB1234');
    await screen.findByTestId('part-row-2');
    fireEvent.click(within(screen.getByTestId('part-row-1')).getByLabelText(/^选择/));
    fireEvent.click(within(screen.getByTestId('part-row-2')).getByLabelText(/^选择/));
    fireEvent.click(screen.getByTestId('add-ticked-to-cart'));
    await waitFor(() => expect(server.callsTo('POST /api/Shop.Cart/batchAdd')).toHaveLength(1));
    expect(bodyOf('POST /api/Shop.Cart/batchAdd')).toEqual({
      list: [
        { product_id: 1, quantity: 2, warehouse_type: 1, is_coming_soon: 0 },
        { product_id: 2, quantity: 1, warehouse_type: 1, is_coming_soon: 0 },
      ],
    });
  });

  it('the warehouse picker offers Beijing to regional accounts only, and stores the default', async () => {
    renderAt('A0004200420=2\nGDB1234');
    await screen.findByTestId('warehouse-picker');
    expect(within(screen.getByTestId('warehouse-picker')).queryByText('北京仓')).toBeNull();
    cleanup();

    renderAt('A0004200420=2\nGDB1234', { profile: { ...testProfile, is_regional_warehouse: 1 } });
    const picker = await screen.findByTestId('warehouse-picker');
    fireEvent.click(within(picker).getByText('北京仓'));
    await waitFor(() =>
      expect(batchSearches().map((c) => c.body)).toContainEqual(expect.objectContaining({ warehouse: 2 })),
    );
    fireEvent.click(within(picker).getByRole('button', { name: '设为默认仓库' }));
    await screen.findByText('设置成功');
    expect(usePreferences.getState().defaultWarehouse).toBe(2);
    expect(document.cookie).toContain('default_warehouse=2');
  });
});

describe('selection rules', () => {
  it('collects ticked rows per group with quantities, merges the same part for the cart', () => {
    const groups = [
      group({ line: 1, number: 'X', quantity: 2, list: [testProductRow(1)] }),
      group({ line: 2, number: 'X', quantity: 3, list: [testProductRow(1, { is_coming_soon: 1 })] }),
    ];
    const items = selectedItems(groups, { 0: [1], 1: [1] }, { '1:1': 4 });
    expect(items.map((i) => i.quantity)).toEqual([2, 4]);
    expect(cartLines(items, 2, { comingSoonCartFlag: true })).toEqual([
      { product_id: 1, quantity: 6, warehouse_type: 2, is_coming_soon: 0 },
    ]);
    expect(cartLines([{ ...items[0]!, quantity: 0 }], 1, { comingSoonCartFlag: true })).toEqual([]);
    expect(quotationItems([{ ...items[1]!, row: testProductRow(1, { beijing_stock: 9 }) }], 2)[0]!.stock).toBe(9);
  });

  it('captions', () => {
    expect(groupStatusText(group({ line: 1, number: 'X', status: 'not_found' }))).toBe('未找到商品');
    expect(
      groupStatusText(group({ line: 1, number: 'X', status: 'cross', match_kind: 'old', matched_number: 'A 1' })),
    ).toBe('通过旧号 A 1 找到');
    const many = Array.from({ length: 20 }, (_, i) => testProductRow(i + 1));
    expect(groupStatusText(group({ line: 1, number: 'X', status: 'ambiguous', total: 24, list: many }))).toBe(
      '找到 24 个配件，显示前 20 个，请选择',
    );
    expect(
      groupStatusText(group({ line: 1, number: 'X', status: 'ambiguous', total: 2, list: many.slice(0, 2) })),
    ).toBe('找到 2 个配件，请选择');
  });
});
