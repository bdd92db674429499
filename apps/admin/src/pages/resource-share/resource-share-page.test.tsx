import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminResourceEntry } from '@shop/core/api/resource-share';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { firstPage, lastQueryIs, renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();
const LIST = 'GET /api/admin/resource-share';
const TAKE_DOWN = 'POST /api/admin/resource-share/41/take-down';
const me = () => staffMe(['customer_service'], '客服专员');

const entry = (overrides: Partial<AdminResourceEntry> = {}): AdminResourceEntry => ({
  id: 41,
  number: 'RS-2001',
  name: '前刹车片',
  quantity: 5,
  price: '120.50',
  contact: '张先生 13900001111',
  create_time: '2026-11-28 10:00:00',
  company_id: 7,
  company_name: '广州恒通汽配有限公司',
  account_name: 'a_main',
  account_phone: '13800000001',
  status: 'active',
  status_cn: '共享中',
  note: '',
  update_time: '2026-11-28 10:00:00',
  ...overrides,
});

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('资源共享', () => {
  it('lists the shared stock with the sharing dealer and its contact, filtered from the address', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      [LIST]: () =>
        firstPage([
          entry(),
          entry({
            id: 42,
            number: 'RS-2002',
            name: '机油滤清器',
            price: null,
            status: 'taken_down',
            status_cn: '已下架',
            note: '虚假信息',
            update_time: '2026-11-28 11:30:00',
          }),
        ]),
    });
    const { router } = renderApp('/resource-share?keyword=RS&status=bogus');
    const row = await rowOf('RS-2001');
    expect(within(row).getByRole('link', { name: '广州恒通汽配有限公司' }).getAttribute('href')).toBe('/dealers/7');
    expect(within(row).getByText('a_main（13800000001）')).toBeTruthy();
    expect(within(row).getByText('张先生 13900001111')).toBeTruthy();
    expect(within(row).getByText('¥120.50')).toBeTruthy();
    expect(within(row).getByText('共享中')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '下架' })).toBeTruthy();
    const down = await rowOf('RS-2002');
    expect(within(down).getByText('面议')).toBeTruthy();
    expect(within(down).getByText('原因：虚假信息')).toBeTruthy();
    expect(within(down).getByText('2026-11-28 11:30:00')).toBeTruthy();
    expect(within(down).queryByRole('button', { name: '下架' })).toBeNull();
    // A status the API does not know is left out of the call.
    expect(server.callsTo(LIST)[0]?.query).toEqual({ keyword: 'RS', page: '1', limit: '20' });

    fireEvent.change(screen.getByPlaceholderText('公司名称'), { target: { value: '恒通' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('company')).toBe('恒通'));
    expect(router.state.location.pathname).toBe('/resource-share');
    await lastQueryIs(server, LIST, { keyword: 'RS', company: '恒通', page: '1', limit: '20' });
  });

  it('takes an entry down with a reason, sent once, and shows the list again', async () => {
    let takenDown = false;
    server.use({
      'GET /api/admin/auth/me': me,
      [LIST]: () =>
        firstPage([takenDown ? entry({ status: 'taken_down', status_cn: '已下架', note: '虚假信息' }) : entry()]),
      [TAKE_DOWN]: () => {
        takenDown = true;
        return null;
      },
    });
    renderApp('/resource-share');
    fireEvent.click(within(await rowOf('RS-2001')).getByRole('button', { name: '下架' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('RS-2001 前刹车片（5 件）')).toBeTruthy();
    expect(within(dialog).getByText('广州恒通汽配有限公司')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: /确认下架/ });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('下架原因'), { target: { value: '   ' } });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('下架原因'), { target: { value: ' 虚假信息 ' } });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo(TAKE_DOWN).map((c) => c.body)).toEqual([{ reason: '虚假信息' }]);
    expect(await screen.findByText('已下架', { selector: '.ant-message *' })).toBeTruthy();
    const row = await rowOf('原因：虚假信息');
    expect(within(row).queryByRole('button', { name: '下架' })).toBeNull();
  });

  it('keeps the dialog and the reason when the server refuses, and says why once', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      [LIST]: () => firstPage([entry()]),
      [TAKE_DOWN]: () => reply.refused('该共享资源不存在或已下架'),
    });
    renderApp('/resource-share');
    fireEvent.click(within(await rowOf('RS-2001')).getByRole('button', { name: '下架' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('下架原因'), { target: { value: '重复发布' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认下架/ }));
    expect(await screen.findAllByText('该共享资源不存在或已下架')).toHaveLength(1);
    expect(within(screen.getByRole('dialog')).getByLabelText('下架原因')).toHaveProperty('value', '重复发布');
    // Cancelled: nothing more is sent.
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo(TAKE_DOWN)).toHaveLength(1);
  });

  it('says so when nothing matches, and offers a retry when the list fails', async () => {
    server.use({ 'GET /api/admin/auth/me': me, [LIST]: () => firstPage([]) });
    const first = renderApp('/resource-share?company=没有');
    expect(await screen.findByText('暂无符合条件的共享资源')).toBeTruthy();
    first.unmount();

    let fail = true;
    server.use({ [LIST]: () => (fail ? reply.serverError('服务异常') : firstPage([entry()])) });
    renderApp('/resource-share');
    const retry = await screen.findByRole('button', { name: '重新加载' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('RS-2001')).toBeTruthy();
  });
});
