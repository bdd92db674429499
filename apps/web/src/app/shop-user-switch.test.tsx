import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from './providers';
import type { ShopUserLink } from './route-guard';
import { getCookie, removeCookie, setCookie } from '../lib/cookies';
import { createQueryClient } from '../lib/query-client';
import { testProfile } from '../test/fixtures';
import { ShopUserSwitchPrompt } from './shop-user-switch';

const theirs = testProfile({ company_name: '另一家汽配公司', username: 'lisi', phone: '13900000009' });

function renderPrompt(link: ShopUserLink) {
  const replace = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <ShopUserSwitchPrompt link={link} location={{ replace }} />
    </Providers>,
  );
  return replace;
}

afterEach(() => {
  cleanup();
  for (const name of ['token', 'shopUser']) removeCookie(name);
});

describe('shopUser link into a signed-in browser', { timeout: 20_000 }, () => {
  it('names the company and account the link signs in as; 切换账号 signs in with it and reloads at the root', async () => {
    setCookie('token', 'mine');
    const replace = renderPrompt({ kind: 'confirm', token: 'theirs', user: theirs });
    expect(await screen.findByText('切换到 另一家汽配公司 的账号？当前账号将退出')).toBeTruthy();
    expect(screen.getByText('登录账号：lisi（13900000009）')).toBeTruthy();
    expect(getCookie('token')).toBe('mine');
    fireEvent.click(screen.getByRole('button', { name: '切换账号' }));
    expect(getCookie('token')).toBe('theirs');
    expect(getCookie('shopUser')).toBe('theirs');
    expect(replace).toHaveBeenCalledWith('/');
  });

  it('保留当前账号 keeps the current session', async () => {
    setCookie('token', 'mine');
    const replace = renderPrompt({ kind: 'confirm', token: 'theirs', user: theirs });
    fireEvent.click(await screen.findByRole('button', { name: '保留当前账号' }));
    await waitFor(() => expect(screen.queryByText('切换到 另一家汽配公司 的账号？当前账号将退出')).toBeNull());
    expect(getCookie('token')).toBe('mine');
    expect(getCookie('shopUser')).toBeUndefined();
    expect(replace).not.toHaveBeenCalled();
  });

  it('an invalid or expired link only says so; the session stays', async () => {
    setCookie('token', 'mine');
    const replace = renderPrompt({ kind: 'invalid' });
    expect(await screen.findByText('登录链接无效或已过期，已保留当前账号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '切换账号' })).toBeNull();
    expect(getCookie('token')).toBe('mine');
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows nothing without a link', () => {
    renderPrompt({ kind: 'none' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
