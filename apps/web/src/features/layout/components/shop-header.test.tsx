import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { UserProfile } from '@shop/core/api/user';
import { beforeLogout } from '../../../lib/before-logout';
import { getCookie, removeCookie, setCookie } from '../../../lib/cookies';
import { setNotifier } from '../../../lib/notify';
import { registerRoutePaths } from '../../../lib/route-registry';
import { userQueries } from '../../../entities/user/user-queries';
import { ShopHeader } from './shop-header';
import { LocationProbe, testQueryClient } from '../../../test/render-route';
import { makeProfile as testProfile } from '../../../test/server/factories';
import { shopLayoutHandlers } from '../../../test/server/handlers';
import { reply, stubServerPerTest } from '../../../test/server/stub-server';

// Lazy screens and antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

const profile: UserProfile = testProfile({ activity_flag: 1, activity_flag_image: '/media/activity.png' });

const server = stubServerPerTest(() => shopLayoutHandlers(profile));
const toasts: string[] = [];
const logouts = () => server.callsTo('POST /api/Shop.User/logout');

function renderHeader(user: UserProfile = profile) {
  const client = testQueryClient({ staleTime: Infinity });
  client.setQueryData(userQueries.info().queryKey, user);
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/home']}>
            {/* As in the app, the header lives only on logged-in routes. */}
            <Routes>
              <Route path="/home" element={<ShopHeader />} />
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
  return client;
}

beforeEach(() => {
  toasts.length = 0;
  setNotifier({ error: (t) => toasts.push(t), success: (t) => toasts.push(t) });
  registerRoutePaths(['/', '/home', '/login', '/404']);
  setCookie('token', 'tok');
  setCookie('username', 'zhangsan');
  setCookie('phone', '13800000001');
});

afterEach(() => {
  for (const name of ['token', 'username', 'phone', 'login']) removeCookie(name);
});

describe('ShopHeader', () => {
  it('shows the welcome text, company and phone, and the logo links home', () => {
    renderHeader();
    expect(screen.getByText('您好，欢迎来到福瑞汽配商城')).toBeTruthy();
    expect(screen.getByText('测试汽修有限公司')).toBeTruthy();
    // Neither /profile/account nor the account centre exists: the phone is plain text.
    expect(screen.getByText('13800000001').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
  });

  it('leads the phone and the my-brand menu into the account centre while /profile/account does not exist', async () => {
    registerRoutePaths(['/home', '/profile', '/profile/myorder', '/profile/collection', '/profile/address']);
    renderHeader();
    expect(screen.getByText('13800000001').closest('a')?.getAttribute('href')).toBe('/profile');
    fireEvent.mouseEnter(screen.getByText(/我的福瑞/));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => `${a.textContent} ${a.getAttribute('href')}`),
    ).toEqual([
      '商城订单 /profile/myorder',
      '个人中心 /profile',
      '我的收藏 /profile/collection',
      '地址管理 /profile/address',
    ]);
  });

  it('shows only nav links whose routes exist', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['首页']);
    expect(screen.queryByText('我的订单')).toBeNull();
    expect(screen.queryByText(/我的福瑞/)).toBeNull();
  });

  it('applies the role and variant rules once the routes exist', () => {
    registerRoutePaths([
      '/home',
      '/parts/list',
      '/parts/stock',
      '/parts/marketing',
      '/parts/points_mall',
      '/parts/report',
      '/parts/activity',
      '/profile/myorder',
      '/profile/account',
    ]);
    renderHeader();
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent || a.querySelector('img')?.getAttribute('alt'));
    expect(labels).toEqual(['首页', '配件', '到货通知', '今日营销', '积分商城', '合伙人报表', '活动专区']);
    expect(within(nav).getByAltText('活动专区').getAttribute('src')).toBe('/media/activity.png');
    expect(screen.getByText('13800000001').closest('a')?.getAttribute('href')).toBe('/profile/account');
    expect(screen.getByRole('link', { name: '我的订单' })).toBeTruthy();
    expect(screen.getByText(/我的福瑞/)).toBeTruthy();
    cleanup();
    // A sub-account without the activity flag sees neither the module entries nor the activity zone.
    renderHeader({ ...profile, is_main: 0, activity_flag: 0 });
    const subNav = screen.getByRole('navigation', { name: '主导航' });
    expect(
      within(subNav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['首页', '配件', '到货通知', '今日营销']);
  });

  it('logs out after confirmation: toast, cookies and cache cleared, back to /login', async () => {
    const client = renderHeader();
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('提示').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('确定要退出当前登录的账号吗？')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退出' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    // Through notify (antd's static message in the shop), which outlives the frame's providers.
    expect(toasts).toContain('已退出系统');
    expect(getCookie('token')).toBeUndefined();
    expect(getCookie('username')).toBeUndefined();
    expect(getCookie('phone')).toBeUndefined();
    expect(client.getQueryData(userQueries.info().queryKey)).toBeUndefined();
    expect(logouts()).toHaveLength(1);
  });

  it('ends what lives on the session (the live socket) before the logout call, and undoes it when the logout fails', async () => {
    const seen: string[] = [];
    const forget = beforeLogout(async () => {
      seen.push(`step, logout calls so far: ${logouts().length}`);
      return () => seen.push('undone');
    });
    try {
      renderHeader();
      fireEvent.click(screen.getByRole('button', { name: '退出' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认退出' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
      expect(seen).toEqual(['step, logout calls so far: 0']);
      cleanup();

      seen.length = 0;
      server.use({ 'POST /api/Shop.User/logout': () => reply.refused('退出失败，请重试') });
      renderHeader();
      fireEvent.click(screen.getByRole('button', { name: '退出' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认退出' }));
      await waitFor(() => expect(seen).toEqual(['step, logout calls so far: 1', 'undone']));
    } finally {
      forget();
    }
  });

  it('cancel keeps the session', async () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    // happy-dom never ends antd's leave animation: closing shows as the leave class.
    await waitFor(() => expect(dialog.className).toMatch(/leave/));
    expect(getCookie('token')).toBe('tok');
    expect(logouts()).toHaveLength(0);
  });

  it('a failed logout shows the server msg and stays', async () => {
    server.use({ 'POST /api/Shop.User/logout': () => reply.refused('退出失败，请重试') });
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认退出' }));
    await waitFor(() => expect(toasts).toEqual(['退出失败，请重试']));
    expect(getCookie('token')).toBe('tok');
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });
});
