import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminBanner, AdminHotKeyword, ContentPart } from '@shop/core/api/admin-content';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { expectClosedTo, firstPage, listPage, renderApp, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();
const catalog = () => staffMe(['catalog'], '商品运营');

const banner = (overrides: Partial<AdminBanner> = {}): AdminBanner => ({
  id: 1,
  picture: '/media/banners/1.svg',
  file_type: 'image',
  address: '/parts/new',
  sort: 1,
  enabled: true,
  starts_at: null,
  ends_at: null,
  state: 'showing',
  ...overrides,
});

const part = (id: number, rank: number | null): ContentPart => ({
  product_id: id,
  frey_no: `FR117-000000${id}`,
  oe_number: `OE${id}`,
  product_name: `配件${id}`,
  rank,
  new_arrival_at: rank === null ? '2026-11-02 10:00:00' : null,
});

describe('the shop content', () => {
  it('lists the banners with their schedule and state, and adds one once, whatever the clicks', async () => {
    const banners = [
      banner(),
      banner({ id: 2, sort: 2, starts_at: '2026-12-01 00:00:00', state: 'scheduled', address: '' }),
    ];
    let answer: (v: unknown) => void = () => {};
    server.use({
      'GET /api/admin/auth/me': catalog,
      'GET /api/admin/content/banners': () => banners,
      'POST /api/admin/content/banners': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/content');
    expect(await screen.findByText('未开始')).toBeTruthy();
    expect(screen.getByText('2026-12-01 00:00:00 至 不限')).toBeTruthy();
    expect(screen.getByText('展示中')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /添加轮播图/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('图片或视频地址'), { target: { value: '/media/banners/3.svg' } });
    fireEvent.change(within(dialog).getByLabelText('点击打开的链接'), { target: { value: '/parts/stock' } });
    const ok = within(dialog).getByRole('button', { name: /保\s*存/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(server.callsTo('POST /api/admin/content/banners')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/content/banners')[0]?.body).toEqual({
      picture: '/media/banners/3.svg',
      file_type: 'image',
      address: '/parts/stock',
      enabled: true,
      starts_at: null,
      ends_at: null,
    });
    banners.push(banner({ id: 3, sort: 3, picture: '/media/banners/3.svg', address: '/parts/stock' }));
    answer(banners.at(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/admin/content/banners')).toHaveLength(1);
    expect(await screen.findByText('/parts/stock')).toBeTruthy();
  });

  it('uploads a picture into the form, and says why a bad link is refused before sending', async () => {
    server.use({
      'GET /api/admin/auth/me': catalog,
      'GET /api/admin/content/banners': () => [],
      'POST /api/admin/content/media': () => ({
        url: '/media/content/0b6c2b9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.mp4',
        file_type: 'video',
      }),
    });
    renderApp('/content');
    expect(await screen.findByText('暂无轮播图')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /添加轮播图/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['video'], 'promo.mp4', { type: 'video/mp4' })] } });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('图片或视频地址') as HTMLInputElement).value).toBe(
        '/media/content/0b6c2b9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.mp4',
      ),
    );
    expect(server.callsTo('POST /api/admin/content/media')[0]?.body).toBeInstanceOf(FormData);
    expect((within(dialog).getByRole('radio', { name: '视频' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('点击打开的链接'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('链接地址不正确（以 / 或 http(s):// 开头）')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/content/banners')).toHaveLength(0);
  });

  it('adds a hot keyword, shows the server refusal, and reorders with the whole new order', async () => {
    const keywords: AdminHotKeyword[] = [
      { id: 5, keyword: '刹车片', sort: 1, enabled: true },
      { id: 6, keyword: '火花塞', sort: 2, enabled: false },
    ];
    server.use({
      'GET /api/admin/auth/me': catalog,
      'GET /api/admin/content/hot-keywords': () => keywords,
      'POST /api/admin/content/hot-keywords': () => reply.refused('该关键词已存在'),
      'POST /api/admin/content/hot-keywords/reorder': () => null,
    });
    const { router } = renderApp('/content?tab=hot-keywords');
    expect(await screen.findByText('火花塞')).toBeTruthy();
    expect(screen.getByText('停用')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新的热门关键词'), { target: { value: ' 刹车片 ' } });
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    expect(await screen.findAllByText('该关键词已存在')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/content/hot-keywords')[0]?.body).toEqual({ keyword: '刹车片' });

    fireEvent.click(screen.getAllByRole('button', { name: '下移' })[0]!);
    await waitFor(() => expect(server.callsTo('POST /api/admin/content/hot-keywords/reorder')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/content/hot-keywords/reorder')[0]?.body).toEqual({ ids: [6, 5] });
    expect(where(router)).toBe('/content?tab=hot-keywords');
  });

  it('adds a hot recommendation by its number and moves one up; a new arrival is removed after a confirm', async () => {
    server.use({
      'GET /api/admin/auth/me': catalog,
      'GET /api/admin/content/hot-recommends': () => listPage([part(7, 1), part(8, 2)], { limit: 100 }),
      'POST /api/admin/content/hot-recommends': () => part(9, 3),
      'POST /api/admin/content/hot-recommends/reorder': () => null,
      'GET /api/admin/content/new-arrivals': () => firstPage([part(4, null)]),
      'POST /api/admin/content/new-arrivals/4/delete': () => part(4, null),
    });
    const { router } = renderApp('/content?tab=hot-recommends');
    expect(await screen.findByText('FR117-0000008')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/content/hot-recommends')[0]?.query).toEqual({ page: '1', limit: '100' });
    fireEvent.change(screen.getByLabelText('加入热门推荐的配件编号'), { target: { value: 'FR117-0000009' } });
    fireEvent.click(screen.getByRole('button', { name: /加入热门推荐/ }));
    await waitFor(() =>
      expect(server.callsTo('POST /api/admin/content/hot-recommends')[0]?.body).toEqual({ number: 'FR117-0000009' }),
    );
    fireEvent.click(screen.getAllByRole('button', { name: '上移' })[1]!);
    await waitFor(() =>
      expect(server.callsTo('POST /api/admin/content/hot-recommends/reorder')[0]?.body).toEqual({ ids: [8, 7] }),
    );

    fireEvent.click(screen.getByRole('tab', { name: '新品' }));
    await waitFor(() => expect(where(router)).toBe('/content?tab=new-arrivals'));
    expect(await screen.findByText('2026-11-02 10:00:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /移\s*出/ }));
    const confirm = await screen.findByText('将 FR117-0000004 移出新品？');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /移\s*出/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/content/new-arrivals/4/delete')).toHaveLength(1));
  });

  it('is closed to a role without content.manage, which asks nothing', async () => {
    await expectClosedTo(server, ['customer_service'], '/content', 'GET /api/admin/content/banners');
  });
});
