import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminFeedbackItem } from '@shop/core/api/feedback';
import type { AdminQuestion } from '@shop/core/api/service';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { firstPage, renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();
const me = () => staffMe(['customer_service']);

function question(overrides: Partial<AdminQuestion> = {}): AdminQuestion {
  return {
    id: 5,
    product_id: 11,
    frey_no: 'FR-0011',
    part_name: '前刹车片',
    company_id: 7,
    company_name: '广州骏达汽配',
    account_name: 'dealer_a',
    type: 1,
    ask_questions: '适配 2019 款吗？',
    created_at: '2026-11-27 09:00:00',
    reply_content: '',
    reply_time: '',
    reply_pics: [],
    staff_unread: 1,
    dealer_read: 0,
    ...overrides,
  };
}

function feedback(overrides: Partial<AdminFeedbackItem> = {}): AdminFeedbackItem {
  return {
    id: 8,
    text: '搜索结果太少',
    file_type: '',
    file_name: '',
    file_size: 0,
    file_url: '',
    reply: '',
    reply_time: null,
    created_at: '2026-11-27T01:00:00.000Z',
    company_id: 7,
    company_name: '广州骏达汽配',
    account_name: 'dealer_a',
    replies: [{ content: '已收到', created_at: '2026-11-27T02:00:00.000Z' }],
    ...overrides,
  };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '安装图.png', { type: 'image/png' });

describe('a question in the service area', () => {
  it('marks it read on opening, answers with an uploaded picture once, and shows the answer', async () => {
    let answered = false;
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/questions/5': () =>
        answered
          ? question({ reply_content: '可以装', reply_time: '2026-11-27 10:00:00', staff_unread: 0 })
          : question(),
      'POST /api/admin/service/question/5/read': () => null,
      'POST /api/admin/questions/5/pictures': () => ({ id: 41, name: '安装图.png', size: 4 }),
      'POST /api/admin/questions/5/answer': () => {
        answered = true;
        return null;
      },
    });
    const { container } = renderApp('/service/question/5');
    expect(await screen.findByText('适配 2019 款吗？')).toBeTruthy();
    expect(screen.getByText('FR-0011 前刹车片')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST /api/admin/service/question/5/read')).toHaveLength(1));

    // Empty text is refused before sending.
    fireEvent.click(screen.getByRole('button', { name: /回复$/ }));
    expect(await screen.findByText('请输入回复内容')).toBeTruthy();

    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png()] } });
    await waitFor(() => expect(server.callsTo('POST /api/admin/questions/5/pictures')).toHaveLength(1));
    const sent = server.callsTo('POST /api/admin/questions/5/pictures')[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('安装图.png');
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-done')).not.toBeNull());

    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: ' 可以装 ' } });
    const send = screen.getByRole('button', { name: /回复$/ });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByText('可以装')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/questions/5/answer').map((c) => c.body)).toEqual([
      { reply_content: '可以装', reply_pics: [41] },
    ]);
    expect(await screen.findByText('已回复')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /回复$/ })).toBeNull();
  });

  it('says why a picture was refused and sends the answer without it', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/questions/5': () => question(),
      'POST /api/admin/service/question/5/read': () => null,
      'POST /api/admin/questions/5/pictures': () => reply.refused('只能上传图片（JPG、PNG、GIF、WEBP 等）'),
      'POST /api/admin/questions/5/answer': () => null,
    });
    const { container } = renderApp('/service/question/5');
    await screen.findByText('适配 2019 款吗？');
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [png()] } });
    expect(await screen.findAllByText('只能上传图片（JPG、PNG、GIF、WEBP 等）')).toHaveLength(1);
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-error')).not.toBeNull());
    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: '可以' } });
    fireEvent.click(screen.getByRole('button', { name: /回复$/ }));
    await waitFor(() =>
      expect(server.callsTo('POST /api/admin/questions/5/answer').map((c) => c.body)).toEqual([
        { reply_content: '可以', reply_pics: [] },
      ]),
    );
  });
});

describe('feedback in the service area', () => {
  it('shows the replies so far and sends another reply to the feedback route', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/feedback': () => firstPage([feedback()]),
      'POST /api/admin/service/feedback/8/read': () => null,
      'POST /api/admin/feedback/8/reply': () => null,
    });
    renderApp('/service/feedback/8');
    expect(await screen.findByText('搜索结果太少')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/feedback')[0]?.query).toEqual({ id: '8' });
    expect(screen.getByText('已收到')).toBeTruthy();
    // ISO times are shown in China time.
    expect(screen.getByText('2026-11-27 10:00:00')).toBeTruthy();
    expect(screen.queryByText('上传图片')).toBeNull();
    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: '已加入改进计划' } });
    fireEvent.click(screen.getByRole('button', { name: /回复$/ }));
    await waitFor(() =>
      expect(server.callsTo('POST /api/admin/feedback/8/reply').map((c) => c.body)).toEqual([
        { content: '已加入改进计划' },
      ]),
    );
  });

  it('says so when the feedback does not exist', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/feedback': () => firstPage([]),
      'POST /api/admin/service/feedback/8/read': () => reply.refused('该条咨询不存在'),
    });
    renderApp('/service/feedback/8');
    expect(await screen.findByText('反馈不存在')).toBeTruthy();
  });
});

describe('a development request in the service area', () => {
  it('moves its status with a note, once', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/development': () =>
        firstPage([
          {
            id: 9,
            part_name: '后视镜总成',
            vehicle: '本田 CR-V 2020',
            oe_number: '76200-TLA',
            monthly_quantity: 20,
            description: '需要左右两侧',
            pictures: [],
            status: 'pending',
            status_text: '待评估',
            like_count: 3,
            created_at: '2026-11-27 09:00:00',
            company_id: 7,
            company_name: '广州骏达汽配',
            account_name: 'dealer_a',
            replies: [],
          },
        ]),
      'POST /api/admin/service/development/9/read': () => null,
      'POST /api/admin/development/9/status': () => null,
    });
    renderApp('/service/development/9');
    expect(await screen.findByText('后视镜总成')).toBeTruthy();
    expect(screen.getByText('待评估')).toBeTruthy();
    const update = screen.getByRole('button', { name: /更新状态$/ });
    expect(update).toHaveProperty('disabled', true);
    fireEvent.mouseDown(screen.getByLabelText('新状态'));
    await screen.findAllByText('开发中');
    fireEvent.click(document.querySelector('.ant-select-item-option[title="开发中"]')!);
    fireEvent.change(screen.getByLabelText('状态说明'), { target: { value: ' 预计三个月 ' } });
    fireEvent.click(update);
    fireEvent.click(update);
    expect(await screen.findByText('状态已更新')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/development/9/status').map((c) => c.body)).toEqual([
      { status: 'developing', note: '预计三个月' },
    ]);
  });
});
