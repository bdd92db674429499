import { afterEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoginResponse } from '@shop/core/api/user';
import { getCookie, removeCookie } from '../../lib/cookies';
import { userQueries } from '../../entities/user/user-queries';
import { renderRoutes, testQueryClient } from '../../test/render-route';
import { makeProfile } from '../../test/server/factories';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import LoginPage from './login-page';

// Lazy screens and antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

const success: LoginResponse = {
  token: 'tok-123',
  expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  user: makeProfile(),
};

const server = stubServerPerTest();
const logins = () => server.callsTo('POST /api/Shop.User/login');

function renderLogin() {
  const client = testQueryClient();
  renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <h1>首页</h1> },
    ],
    ['/login'],
    { profile: null, client },
  );
  return {
    client,
    username: screen.getByLabelText('账号或手机号') as HTMLInputElement,
    password: screen.getByLabelText('密码') as HTMLInputElement,
    submit: screen.getByRole('button', { name: /登\s?录/ }),
  };
}

/** The login route answers `answer` (after `gate`, when given). */
function answerWith(answer: unknown, gate?: Promise<void>) {
  server.use({
    'POST /api/Shop.User/login': async () => {
      await gate;
      return answer;
    },
  });
}

afterEach(() => {
  for (const name of ['token', 'username', 'phone', 'login']) removeCookie(name);
});

describe('LoginPage', () => {
  it('asks for both fields before sending anything', async () => {
    answerWith(success);
    const { submit, username } = renderLogin();
    fireEvent.click(submit);
    expect(await screen.findByText('请输入账号或手机号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    fireEvent.change(username, { target: { value: '   ' } });
    expect(screen.getByText('请输入账号或手机号')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('Enter submits; success stores the cookies and the profile and goes to /home', async () => {
    answerWith(reply.ok(success, '登录成功'));
    const { username, password, client } = renderLogin();
    fireEvent.change(username, { target: { value: ' 13800000001 ' } });
    fireEvent.change(password, { target: { value: 'demo1234' } });
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(logins().map((c) => c.body)).toEqual([{ username: '13800000001', password: 'demo1234' }]);
    expect(getCookie('token')).toBe('tok-123');
    expect(getCookie('username')).toBe('zhangsan');
    expect(getCookie('phone')).toBe('13800000001');
    expect(getCookie('login')).toBe('1');
    expect(client.getQueryData(userQueries.info().queryKey)).toEqual(success.user);
  });

  it('a double click sends one request and shows the loading state', async () => {
    let release: () => void = () => undefined;
    answerWith(success, new Promise<void>((resolve) => (release = resolve)));
    const { username, password, submit } = renderLogin();
    fireEvent.change(username, { target: { value: 'zhangsan' } });
    fireEvent.change(password, { target: { value: 'demo1234' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('button', { name: /登录中/ })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /登录中/ }));
    release();
    await screen.findByRole('heading', { name: '首页' });
    expect(logins()).toHaveLength(1);
  });

  it("shows the server's refusal and clears the password", async () => {
    answerWith(reply.refused('账号或密码错误'));
    const { username, password, submit } = renderLogin();
    fireEvent.change(username, { target: { value: 'zhangsan' } });
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('账号或密码错误');
    expect(password.value).toBe('');
    expect(getCookie('token')).toBeUndefined();
  });

  it('shows the rate-limit message', async () => {
    answerWith(reply.http(429, '登录失败次数过多，请 15 分钟后再试'));
    const { username, password, submit } = renderLogin();
    fireEvent.change(username, { target: { value: 'zhangsan' } });
    fireEvent.change(password, { target: { value: 'x' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('登录失败次数过多，请 15 分钟后再试');
  });
});

describe('LoginPage, SMS code and WeChat', () => {
  const openSmsTab = () => {
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: '短信验证码' }));
    return {
      phone: screen.getByLabelText('手机号') as HTMLInputElement,
      code: screen.getByLabelText('验证码') as HTMLInputElement,
    };
  };

  it('checks the phone before asking for a code, then counts down', async () => {
    server.use({ 'POST /api/Shop.User/sendSms': () => reply.ok({ resend_after: 60 }, '验证码已发送，请注意查收') });
    const { phone } = openSmsTab();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(server.callsTo('POST /api/Shop.User/sendSms')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '13800000001' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码已发送，请注意查收')).toBeTruthy();
    expect(screen.getByRole('button', { name: /秒后重发/ })).toHaveProperty('disabled', true);
    expect(server.callsTo('POST /api/Shop.User/sendSms').map((c) => c.body)).toEqual([
      { phone: '13800000001', type: 'login' },
    ]);
  });

  it('signs in with the code; a refusal shows and clears the code', async () => {
    let answer: unknown = reply.refused('验证码错误或已过期，请重新获取');
    server.use({ 'POST /api/Shop.User/senlogs': () => answer });
    const { phone, code } = openSmsTab();
    fireEvent.change(phone, { target: { value: '13800000001' } });
    fireEvent.change(code, { target: { value: '12a' } });
    fireEvent.submit(code.closest('form')!);
    expect(await screen.findByText('请输入 6 位数字验证码')).toBeTruthy();
    expect(server.callsTo('POST /api/Shop.User/senlogs')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.submit(code.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toContain('验证码错误或已过期');
    expect(code.value).toBe('');

    answer = reply.ok(success, '登录成功');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.submit(code.closest('form')!);
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(server.callsTo('POST /api/Shop.User/senlogs').at(-1)?.body).toEqual({
      phone: '13800000001',
      code: '654321',
    });
    expect(getCookie('token')).toBe('tok-123');
  });

  it('the WeChat button says when WeChat is not configured', async () => {
    server.use({
      'POST /api/Shop.User/wx_login': () => reply.ok({ configured: 0, authorize_url: '' }, '微信登录暂未开通'),
    });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: /微信扫码/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('微信登录暂未开通');
  });
});
