import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffMember } from '@shop/core/api/admin';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();

const member = (overrides: Partial<StaffMember> = {}): StaffMember => ({
  id: 3,
  name: '客服专员',
  login: 'service',
  phone: '13900000003',
  roles: ['customer_service'],
  enabled: true,
  created_at: '2026-11-01 09:00:00',
  ...overrides,
});

function fillNew(dialog: HTMLElement) {
  const field = (label: string) => within(dialog).getByLabelText(label);
  fireEvent.change(field('姓名'), { target: { value: '王小明' } });
  fireEvent.change(field('登录名'), { target: { value: 'wang' } });
  fireEvent.change(field('手机号'), { target: { value: '13900000009' } });
  fireEvent.change(field('初始密码'), { target: { value: 'secret-123' } });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: '客服' }));
  fireEvent.click(within(dialog).getByRole('checkbox', { name: '财务' }));
}

describe('staff members', () => {
  it('lists the members with their roles and adds one once, whatever the clicks', async () => {
    const members = [
      member(),
      member({ id: 4, name: '财务专员', login: 'finance', roles: ['finance'], enabled: false }),
    ];
    let answer: (v: unknown) => void = () => {};
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['administrator'], '系统管理员'),
      'GET /api/admin/staff': () => members,
      'POST /api/admin/staff': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/staff');
    expect(await screen.findByText('finance')).toBeTruthy();
    expect(screen.getByRole('button', { name: '启用' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /添加员工/ }));
    const dialog = await screen.findByRole('dialog');
    fillNew(dialog);
    const ok = within(dialog).getByRole('button', { name: /添\s*加/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(server.callsTo('POST /api/admin/staff')).toHaveLength(1));
    fireEvent.click(ok);
    members.push(member({ id: 9, name: '王小明', login: 'wang', roles: ['customer_service', 'finance'] }));
    answer(members.at(-1));
    expect(await screen.findByText('wang')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/admin/staff')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/staff')[0]?.body).toEqual({
      name: '王小明',
      login: 'wang',
      phone: '13900000009',
      password: 'secret-123',
      roles: ['customer_service', 'finance'],
    });
    expect(screen.getByText('客服、财务')).toBeTruthy();
  });

  it("keeps the dialog open with the server's refusal, said once", async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['administrator'], '系统管理员'),
      'GET /api/admin/staff': () => [member()],
      'POST /api/admin/staff': () => reply.refused('该登录名或手机号已被使用'),
    });
    renderApp('/staff');
    fireEvent.click(await screen.findByRole('button', { name: /添加员工/ }));
    const dialog = await screen.findByRole('dialog');
    fillNew(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    expect(await screen.findAllByText('该登录名或手机号已被使用')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
