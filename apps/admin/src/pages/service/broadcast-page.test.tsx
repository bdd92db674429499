import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Broadcast, BroadcastRequest } from '@shop/core/api/messages';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { expectClosedTo, lastQueryIs, renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();
const SEND = 'POST /api/admin/messages/broadcast';

function sent(body: BroadcastRequest, recipients = 12): Broadcast {
  return {
    id: 1,
    staff_id: 3,
    staff_name: '客服专员',
    tip_name: body.tip_name,
    tip_description: body.tip_description,
    tip_word: body.tip_word,
    is_eject: body.is_eject,
    pop_type: body.pop_type,
    audience: body.audience,
    recipients,
    created_at: '2026-11-28 10:00:00',
  };
}

function routes() {
  server.use({
    'GET /api/admin/auth/me': () => staffMe(['customer_service']),
    'GET /api/admin/messages/audience': (call) => ({
      brands: ['东风', '一汽'],
      companies: call.query.keyword
        ? [{ id: 7, name: `${call.query.keyword}汽配贸易` }]
        : [
            { id: 1, name: '北京汽配' },
            { id: 2, name: '上海汽配' },
          ],
    }),
    'GET /api/admin/messages/broadcasts': () => ({ total: 0, page: 1, limit: 10, list: [] }),
    [SEND]: (call) => sent(call.body as BroadcastRequest),
  });
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the broadcast page', () => {
  it('previews the popup as the dealer sees it while the message is written', async () => {
    routes();
    renderApp('/broadcast');
    const preview = await screen.findByRole('figure', { name: '弹窗预览' });
    expect(preview.getAttribute('data-pop')).toBe('normal');
    expect(within(preview).getByText('消息标题')).toBeTruthy();
    fill('标题', '春节放假通知');
    fill('内容', '1 月 28 日至 2 月 4 日放假\n期间订单节后发货');
    await waitFor(() => expect(within(preview).getByText('春节放假通知')).toBeTruthy());
    // Without a summary the popup shows the content's first line, as the server writes it.
    expect(within(preview).getByText('1 月 28 日至 2 月 4 日放假')).toBeTruthy();
    expect(within(preview).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeTruthy();
    fill('摘要（可不填，默认取内容第一行）', '节后 2 月 5 日恢复发货');
    await waitFor(() => expect(within(preview).getByText('节后 2 月 5 日恢复发货')).toBeTruthy());

    fireEvent.click(screen.getByLabelText('小弹窗'));
    await waitFor(() =>
      expect(screen.getByRole('figure', { name: '弹窗预览' }).getAttribute('data-pop')).toBe('small'),
    );
    const small = screen.getByRole('figure', { name: '弹窗预览' });
    expect(within(small).getByText('春节放假通知')).toBeTruthy();
    expect(within(small).queryByText('节后 2 月 5 日恢复发货')).toBeNull();

    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('不弹窗：消息只出现在经销商的消息中心。')).toBeTruthy();
  });

  it('sends to chosen companies once, however often 发送 is clicked, then starts a new message', async () => {
    routes();
    renderApp('/broadcast');
    await screen.findByRole('figure', { name: '弹窗预览' });
    fireEvent.click(screen.getByLabelText('指定公司'));
    const picker = await screen.findByLabelText('公司');
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('请选择接收的公司')).toBeTruthy();
    expect(server.callsTo(SEND)).toHaveLength(0);

    fireEvent.change(picker, { target: { value: '骏达' } });
    await lastQueryIs(server, 'GET /api/admin/messages/audience', { keyword: '骏达' });
    fireEvent.click(await screen.findByText('骏达汽配贸易（7）'));
    fill('标题', '价格调整');
    fill('内容', '部分刹车片价格下调');
    const send = screen.getByRole('button', { name: /发送$/ });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByText('消息已发送给 12 个账号')).toBeTruthy();
    const calls = server.callsTo(SEND).map((c) => c.body as BroadcastRequest);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      tip_name: '价格调整',
      tip_description: '',
      tip_word: '部分刹车片价格下调',
      is_eject: 1,
      pop_type: 1,
      audience: { type: 'companies', company_ids: [7] },
    });
    expect(calls[0]!.request_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // The form is empty again; the next message has a key of its own.
    await waitFor(() => expect(screen.getByLabelText('标题')).toHaveProperty('value', ''));
    fill('标题', '第二条');
    fill('内容', '全部经销商');
    fireEvent.click(screen.getByLabelText('全部经销商'));
    fireEvent.click(screen.getByRole('button', { name: /发送$/ }));
    await waitFor(() => expect(server.callsTo(SEND)).toHaveLength(2));
    const second = server.callsTo(SEND)[1]!.body as BroadcastRequest;
    expect(second.audience).toEqual({ type: 'all' });
    expect(second.request_key).not.toBe(calls[0]!.request_key);
  });

  it('keeps the message and its key when the server refuses, so a retry cannot send twice', async () => {
    routes();
    let refuse = true;
    server.use({
      [SEND]: (call) => (refuse ? reply.refused('没有可接收该消息的账号') : sent(call.body as BroadcastRequest, 3)),
    });
    renderApp('/broadcast');
    await screen.findByRole('figure', { name: '弹窗预览' });
    fireEvent.click(screen.getByLabelText('某品牌的公司'));
    fireEvent.mouseDown(await screen.findByLabelText('品牌'));
    await screen.findAllByText('一汽');
    fireEvent.click(document.querySelector('.ant-select-item-option[title="一汽"]')!);
    fill('标题', '一汽配件到货');
    fill('内容', '新到一批');
    fireEvent.click(screen.getByRole('button', { name: /发送$/ }));
    expect(await screen.findAllByText('没有可接收该消息的账号')).toHaveLength(1);
    expect(screen.getByLabelText('标题')).toHaveProperty('value', '一汽配件到货');
    refuse = false;
    await waitFor(() => expect(screen.getByRole('button', { name: /发送$/ })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: /发送$/ }));
    expect(await screen.findByText('消息已发送给 3 个账号')).toBeTruthy();
    const [first, retry] = server.callsTo(SEND).map((c) => c.body as BroadcastRequest);
    expect(first!.audience).toEqual({ type: 'brand', brand: '一汽' });
    expect(retry!.request_key).toBe(first!.request_key);
  });

  it('is closed to a role without messages.broadcast', async () => {
    await expectClosedTo(server, ['finance'], '/broadcast', 'GET /api/admin/messages/audience');
  });
});
