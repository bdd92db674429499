import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UserProfile } from '@shop/core/api/user';
import { request, setLoginExpiredHandler } from '../lib/api-client';
import { getCookie, removeCookie, setCookie } from '../lib/cookies';
import { createQueryClient } from '../lib/query-client';
import { registerRoutePaths } from '../lib/route-registry';
import { Providers } from './providers';
import { activityRedirect, handleShopUserParam, leaveForLogin, profileOfToken } from './route-guard';
import { collectRoutePaths, createRoutes } from './routes';
import { makeProfile as testProfile } from '../test/server/factories';
import { shopLayoutHandlers } from '../test/server/handlers';
import { notesPerTest } from '../test/notes';
import { reply, stubServerPerTest } from '../test/server/stub-server';

// Lazy screens and antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });
// The toasts ('登录已过期') recorded, not shown through antd's static message in a React root of its
// own, which could still commit after the file's DOM is gone.
notesPerTest();

vi.mock('../features/home/home-page', () => ({ default: () => <h1>首页内容</h1> }));
vi.mock('../features/catalog/search-result-page', () => ({ default: () => <h1>搜索结果内容</h1> }));

const profile: UserProfile = testProfile();

// The shop's frame; the account answers as the login is (fresh, or expired: status 101).
let infoStatus = 200;
const server = stubServerPerTest(() => {
  const layout = shopLayoutHandlers(profile);
  return {
    ...layout,
    'GET /api/Shop.User/info': (call) =>
      infoStatus === 101 ? reply.loginExpired() : layout['GET /api/Shop.User/info']!(call),
    'POST /api/Shop.User/login': (call) => {
      infoStatus = 200;
      return layout['POST /api/Shop.User/login']!(call);
    },
  };
});
const userCalls = (name = '') => server.calls.filter((c) => c.path.startsWith(`/api/Shop.User/${name}`));

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  registerRoutePaths(collectRoutePaths(routes));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setLoginExpiredHandler(leaveForLogin(router, queryClient));
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** Fills and sends the login form on screen. */
function logIn() {
  fireEvent.change(screen.getByLabelText('账号或手机号'), { target: { value: '13800000001' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'demo1234' } });
  fireEvent.submit(screen.getByLabelText('密码').closest('form')!);
}

// Transform the lazy screens once up front, so the first test does not spend its wait on it.
beforeAll(async () => {
  await Promise.all([
    import('../features/auth/login-page'),
    import('./shop-layout'),
    import('../features/not-found/not-found-page'),
  ]);
}, 30_000);

beforeEach(() => {
  infoStatus = 200;
});

afterEach(() => {
  for (const name of ['token', 'shopUser', 'login', 'username', 'phone']) removeCookie(name);
});

describe('route guard', () => {
  it('sends a visitor without a token cookie to /login', async () => {
    const router = renderAt('/home');
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(userCalls('info')).toEqual([]);
  });

  it('/ goes to /home, and without a token on to /login', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: '账号登录' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('with a token shows /home inside the shop layout, titled from route meta', async () => {
    setCookie('token', 'tok');
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: '首页内容' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByText('测试汽修有限公司')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 福瑞汽配商城'));
  });

  it('/bind_wx opens without a login and explains how to get there, with a link to /login', async () => {
    const router = renderAt('/bind_wx');
    expect(await screen.findByText('绑定微信账号')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/bind_wx');
    expect(screen.getByText(/在登录页选择“微信扫码”/)).toBeTruthy();
    expect(userCalls('info')).toEqual([]);
    await waitFor(() => expect(document.title).toBe('绑定微信 - 福瑞汽配商城'));
    fireEvent.click(screen.getByRole('link', { name: '返回登录' }));
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('/bind_wx with a WeChat binding token asks for the account to bind it to (nothing asked yet)', async () => {
    setCookie('wx_bind_token', 'wx');
    try {
      renderAt('/bind_wx');
      expect(await screen.findByRole('heading', { name: '绑定商城账号' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '绑定并登录' })).toBeTruthy();
      expect(userCalls()).toEqual([]);
    } finally {
      removeCookie('wx_bind_token');
    }
  });

  it('sends unknown paths to /404', async () => {
    setCookie('token', 'tok');
    const router = renderAt('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在或已被移除')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('an expired login while loading the profile ends on /login with cookies cleared', async () => {
    setCookie('token', 'old');
    infoStatus = 101;
    const router = renderAt('/home');
    await screen.findByRole('heading', { name: '账号登录' });
    expect(router.state.location.pathname).toBe('/login');
    expect(getCookie('token')).toBeUndefined();
  });

  it('an expired login on a search result comes back to that search after logging in again', async () => {
    setCookie('token', 'old');
    infoStatus = 101;
    const router = renderAt('/parts/result?keyword=A%20000%20420&t=7');
    await screen.findByRole('heading', { name: '账号登录' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/parts/result?keyword=A%20000%20420&t=7',
    );
    logIn();
    expect(await screen.findByRole('heading', { name: '搜索结果内容' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/parts/result?keyword=A%20000%20420&t=7',
    );
  });

  it('a page opened without a token asks for the login, then shows that page', async () => {
    const router = renderAt('/parts/result?keyword=%E5%88%B9%E8%BD%A6&t=1');
    await screen.findByRole('heading', { name: '账号登录' });
    logIn();
    await screen.findByRole('heading', { name: '搜索结果内容' });
    expect(router.state.location.search).toBe('?keyword=%E5%88%B9%E8%BD%A6&t=1');
  });

  it('an expired login during a page goes to /login carrying that page', async () => {
    setCookie('token', 'tok');
    const router = renderAt('/parts/result?keyword=x&t=2');
    await screen.findByRole('heading', { name: '搜索结果内容' });
    infoStatus = 101;
    // Past the api client's once-per-2-s guard against the expiry in the tests before.
    const later = Date.now() + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await expect(request('GET', '/api/Shop.User/info')).rejects.toThrow('登录已过期');
    vi.mocked(Date.now).mockRestore();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/parts/result?keyword=x&t=2');
  });

  it('/login is reachable without a token and titled 登录', async () => {
    renderAt('/login');
    await screen.findByRole('heading', { name: '账号登录' });
    await waitFor(() => expect(document.title).toBe('登录 - 福瑞汽配商城'));
  });
});

describe('shopUser parameter', () => {
  /** A page address with its history and the profile lookup, watched. */
  function linkEnv(href: string, profiles: Record<string, UserProfile> = {}) {
    const events: string[] = [];
    const env = {
      location: { href, replace: vi.fn((to: string) => void events.push(`reload ${to}`)) },
      history: {
        state: { idx: 0 },
        replaceState: vi.fn((_state: unknown, _unused: string, to: string) => void events.push(`address ${to}`)),
      },
      profileOf: vi.fn(async (token: string) => {
        events.push(`profile ${token}`);
        return profiles[token];
      }),
    };
    return { env, events };
  }
  const other = testProfile({ company_name: '另一家汽配公司', username: 'lisi' });

  it('into a browser without a session: replaces the token cookie, keeps a shopUser cookie and reloads at the root', async () => {
    const { env, events } = linkEnv('https://shop.test/parts/list?shopUser=abc123&a=1#top');
    expect(await handleShopUserParam(env)).toEqual({ kind: 'applied' });
    expect(getCookie('token')).toBe('abc123');
    expect(getCookie('shopUser')).toBe('abc123');
    // The token left the address bar first; nothing was asked.
    expect(events).toEqual(['address /parts/list?a=1#top', 'reload /']);
    expect(env.history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/parts/list?a=1#top');
  });

  it('with the same token already signed in: applies without asking', async () => {
    setCookie('token', 'abc123');
    const { env } = linkEnv('https://shop.test/?shopUser=abc123');
    expect(await handleShopUserParam(env)).toEqual({ kind: 'applied' });
    expect(env.profileOf).not.toHaveBeenCalled();
  });

  it('into a browser signed in as someone else: keeps the session and asks, naming the account the link signs in as', async () => {
    setCookie('token', 'mine');
    const { env, events } = linkEnv('https://shop.test/home?shopUser=theirs', { theirs: other });
    expect(await handleShopUserParam(env)).toEqual({ kind: 'confirm', token: 'theirs', user: other });
    expect(getCookie('token')).toBe('mine');
    expect(getCookie('shopUser')).toBeUndefined();
    // Out of the address bar before the lookup; no reload.
    expect(events).toEqual(['address /home', 'profile theirs']);
  });

  it('an invalid or expired link token never replaces a valid session', async () => {
    setCookie('token', 'mine');
    const { env, events } = linkEnv('https://shop.test/home?shopUser=expired');
    expect(await handleShopUserParam(env)).toEqual({ kind: 'invalid' });
    expect(getCookie('token')).toBe('mine');
    expect(getCookie('shopUser')).toBeUndefined();
    expect(events).toEqual(['address /home', 'profile expired']);
  });

  it('reads the account with the link token alone, and takes a refusal as invalid without touching this session', async () => {
    setCookie('token', 'mine');
    server.use({
      'GET /api/Shop.User/info': ({ headers }) =>
        headers.authorization === 'good' ? other : reply.envelope(102, '请重新登录'),
    });
    expect(await profileOfToken('good')).toEqual(other);
    expect(await profileOfToken('expired')).toBeUndefined();
    expect(userCalls('info').map((c) => c.headers.authorization)).toEqual(['good', 'expired']);
    expect(getCookie('token')).toBe('mine');
  });

  it('does nothing without the parameter', async () => {
    const { env, events } = linkEnv('https://shop.test/home?a=1');
    expect(await handleShopUserParam(env)).toEqual({ kind: 'none' });
    expect(events).toEqual([]);
  });
});

describe('activity redirect', () => {
  it('happens once when activity_flag is 1, a login cookie exists and the route exists', () => {
    registerRoutePaths(['/home', '/parts/activity']);
    setCookie('login', '1');
    expect(activityRedirect({ activity_flag: 1 }, '/home')).toBe('/parts/activity');
    expect(getCookie('login')).toBeUndefined();
    expect(activityRedirect({ activity_flag: 1 }, '/home')).toBeNull();
  });

  it('does not happen without the flag, the cookie or the route', () => {
    setCookie('login', '1');
    registerRoutePaths(['/home', '/parts/activity']);
    expect(activityRedirect({ activity_flag: 0 }, '/home')).toBeNull();
    registerRoutePaths(['/home']);
    expect(activityRedirect({ activity_flag: 1 }, '/home')).toBeNull();
    expect(getCookie('login')).toBe('1');
    removeCookie('login');
    registerRoutePaths(['/home', '/parts/activity']);
    expect(activityRedirect({ activity_flag: 1 }, '/home')).toBeNull();
  });
});
