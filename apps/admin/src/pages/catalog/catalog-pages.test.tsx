import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PART_CHANGED_TEXT, type PartUpdate } from '@shop/core/api/admin-catalog';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { categoryList, partDetail, partSummary, vehicleTree } from '../../test/catalog-fixtures';
import { expectClosedTo, firstPage, renderApp, searchBy, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();
const catalogStaff = () => staffMe(['catalog'], '商品运营');
const lists = {
  'GET /api/admin/auth/me': catalogStaff,
  'GET /api/admin/categories': categoryList,
  'GET /api/admin/vehicles': vehicleTree,
};

describe('the parts list', () => {
  it('asks with the filters of the address, shows the rows, and puts a new search in the address', async () => {
    server.use({
      ...lists,
      'GET /api/admin/parts': () => firstPage([partSummary({ is_delisting: 1 })]),
    });
    const { router } = renderApp('/catalog/parts?keyword=GDB&category_id=13&flag=delisting');
    expect(await screen.findByRole('link', { name: 'FR-BK-1001' })).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'FR-BK-1001' }).closest('tr')!).getByText('即将下架')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/parts')[0]?.query).toEqual({
      keyword: 'GDB',
      category_id: '13',
      flag: 'delisting',
      page: '1',
      limit: '20',
    });
    searchBy('本厂编码、OE/替换/旧号或名称', ' A000 ');
    await waitFor(() => expect(where(router)).toBe('/catalog/parts?keyword=A000&category_id=13&flag=delisting'));
  });

  it('names a make of the address that is none of the makes as such, not by its bare number', async () => {
    server.use({ ...lists, 'GET /api/admin/parts': () => firstPage([]) });
    renderApp('/catalog/parts?make_id=999999');
    expect(await screen.findByText('品牌 999999 不存在')).toBeTruthy();
    expect(screen.queryByText('999999')).toBeNull();
  });

  it('names a category of the address that is none of the categories as such, not by its bare number', async () => {
    server.use({ ...lists, 'GET /api/admin/parts': () => firstPage([]) });
    renderApp('/catalog/parts?category_id=888888');
    expect(await screen.findByText('分类 888888 不存在')).toBeTruthy();
    expect(screen.queryByText('888888')).toBeNull();
  });

  it('shows a make of the address by its name', async () => {
    server.use({ ...lists, 'GET /api/admin/parts': () => firstPage([]) });
    renderApp('/catalog/parts?make_id=1');
    expect(await screen.findByText('宝马')).toBeTruthy();
  });

  it('a part address with no valid id says so under the title with the way back', async () => {
    server.use(lists);
    renderApp('/catalog/parts/abc');
    expect(await screen.findByText('商品编号不正确')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回商品列表' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  });

  it('shows the empty list and a failed load with a retry', async () => {
    let fail = true;
    server.use({
      ...lists,
      'GET /api/admin/parts': () => (fail ? reply.serverError() : firstPage([])),
    });
    renderApp('/catalog/parts');
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    fail = false;
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无符合条件的商品')).toBeTruthy();
  });

  it('is closed to a role without catalog.manage, which asks nothing of it', async () => {
    await expectClosedTo(server, ['customer_service'], '/catalog/parts', 'GET /api/admin/parts');
  });
});

describe('the part form', () => {
  it('saves the edited part once, with the version it loaded', async () => {
    let answer: (v: unknown) => void = () => {};
    server.use({
      ...lists,
      'GET /api/admin/parts/5': () => partDetail(),
      'POST /api/admin/parts/5': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/catalog/parts/5');
    const name = await screen.findByLabelText('配件名称');
    expect((name as HTMLInputElement).value).toBe('前刹车片');
    fireEvent.change(name, { target: { value: '陶瓷前刹车片' } });
    fireEvent.change(screen.getByLabelText('号码 2'), { target: { value: 'GDB 9999' } });
    const save = screen.getByRole('button', { name: /保\s*存/ });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(server.callsTo('POST /api/admin/parts/5')).toHaveLength(1));
    fireEvent.click(save);
    answer(partDetail({ l_name_zh: '陶瓷前刹车片', version: '1700000000000002' }));
    expect(await screen.findByText('商品已保存')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/parts/5')).toHaveLength(1);
    const sent = server.callsTo('POST /api/admin/parts/5')[0]?.body as PartUpdate;
    expect(sent).toMatchObject({
      version: '1700000000000001',
      l_name_zh: '陶瓷前刹车片',
      numbers: [
        { kind: 'oe', factory: '宝马', number: 'A 000 420 04 20' },
        { kind: 'replacement', factory: 'TRW', number: 'GDB 9999' },
      ],
      model_ids: [101],
      carousel: null,
      is_orderable: 1,
    });
  });

  it('says when someone else saved the part first, and reloads it on request', async () => {
    let version = '1700000000000001';
    server.use({
      ...lists,
      'GET /api/admin/parts/5': () =>
        partDetail({ version, l_name_zh: version.endsWith('2') ? '他人改过的名称' : '前刹车片' }),
      'POST /api/admin/parts/5': () => reply.refused(PART_CHANGED_TEXT),
    });
    renderApp('/catalog/parts/5');
    fireEvent.change(await screen.findByLabelText('配件名称'), { target: { value: '我的修改' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PART_CHANGED_TEXT)).toBeTruthy();
    // Said once: in the form, not again as a toast.
    expect(screen.getAllByText(PART_CHANGED_TEXT)).toHaveLength(1);
    expect((screen.getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(true);
    version = '1700000000000002';
    fireEvent.click(within(alert).getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect((screen.getByLabelText('配件名称') as HTMLInputElement).value).toBe('他人改过的名称'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uploads a picture with its progress and sends its address with the part', async () => {
    let answer: (v: unknown) => void = () => {};
    server.use({
      ...lists,
      'GET /api/admin/parts/5': () => partDetail(),
      'POST /api/admin/parts/media': () => new Promise((resolve) => (answer = resolve)),
      'POST /api/admin/parts/5': () => partDetail({ version: '1700000000000002' }),
    });
    const { container } = renderApp('/catalog/parts/5');
    await screen.findByLabelText('配件名称');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'pad.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST /api/admin/parts/media')).toHaveLength(1));
    answer({ url: '/media/catalog/0b9f3c1e-0000-4000-8000-000000000001.png', kind: 'image' });
    expect(await screen.findByRole('img', { name: '图片 1' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const upload = server.callsTo('POST /api/admin/parts/media')[0]?.body as FormData;
    expect((upload.get('file') as File).name).toBe('pad.png');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/parts/5')).toHaveLength(1));
    expect((server.callsTo('POST /api/admin/parts/5')[0]?.body as PartUpdate).pictures).toEqual([
      '/media/catalog/0b9f3c1e-0000-4000-8000-000000000001.png',
    ]);
  });

  it('a new part asks for its code, names, make and category before anything is sent', async () => {
    server.use(lists);
    renderApp('/catalog/parts/new');
    fireEvent.click(await screen.findByRole('button', { name: /保\s*存/ }));
    for (const text of [
      '请填写本厂编码',
      '请填写配件名称',
      '请填写商品全称',
      '请选择品牌',
      '请选择分类',
      '请填写号码',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(server.callsTo('POST /api/admin/parts')).toHaveLength(0);
  });

  it("shows an upload's refusal once", async () => {
    server.use({
      ...lists,
      'GET /api/admin/parts/5': () => partDetail(),
      'POST /api/admin/parts/media': () => reply.refused('只能上传图片（JPG、PNG、GIF、WEBP）或视频（MP4、WEBM）'),
    });
    const { container } = renderApp('/catalog/parts/5');
    await screen.findByLabelText('配件名称');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findAllByText('只能上传图片（JPG、PNG、GIF、WEBP）或视频（MP4、WEBM）')).toHaveLength(1);
    expect(screen.queryByRole('img', { name: '图片 1' })).toBeNull();
  });
});

describe('categories and vehicles', () => {
  it('shows the tree and the refusal to delete a category in use', async () => {
    server.use({
      ...lists,
      'POST /api/admin/categories/13/delete': () => reply.refused('该分类下还有商品或子分类，不能删除'),
    });
    renderApp('/catalog/categories');
    fireEvent.click(await screen.findByRole('button', { name: /展开行|Expand row/ }));
    fireEvent.click(await screen.findByRole('button', { name: /展开行|Expand row/ }));
    const row = (await screen.findByText('刹车片')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findAllByText('该分类下还有商品或子分类，不能删除')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/categories/13/delete')).toHaveLength(1);
  });

  it('adds a series to a make', async () => {
    server.use({ ...lists, 'POST /api/admin/vehicles/series': () => ({ id: 12 }) });
    renderApp('/catalog/vehicles');
    fireEvent.click(await screen.findByRole('button', { name: '添加车系' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('车系名称'), { target: { value: '3系' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/vehicles/series')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/vehicles/series')[0]?.body).toEqual({ make_id: 1, name_zh: '3系', sort: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
