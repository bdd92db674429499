import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dialogTitled } from '../../test/dialogs';
import { notesPerTest } from '../../test/notes';
import { renderRoutes } from '../../test/render-route';
import { makeFeedback } from '../../test/server/factories';
import { feedbackHandlers, userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import FeedbackPage from './feedback-page';

const notes = notesPerTest();
const server = stubServerPerTest(() => userHandlers());

function renderPage(entry = '/profile/feedback') {
  return renderRoutes([{ path: '/profile/feedback', element: <FeedbackPage /> }], [entry], { brand: 'frey' });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('/profile/feedback', () => {
  it('lists the feedback with the latest reply and a dot for unread replies; the detail shows every reply and clears the dot', async () => {
    const items = [
      makeFeedback(2, {
        text: '订单导出缺少备注列',
        reply: '已修复，请刷新后再试',
        reply_time: '2026-11-21T02:00:00.000Z',
        unread: 1,
      }),
      makeFeedback(1, { text: '希望增加夜间模式', file_name: '截图.png', file_type: 'image' }),
    ];
    server.use(feedbackHandlers(items));
    renderPage();

    await screen.findByText('订单导出缺少备注列');
    expect(screen.getAllByTestId('feedback-unread')).toHaveLength(1);
    expect(within(rowOf('订单导出缺少备注列')).getByTestId('feedback-unread')).toBeTruthy();
    expect(within(rowOf('希望增加夜间模式')).getByText('待回复')).toBeTruthy();
    expect(within(rowOf('希望增加夜间模式')).getByText('截图.png')).toBeTruthy();
    // China time, to the minute.
    expect(within(rowOf('订单导出缺少备注列')).getByText('2026-11-20 10:00')).toBeTruthy();

    fireEvent.click(within(rowOf('订单导出缺少备注列')).getByRole('button', { name: '查看' }));
    const dialog = await dialogTitled('反馈详情');
    await within(dialog).findByText('客服回复');
    expect(within(dialog).getAllByText('已修复，请刷新后再试')).toHaveLength(1);
    expect(server.callsTo('GET /api/Shop.ShopFeedback/detail')[0]!.query).toEqual({ id: '2' });
    // Opening it read the reply: the list loads again without the dot.
    await waitFor(() => expect(screen.queryByTestId('feedback-unread')).toBeNull());
  }, 20_000);

  it('marks every reply read', async () => {
    server.use(
      feedbackHandlers([makeFeedback(3, { reply: '收到', unread: 1 }), makeFeedback(4, { reply: '好的', unread: 1 })]),
    );
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('feedback-unread')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(screen.queryByTestId('feedback-unread')).toBeNull());
    expect(server.callsTo('POST /api/Shop.ShopFeedback/markAllAsRead')).toHaveLength(1);
    expect(notes.success).toHaveBeenCalledWith('已全部标记为已读');
    expect(screen.getByRole('button', { name: '全部标为已读' }).hasAttribute('disabled')).toBe(true);
  }, 20_000);

  it('shows the empty state, and 我要反馈 opens the feedback dialog', async () => {
    server.use(feedbackHandlers([]));
    renderPage();
    expect(await screen.findByText('暂无反馈，点击右上角“我要反馈”告诉我们您的问题或建议')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '我要反馈' }));
    const dialog = await dialogTitled('意见反馈');
    fireEvent.click(within(dialog).getByRole('button', { name: /^提\s*交$/ }));
    expect(await within(dialog).findByText('请填写反馈内容')).toBeTruthy();
  }, 20_000);

  it('shows a failed load with a retry that loads the list; paging lives in the address', async () => {
    const items = Array.from({ length: 12 }, (_, i) => makeFeedback(20 - i, { text: `第${i + 1}条反馈` }));
    let fail = true;
    server.use({
      ...feedbackHandlers(items),
      'GET /api/Shop.ShopFeedback/index': ({ query }) => {
        if (fail) return reply.serverError('服务繁忙');
        const page = Number(query.page);
        return { list: items.slice((page - 1) * 10, page * 10), total: items.length };
      },
    });
    renderPage('/profile/feedback?page=2&limit=10');
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('第11条反馈')).toBeTruthy();
    expect(screen.getByText('第12条反馈')).toBeTruthy();
    expect(server.callsTo('GET /api/Shop.ShopFeedback/index').at(-1)!.query).toEqual({ page: '2', limit: '10' });
  }, 20_000);
});
