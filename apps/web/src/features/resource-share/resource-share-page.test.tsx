import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RESOURCE_TEXTS } from '@shop/core/resource-share-rules';
import { notesPerTest } from '../../test/notes';
import { mutationsSettled, renderPage, testQueryClient } from '../../test/render-route';
import { resourceShareHandlers, resourceWorld, type ResourceWorld } from '../../test/server/content-handlers';
import { makeResourceEntry, makeResourceRow } from '../../test/server/factories';
import { userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import ResourceSharePage from './resource-share-page';

const notes = notesPerTest();
const server = stubServerPerTest(() => userHandlers());
const LIST = 'GET /api/Shop.ResourceSharing/list';
const MINE = 'GET /api/Shop.ResourceSharing/mine';
const IMPORT = 'POST /api/Shop.ResourceSharing/import';
const PUBLISH = 'POST /api/Shop.ResourceSharing/publish';
const WITHDRAW = 'POST /api/Shop.ResourceSharing/withdraw';

let client = testQueryClient();

function open(world: ResourceWorld = resourceWorld()) {
  server.use(resourceShareHandlers(world));
  client = renderPage('/parts/resource_share', <ResourceSharePage />);
  return world;
}

/** Every mutation of the screen has finished (its success or failure said by then). */
const settled = () => mutationsSettled(client);

const activePanel = () => screen.getAllByRole('tabpanel').find((p) => p.getAttribute('aria-hidden') !== 'true')!;
/** The rows of the open tab's main table, as the texts of their cells. */
const rows = (table: HTMLElement = activePanel()) =>
  [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
const xlsx = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], '库存.xlsx');
const chooseFile = (file: File) =>
  fireEvent.change(activePanel().querySelector('input[type=file]')!, { target: { files: [file] } });

async function openMine() {
  fireEvent.click(await screen.findByRole('tab', { name: '我的共享' }));
  return screen.findByLabelText('联系方式');
}

describe('/parts/resource_share: 查找共享库存', () => {
  it("lists other dealers' stock with their contact; a price left out is 面议", async () => {
    open(
      resourceWorld({
        others: [
          makeResourceEntry(1, { number: 'A000-420', name: '前刹车片', quantity: 6, price: '88.50' }),
          makeResourceEntry(2, { number: 'B-77', name: '机油滤清器', price: null, contact: '李先生 13600000000' }),
        ],
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['A000-420', '前刹车片', '6', '¥88.50', '王经理 13912345678', '2026-11-26 10:00'],
      ['B-77', '机油滤清器', '6', '面议', '李先生 13600000000', '2026-11-26 10:00'],
    ]);
    expect(server.callsTo(LIST).map((c) => c.query)).toEqual([{ keyword: '', page: '1' }]);
  }, 20_000);

  it('searches by the trimmed keyword from page 1, and says when nothing matches', async () => {
    const others = Array.from({ length: 25 }, (_, i) => makeResourceEntry(i + 1, { number: `RS-${100 + i}` }));
    open(resourceWorld({ others }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.click(within(activePanel()).getByTitle('2'));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(server.callsTo(LIST).at(-1)!.query).toEqual({ keyword: '', page: '2' });

    const search = screen.getByPlaceholderText('输入配件编号或名称查找其他经销商的共享库存');
    fireEvent.change(search, { target: { value: '  rs-12 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*找/ }));
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['RS-120', 'RS-121', 'RS-122', 'RS-123', 'RS-124']));
    expect(server.callsTo(LIST).at(-1)!.query).toEqual({ keyword: 'rs-12', page: '1' });

    fireEvent.change(search, { target: { value: 'XYZ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*找/ }));
    expect(await screen.findByText('没有找到匹配的共享库存')).toBeTruthy();
  }, 20_000);

  it('says when nobody shares anything, and shows a failed load with a retry', async () => {
    let fail = true;
    const world = resourceWorld();
    const handlers = resourceShareHandlers(world);
    server.use({
      ...handlers,
      [LIST]: (call) => (fail ? reply.serverError('共享库存服务繁忙') : handlers[LIST]!(call)),
    });
    renderPage('/parts/resource_share', <ResourceSharePage />);
    expect(await screen.findByText('共享库存服务繁忙')).toBeTruthy();
    expect(notes.error).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无共享库存')).toBeTruthy();
  }, 20_000);
});

describe('/parts/resource_share: 我的共享', () => {
  it('asks for the contact before a sheet goes up', async () => {
    open(resourceWorld({ imported: [makeResourceRow(2)] }));
    await openMine();
    expect(await screen.findByText('还没有发布共享库存')).toBeTruthy();
    chooseFile(xlsx());
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith(RESOURCE_TEXTS.contactMissing));
    fireEvent.change(screen.getByLabelText('联系方式'), { target: { value: '   ' } });
    chooseFile(xlsx());
    await waitFor(() => expect(notes.error).toHaveBeenCalledTimes(2));
    expect(server.callsTo(IMPORT)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: '导入预览' })).toBeNull();
  }, 20_000);

  it('imports a sheet with the contact, previews it with the skipped rows, and publishes it into the list', async () => {
    const world = open(
      resourceWorld({
        imported: [
          makeResourceRow(2, { number: 'A000-420', name: '前刹车片', quantity: 6, price: '88.50' }),
          makeResourceRow(3, { number: 'B-77', name: '机油滤清器', quantity: 2, price: null }),
        ],
        problems: ['第 4 行：数量不正确', '第 5 行：缺少配件编号'],
      }),
    );
    fireEvent.change(await openMine(), { target: { value: '王经理 13912345678' } });
    chooseFile(xlsx());
    const preview = await screen.findByRole('region', { name: '导入预览' });
    expect(within(preview).getByText('预览：2 条，联系方式 王经理 13912345678')).toBeTruthy();
    expect(within(preview).getByText('已跳过：第 4 行：数量不正确、第 5 行：缺少配件编号')).toBeTruthy();
    expect(rows(preview)).toEqual([
      ['2', 'A000-420', '前刹车片', '6', '¥88.50'],
      ['3', 'B-77', '机油滤清器', '2', '面议'],
    ]);
    const sent = server.callsTo(IMPORT)[0]!.body as FormData;
    expect(sent.get('contact')).toBe('王经理 13912345678');
    expect((sent.get('file') as File).name).toBe('库存.xlsx');
    // Nothing is published before 确认发布.
    expect(world.mine).toEqual([]);

    fireEvent.click(within(preview).getByRole('button', { name: /确认发布/ }));
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('发布成功，共 2 条'));
    expect(server.callsTo(PUBLISH).map((c) => c.body)).toEqual([{ preview_id: 900 }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: '导入预览' })).toBeNull());
    await waitFor(() => expect(rows().map((r) => r.slice(0, 5))).toHaveLength(2));
    expect(rows()[0]!.slice(0, 5)).toEqual(['A000-420', '前刹车片', '6', '¥88.50', '王经理 13912345678']);
    expect(server.callsTo(MINE).length).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it('a cancelled preview publishes nothing', async () => {
    const world = open(resourceWorld({ imported: [makeResourceRow(2)] }));
    fireEvent.change(await openMine(), { target: { value: '张先生' } });
    chooseFile(xlsx());
    const preview = await screen.findByRole('region', { name: '导入预览' });
    fireEvent.click(within(preview).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '导入预览' })).toBeNull());
    expect(server.callsTo(PUBLISH)).toHaveLength(0);
    expect(world.mine).toEqual([]);
  }, 20_000);

  it("shows the server's refusal of a sheet once, and no preview", async () => {
    open(resourceWorld({ imported: [] }));
    fireEvent.change(await openMine(), { target: { value: '张先生' } });
    chooseFile(xlsx());
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith(RESOURCE_TEXTS.noRows));
    await settled();
    expect(notes.error).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: '导入预览' })).toBeNull();
  }, 20_000);

  it("shows a failed load of the company's entries with a retry", async () => {
    let fail = true;
    const world = resourceWorld({ mine: [makeResourceEntry(31, { number: 'MY-1' })] });
    const handlers = resourceShareHandlers(world);
    server.use({
      ...handlers,
      [MINE]: (call) => (fail ? reply.serverError('我的共享加载失败') : handlers[MINE]!(call)),
    });
    renderPage('/parts/resource_share', <ResourceSharePage />);
    await openMine();
    expect(await screen.findByText('我的共享加载失败')).toBeTruthy();
    expect(notes.error).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(within(activePanel()).getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['MY-1']));
  }, 20_000);

  it('withdraws one of its entries after asking; a refusal is said once', async () => {
    const world = open(
      resourceWorld({ mine: [makeResourceEntry(31, { number: 'MY-1' }), makeResourceEntry(32, { number: 'MY-2' })] }),
    );
    await openMine();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const row = screen.getByText('MY-1').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /撤\s*回/ }));
    expect(await screen.findByText('撤回这条共享库存？')).toBeTruthy();
    expect(server.callsTo(WITHDRAW)).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /^(OK|确\s*定)$/ }).at(-1)!);
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['MY-2']));
    expect(server.callsTo(WITHDRAW).map((c) => c.body)).toEqual([{ id: 31 }]);
    expect(world.mine.map((e) => e.id)).toEqual([32]);

    server.use({ [WITHDRAW]: () => reply.refused(RESOURCE_TEXTS.notFound) });
    fireEvent.click(within(screen.getByText('MY-2').closest('tr')!).getByRole('button', { name: /撤\s*回/ }));
    await screen.findAllByText('撤回这条共享库存？');
    fireEvent.click(screen.getAllByRole('button', { name: /^(OK|确\s*定)$/ }).at(-1)!);
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith(RESOURCE_TEXTS.notFound));
    await settled();
    expect(notes.error).toHaveBeenCalledTimes(1);
  }, 20_000);
});
