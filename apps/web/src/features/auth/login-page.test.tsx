import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { LoginResponse } from '@shop/core/api/user';
import { getCookie, removeCookie } from '../../lib/cookies';
import { userQueries } from '../../entities/user/user-queries';
import LoginPage from './login-page';
import { testProfile } from '../../test/fixtures';
import { testQueryClient } from '../../test/render-route';

// Lazy screens and antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

const success: LoginResponse = {
  token: 'tok-123',
  expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  user: testProfile(),
};

let client: QueryClient;
let release: () => void = () => undefined;

function renderLogin() {
  client = testQueryClient();
  render(
    <App>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/home" element={<h1>首页</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </App>,
  );
  return {
    username: screen.getByLabelText('账号或手机号') as HTMLInputElement,
    password: screen.getByLabelText('密码') as HTMLInputElement,
    submit: screen.getByRole('button', { name: /登\s?录/ }),
  };
}

function answerWith(body: unknown, status = 200, gate?: Promise<void>) {
  const fetchMock = vi.fn(async () => {
    await gate;
    return Response.json(body, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  release = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of ['token', 'username', 'phone', 'login']) removeCookie(name);
});

describe('LoginPage', () => {
  it('asks for both fields before sending anything', async () => {
    const fetchMock = answerWith({ status: 200, msg: '', data: success });
    const { submit, username } = renderLogin();
    fireEvent.click(submit);
    expect(await screen.findByText('请输入账号或手机号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    fireEvent.change(username, { target: { value: '   ' } });
    expect(screen.getByText('请输入账号或手机号')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Enter submits; success stores the cookies and the profile and goes to /home', async () => {
    const fetchMock = answerWith({ status: 200, msg: '登录成功', data: success });
    const { username, password } = renderLogin();
    fireEvent.change(username, { target: { value: ' 13800000001 ' } });
    fireEvent.change(password, { target: { value: 'demo1234' } });
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Shop.User/login');
    expect(JSON.parse(String(init.body))).toEqual({ username: '13800000001', password: 'demo1234' });
    expect(getCookie('token')).toBe('tok-123');
    expect(getCookie('username')).toBe('zhangsan');
    expect(getCookie('phone')).toBe('13800000001');
    expect(getCookie('login')).toBe('1');
    expect(client.getQueryData(userQueries.info().queryKey)).toEqual(success.user);
  });

  it('a double click sends one request and shows the loading state', async () => {
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = answerWith({ status: 200, msg: '', data: success }, 200, gate);
    const { username, password, submit } = renderLogin();
    fireEvent.change(username, { target: { value: 'zhangsan' } });
    fireEvent.change(password, { target: { value: 'demo1234' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('button', { name: /登录中/ })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /登录中/ }));
    release();
    await screen.findByRole('heading', { name: '首页' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and clears the password", async () => {
    answerWith({ status: 201, msg: '账号或密码错误', data: null });
    const { username, password, submit } = renderLogin();
    fireEvent.change(username, { target: { value: 'zhangsan' } });
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('账号或密码错误');
    expect(password.value).toBe('');
    expect(getCookie('token')).toBeUndefined();
  });

  it('shows the rate-limit message', async () => {
    answerWith({ status: 429, msg: '登录失败次数过多，请 15 分钟后再试', data: null }, 429);
    const { username, password, submit } = renderLogin();
    fireEvent.change(username, { target: { value: 'zhangsan' } });
    fireEvent.change(password, { target: { value: 'x' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('登录失败次数过多，请 15 分钟后再试');
  });
});
