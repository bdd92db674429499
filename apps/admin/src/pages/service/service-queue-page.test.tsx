import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceQueue, ServiceQueueItem } from '@shop/core/api/service';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { lastQueryIs, renderApp, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();
const QUEUE = 'GET /api/admin/service/queue';

function item(overrides: Partial<ServiceQueueItem> = {}): ServiceQueueItem {
  return {
    kind: 'question',
    id: 5,
    company_id: 7,
    company_name: '广州骏达汽配',
    account_name: 'dealer_a',
    subject: '前刹车片',
    text: '适配 2019 款吗？',
    last_word_at: '2026-11-27 09:00:00',
    waiting: 1,
    waiting_minutes: 1565,
    unread: 1,
    replied_at: '',
    ...overrides,
  };
}

function queue(list: ServiceQueueItem[], total = list.length): ServiceQueue {
  return {
    total,
    page: 1,
    limit: 20,
    list,
    counts: {
      question: { waiting: 3, unread: 2 },
      feedback: { waiting: 1, unread: 0 },
      development: { waiting: 0, unread: 0 },
    },
  };
}

describe('the service queue', () => {
  it('lists the three kinds with waiting time, unread and counts; a row opens its detail', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [QUEUE]: () =>
        queue([
          item(),
          // The same id in another kind is another row.
          item({ kind: 'feedback', id: 5, subject: '', text: '网站很好用', waiting_minutes: 12, unread: 0 }),
          item({
            kind: 'development',
            id: 9,
            subject: '后视镜',
            text: '需要开发',
            waiting: 0,
            waiting_minutes: 0,
            unread: 0,
            replied_at: '2026-11-27 10:00:00',
          }),
        ]),
      'GET /api/admin/questions/5': () => reply.refused('问题不存在'),
      'POST /api/admin/service/question/5/read': () => null,
    });
    const { router } = renderApp('/service');
    await screen.findByText('网站很好用');
    const rows = screen.getAllByRole('row');
    const body = rows.slice(1);
    expect(body).toHaveLength(3);
    expect(within(body[0]!).getByText('商品咨询')).toBeTruthy();
    expect(within(body[0]!).getByText('1 天 2 小时')).toBeTruthy();
    expect(within(body[0]!).getByText('待回复')).toBeTruthy();
    expect(within(body[0]!).getByText('未读')).toBeTruthy();
    expect(within(body[1]!).getByText('12 分钟')).toBeTruthy();
    expect(within(body[1]!).queryByText('未读')).toBeNull();
    expect(within(body[2]!).getByText('已回复')).toBeTruthy();
    expect(within(body[2]!).getByText('2026-11-27 10:00:00')).toBeTruthy();
    const counts = screen.getByTestId('service-counts').textContent;
    expect(counts).toContain('商品咨询：待回复 3 · 未读 2');
    expect(counts).toContain('意见反馈：待回复 1 · 未读 0');
    expect(screen.getByRole('link', { name: '群发消息' })).toBeTruthy();

    fireEvent.click(within(body[0]!).getByRole('link', { name: '商品咨询 5' }));
    await waitFor(() => expect(where(router)).toBe('/service/question/5'));
  });

  it('sends the filters of the address and puts new ones back in it', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [QUEUE]: () => queue([]),
    });
    const { router } = renderApp('/service?kind=feedback&state=waiting&company_id=7&unread=1&kind2=x');
    await screen.findByText('暂无待处理的咨询');
    expect(server.callsTo(QUEUE)[0]?.query).toEqual({
      kind: 'feedback',
      state: 'waiting',
      company_id: '7',
      unread: '1',
      page: '1',
      limit: '20',
    });
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(where(router)).toBe('/service?kind2=x'));
    await lastQueryIs(server, QUEUE, { page: '1', limit: '20' });
  });

  it('ignores unknown kinds and states in the address', async () => {
    server.use({ 'GET /api/admin/auth/me': () => staffMe(['customer_service']), [QUEUE]: () => queue([]) });
    renderApp('/service?kind=orders&state=open&company_id=x');
    await screen.findByText('暂无待处理的咨询');
    expect(server.callsTo(QUEUE)[0]?.query).toEqual({ page: '1', limit: '20' });
  });

  it('shows a failure with a retry, and a role without service.answer is not asked', async () => {
    let fail = true;
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      [QUEUE]: () => (fail ? reply.serverError('数据库繁忙') : queue([item()])),
    });
    const first = renderApp('/service');
    expect(await screen.findAllByText('数据库繁忙')).toHaveLength(1);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('1 天 2 小时')).toBeTruthy();
    first.unmount();

    server.use({ 'GET /api/admin/auth/me': () => staffMe(['catalog']) });
    const calls = server.callsTo(QUEUE).length;
    renderApp('/service');
    expect(await screen.findByText('无权限访问')).toBeTruthy();
    expect(server.callsTo(QUEUE)).toHaveLength(calls);
  });
});
