import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MarketingItem } from '@shop/core/api/posters';
import { POSTER_TEXTS } from '@shop/core/api/posters';
import { dialogTitled } from '../../test/dialogs';
import { notesPerTest } from '../../test/notes';
import { LocationProbe, renderRoutes } from '../../test/render-route';
import { makeMarketingItem, makePage, makePosterTemplate } from '../../test/server/factories';
import { userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import MarketingPage from './marketing-page';

const notes = notesPerTest();
const server = stubServerPerTest(() => userHandlers());
const LIST = 'GET /api/Shop.GeneratePicture/getList';
const DETAIL = 'GET /api/Shop.GeneratePicture/getDetail';

/** Today's materials, 12 a page, as getList answers them. */
function today(items: MarketingItem[]) {
  server.use({
    [LIST]: ({ query }) => {
      const page = Number(query.page);
      return { ...makePage(items.slice((page - 1) * 12, page * 12), page, 12, items.length), today: '2026-11-26' };
    },
  });
}

function open() {
  return renderRoutes(
    [
      { path: '/parts/marketing', element: <MarketingPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    ['/parts/marketing'],
  );
}

const list = () => screen.findByRole('list', { name: '今日营销内容' });

describe('/parts/marketing', () => {
  it("lists today's materials with their days, 12 a page", async () => {
    today([
      makeMarketingItem(1, { title: '刹车系统专场', starts_on: '2026-11-25', ends_on: '2026-11-28' }),
      ...Array.from({ length: 12 }, (_, i) => makeMarketingItem(i + 2)),
    ]);
    open();
    const cards = within(await list()).getAllByRole('listitem');
    expect(cards).toHaveLength(12);
    expect(within(cards[0]!).getByText('刹车系统专场', { selector: '[class*=title]' })).toBeTruthy();
    expect(within(cards[0]!).getByText('2026-11-25 至 2026-11-28')).toBeTruthy();
    expect(screen.getByText('2026-11-26')).toBeTruthy();
    expect(server.callsTo(LIST).map((c) => c.query)).toEqual([{ page: '1', limit: '12' }]);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: '今日营销内容' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(server.callsTo(LIST).at(-1)!.query).toEqual({ page: '2', limit: '12' });
  }, 20_000);

  it('opens a material with its suggested template, which leads to the editor with it', async () => {
    today([makeMarketingItem(1, { title: '刹车系统专场', template_id: 3 })]);
    server.use({
      [DETAIL]: ({ query }) => ({
        ...makeMarketingItem(Number(query.id), {
          title: '刹车系统专场',
          summary: '满 5000 元送工具套装',
          template_id: 3,
        }),
        template: makePosterTemplate(3, { name: '蓝色专场' }),
      }),
    });
    const router = open();
    fireEvent.click(within(await list()).getByRole('button', { name: /刹车系统专场/ }));
    const dialog = await dialogTitled('刹车系统专场');
    expect(await within(dialog).findByText('满 5000 元送工具套装')).toBeTruthy();
    expect(server.callsTo(DETAIL).map((c) => c.query)).toEqual([{ id: '1' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: '用「蓝色专场」模板制作海报' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts/marketing/edit'));
    expect(router.state.location.search).toBe('?template_id=3');
  }, 20_000);

  it('a material without a template offers none; one gone says so in the dialog, without a toast', async () => {
    today([makeMarketingItem(1, { title: '机油节' }), makeMarketingItem(2, { title: '已结束的活动' })]);
    server.use({
      [DETAIL]: ({ query }) =>
        query.id === '1'
          ? { ...makeMarketingItem(1, { title: '机油节', summary: '全场机油九折' }), template: null }
          : reply.refused(POSTER_TEXTS.itemNotFound),
    });
    open();
    fireEvent.click(within(await list()).getByRole('button', { name: /机油节/ }));
    const dialog = await dialogTitled('机油节');
    expect(await within(dialog).findByText('全场机油九折')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /模板制作海报/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByText('全场机油九折')).toBeNull());

    fireEvent.click(within(await list()).getByRole('button', { name: /已结束的活动/ }));
    expect(await screen.findByText(POSTER_TEXTS.itemNotFound)).toBeTruthy();
    expect(notes.error).not.toHaveBeenCalled();
  }, 20_000);

  it('制作海报 leads to the editor', async () => {
    today([]);
    const router = open();
    fireEvent.click(await screen.findByRole('button', { name: /制作海报/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts/marketing/edit'));
    expect(router.state.location.search).toBe('');
  }, 20_000);

  it('shows the loading state, then says when there is nothing today', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use({
      [LIST]: async () => {
        await held;
        return { ...makePage([]), today: '2026-11-26' };
      },
    });
    open();
    expect(await screen.findByRole('status', { name: '加载中…' })).toBeTruthy();
    release();
    expect(await screen.findByText(POSTER_TEXTS.emptyToday)).toBeTruthy();
  }, 20_000);

  it('shows a failed load in the page (no toast) with a retry', async () => {
    let fail = true;
    server.use({
      [LIST]: () =>
        fail ? reply.serverError('营销服务繁忙') : { ...makePage([makeMarketingItem(1)], 1, 12), today: '2026-11-26' },
    });
    open();
    expect(await screen.findByText('营销服务繁忙')).toBeTruthy();
    expect(notes.error).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
  }, 20_000);
});
