import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dialogTitled } from '../../test/dialogs';
import { notesPerTest } from '../../test/notes';
import { renderRoutes } from '../../test/render-route';
import { makeDevelopment } from '../../test/server/factories';
import { developmentHandlers, userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import DevelopmentDetailPage from './development-detail-page';
import DevelopmentPage from './development-page';

const notes = notesPerTest();
const server = stubServerPerTest(() => userHandlers());

function renderPage(entry = '/profile/product_develop') {
  return renderRoutes(
    [
      { path: '/profile/product_develop', element: <DevelopmentPage /> },
      { path: '/profile/product_develop_detail', element: <DevelopmentDetailPage /> },
    ],
    [entry],
    { brand: 'frey' },
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('/profile/product_develop', () => {
  it("lists everyone's requests newest first, most liked on its tab, and the account's own with the unread dot", async () => {
    const items = [
      makeDevelopment(3, { part_name: '点火线圈', like_count: 1 }),
      makeDevelopment(2, { part_name: '水泵（电子）', like_count: 9, status: 'developing', status_text: '开发中' }),
      makeDevelopment(1, { part_name: '节温器', like_count: 4, mine: 1, unread: 1 }),
    ];
    server.use(developmentHandlers(items));
    const router = renderPage();

    await screen.findByText('点火线圈');
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelectorAll('td')[1]?.textContent);
    expect(names()).toEqual(['点火线圈', '水泵（电子）', '节温器我的']);
    expect(within(rowOf('水泵（电子）')).getByText('开发中')).toBeTruthy();
    // Only one's own request opens its detail.
    expect(within(rowOf('水泵（电子）')).queryByRole('link')).toBeNull();
    expect(within(rowOf('节温器')).getByRole('link', { name: '节温器' }).getAttribute('href')).toBe(
      '/profile/product_develop_detail?id=1',
    );

    fireEvent.click(screen.getByRole('tab', { name: '最多点赞' }));
    await waitFor(() => expect(names()).toEqual(['水泵（电子）', '节温器我的', '点火线圈']));
    expect(router.state.location.search).toBe('?tab=hot');
    expect(server.callsTo('GET /api/Shop.CustomerProductDevelopment/list').at(-1)!.query).toMatchObject({
      sort: 'hot',
    });

    fireEvent.click(screen.getByRole('tab', { name: '我的需求' }));
    await waitFor(() => expect(names()).toEqual(['节温器']));
    expect(screen.getByTestId('development-unread')).toBeTruthy();
  }, 20_000);

  it('likes at once, keeps the server count, and puts a refused like back', async () => {
    const items = [
      makeDevelopment(5, { part_name: '雨刮电机', like_count: 2 }),
      makeDevelopment(6, { part_name: '转向拉杆', like_count: 7 }),
    ];
    let release: () => void = () => {};
    const routes = developmentHandlers(items);
    server.use({
      ...routes,
      'POST /api/Shop.CustomerProductDevelopment/like': async (call) => {
        await new Promise<void>((resolve) => (release = resolve));
        if ((call.body as { id: number }).id === 6) return reply.refused('您已经点过赞了');
        return routes['POST /api/Shop.CustomerProductDevelopment/like']!(call);
      },
    });
    renderPage();
    await screen.findByText('雨刮电机');

    fireEvent.click(screen.getByRole('button', { name: '点赞 雨刮电机，2 个赞' }));
    // The count rose before the server answered.
    expect(await screen.findByRole('button', { name: '已点赞 雨刮电机，3 个赞' })).toBeTruthy();
    release();
    await waitFor(() => expect(server.callsTo('POST /api/Shop.CustomerProductDevelopment/like')).toHaveLength(1));
    expect(server.callsTo('POST /api/Shop.CustomerProductDevelopment/like')[0]!.body).toEqual({ id: 5 });
    expect(await screen.findByRole('button', { name: '已点赞 雨刮电机，3 个赞' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '点赞 转向拉杆，7 个赞' }));
    expect(await screen.findByRole('button', { name: '已点赞 转向拉杆，8 个赞' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST /api/Shop.CustomerProductDevelopment/like')).toHaveLength(2));
    release();
    expect(await screen.findByRole('button', { name: '点赞 转向拉杆，7 个赞' })).toBeTruthy();
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('您已经点过赞了'));
  }, 20_000);

  it('checks the add form with clear messages, then sends it and lists the new request', async () => {
    const items = [makeDevelopment(7, { part_name: '空气流量计' })];
    server.use(developmentHandlers(items));
    renderPage();
    await screen.findByText('空气流量计');

    fireEvent.click(screen.getByRole('button', { name: '提交需求' }));
    const dialog = await dialogTitled('提交开发需求');
    fireEvent.click(within(dialog).getByRole('button', { name: /^提\s*交$/ }));
    expect(await within(dialog).findByText('请填写配件名称')).toBeTruthy();
    expect(within(dialog).getByText('请填写预计月需求量')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('配件名称'), { target: { value: '  后视镜总成 ' } });
    for (const bad of ['0', '1.5', '-2', '二十']) {
      fireEvent.change(within(dialog).getByLabelText('预计月需求量'), { target: { value: bad } });
      expect(await within(dialog).findByText('预计月需求量须为正整数')).toBeTruthy();
    }
    fireEvent.change(within(dialog).getByLabelText('预计月需求量'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('OE 号'), { target: { value: 'A2068100116' } });
    expect(server.callsTo('POST /api/Shop.CustomerProductDevelopment/add')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /^提\s*交$/ }));

    await waitFor(() => expect(server.callsTo('POST /api/Shop.CustomerProductDevelopment/add')).toHaveLength(1));
    expect(server.callsTo('POST /api/Shop.CustomerProductDevelopment/add')[0]!.body).toEqual({
      part_name: '后视镜总成',
      vehicle: '',
      oe_number: 'A2068100116',
      monthly_quantity: '20',
      description: '',
    });
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('提交成功'));
    expect(await screen.findByText('后视镜总成')).toBeTruthy();
  }, 20_000);

  it('refuses a picture that is no image, or one picture too many, before sending', async () => {
    server.use(developmentHandlers([]));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '提交需求' }));
    const dialog = await dialogTitled('提交开发需求');
    const choose = (...files: File[]) =>
      fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files } });
    choose(new File(['%PDF'], '说明.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('只能上传图片（JPG、PNG、GIF、WEBP 等）'));
    const png = (n: number) => new File(['png'], `图${n}.png`, { type: 'image/png' });
    choose(png(1), png(2), png(3), png(4), png(5), png(6));
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('最多上传 5 张图片'));
    expect(within(dialog).getAllByRole('button', { name: /移\s*除/ })).toHaveLength(5);
    expect(within(dialog).queryByText('图6.png')).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: /移\s*除/ })[0]!);
    await waitFor(() => expect(within(dialog).queryByText('图1.png')).toBeNull());
    expect(within(dialog).getByText('图5.png')).toBeTruthy();
  }, 20_000);

  it('says why a refused request was refused', async () => {
    server.use({
      ...developmentHandlers([]),
      'POST /api/Shop.CustomerProductDevelopment/add': () => reply.refused('今日上传已达上限，请明天再试'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '提交需求' }));
    const dialog = await dialogTitled('提交开发需求');
    fireEvent.change(within(dialog).getByLabelText('配件名称'), { target: { value: '刹车片' } });
    fireEvent.change(within(dialog).getByLabelText('预计月需求量'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^提\s*交$/ }));
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('今日上传已达上限，请明天再试'));
    expect(await dialogTitled('提交开发需求')).toBeTruthy();
  }, 20_000);

  it('shows the empty state of the own tab and a failed load with a retry', async () => {
    let fail = true;
    const routes = developmentHandlers([]);
    server.use({
      ...routes,
      'GET /api/Shop.CustomerProductDevelopment/list': (call) =>
        fail ? reply.serverError('服务繁忙') : routes['GET /api/Shop.CustomerProductDevelopment/list']!(call),
    });
    renderPage();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('暂无开发需求，快来提交第一个吧')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '我的需求' }));
    expect(await screen.findByText('您还没有提交过开发需求')).toBeTruthy();
  }, 20_000);
});

describe('/profile/product_develop_detail', () => {
  it('shows the request with the replies; another account’s answers as not found', async () => {
    const items = [makeDevelopment(8, { part_name: '节温器', mine: 1, unread: 1, oe_number: '11537549476' })];
    const routes = developmentHandlers(items);
    server.use({
      ...routes,
      'GET /api/Shop.CustomerProductDevelopment/detail': (call) => {
        const answer = routes['GET /api/Shop.CustomerProductDevelopment/detail']!(call);
        if (Number(call.query.id) !== 8) return answer;
        return {
          ...(answer as object),
          status: 'developing',
          status_text: '开发中',
          replies: [
            { content: '已立项', status: 'developing', status_text: '开发中', created_at: '2026-11-21 09:00:00' },
          ],
        };
      },
    });
    renderPage('/profile/product_develop_detail?id=8');
    expect(await screen.findByText('已立项')).toBeTruthy();
    expect(screen.getByText('11537549476')).toBeTruthy();
    expect(screen.getByText('状态更新为：开发中')).toBeTruthy();
    expect(server.callsTo('GET /api/Shop.CustomerProductDevelopment/detail')[0]!.query).toEqual({ id: '8' });
    // A like from the detail counts there too.
    fireEvent.click(screen.getByRole('button', { name: '点赞 节温器，0 个赞' }));
    expect(await screen.findByRole('button', { name: '已点赞 节温器，1 个赞' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST /api/Shop.CustomerProductDevelopment/like')).toHaveLength(1));
  }, 20_000);

  it('another account’s request answers as not found', async () => {
    server.use(developmentHandlers([makeDevelopment(9)]));
    renderPage('/profile/product_develop_detail?id=9');
    expect(await screen.findByText('开发需求不存在')).toBeTruthy();
  }, 20_000);
});
