import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { reply, stubServerPerTest } from '../../../web/src/test/server/stub-server';
import { getStaffToken } from '../lib/session-token';
import { firstPage, renderApp, staffMe, where } from '../test/render-app';

const server = stubServerPerTest();
const emptyOrders = firstPage([]);

function fillAndSubmit(login: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('登录名 / 手机号'), { target: { value: login } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('staff login', () => {
  it('logs in, keeps the staff token and returns to the screen it was sent from', async () => {
    const me = staffMe(['customer_service']);
    server.use({
      'POST /api/admin/auth/login': () => ({ token: 'tok-9', expires_at: '2026-12-01 10:00:00', staff: me }),
      'GET /api/admin/orders': () => emptyOrders,
    });
    const { router } = renderApp('/login?redirect=%2Forders%3Fstatus%3Dshipped', { signedIn: false });
    fillAndSubmit(' service ', 'demo1234');
    await screen.findByText('暂无符合条件的订单');
    expect(where(router)).toBe('/orders?status=shipped');
    expect(getStaffToken()).toBe('tok-9');
    expect(server.callsTo('POST /api/admin/auth/login').map((c) => c.body)).toEqual([
      { login: 'service', password: 'demo1234' },
    ]);
    expect(server.callsTo('GET /api/admin/orders')[0]?.query).toMatchObject({ status: 'shipped' });
  });

  it('shows a refusal once under the form and sends nothing twice on a double click', async () => {
    let answer: (v: unknown) => void = () => {};
    server.use({
      'POST /api/admin/auth/login': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/login', { signedIn: false });
    fillAndSubmit('service', 'wrong-pass');
    fireEvent.click(screen.getByRole('button', { name: /登录/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/auth/login')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /登录/ }));
    answer(reply.refused('账号或密码错误，还可尝试 4 次'));
    expect(await screen.findAllByText('账号或密码错误，还可尝试 4 次')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/auth/login')).toHaveLength(1);
    expect(getStaffToken()).toBeNull();
  });

  it('asks for both fields before sending anything', async () => {
    renderApp('/login', { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入登录名或手机号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('sends a visitor without a session to the login page with the way back', async () => {
    const { router } = renderApp('/orders?page=2', { signedIn: false });
    await screen.findByRole('button', { name: '登录' });
    expect(where(router)).toBe('/login?redirect=%2Forders%3Fpage%3D2');
    expect(server.calls).toHaveLength(0);
  });

  it('goes back to the login page, saying why, when the session ends while working', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      'GET /api/admin/orders': () => reply.http(401, '后台登录已过期，请重新登录'),
    });
    const { router } = renderApp('/orders?status=shipped');
    expect(await screen.findByText('后台登录已过期，请重新登录')).toBeTruthy();
    expect(where(router)).toBe('/login?redirect=%2Forders%3Fstatus%3Dshipped&expired=1');
    expect(getStaffToken()).toBeNull();
  });
});
