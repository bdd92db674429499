import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { BRAND_VARIANTS } from '@shop/core/brand-variants';
import { getCookie, removeCookie, setCookie } from '../../../lib/cookies';
import { readPreferenceCookies, usePreferences } from '../../../lib/preferences';
import { registerRoutePaths } from '../../../lib/route-registry';
import { SideBar } from './side-bar';

function renderBar(onFeedback = vi.fn()) {
  render(
    <App>
      <MemoryRouter>
        <SideBar ctx={{ variant: BRAND_VARIANTS.frey, user: undefined }} onFeedback={onFeedback} />
      </MemoryRouter>
    </App>,
  );
  return onFeedback;
}

beforeEach(() => {
  registerRoutePaths(['/home']);
  usePreferences.setState(readPreferenceCookies());
});

afterEach(() => {
  cleanup();
  removeCookie('show_price');
  removeCookie('side_bar_hidden');
});

describe('SideBar', () => {
  it('toggles the purchase price and mirrors it to the show_price cookie', () => {
    renderBar();
    expect(usePreferences.getState().showPrice).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /隐藏采购价/ }));
    expect(getCookie('show_price')).toBe('2');
    expect(usePreferences.getState().showPrice).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /显示采购价/ }));
    expect(getCookie('show_price')).toBe('1');
    expect(usePreferences.getState().showPrice).toBe(true);
  });

  it('reads the purchase price preference from its cookie', () => {
    setCookie('show_price', '2');
    usePreferences.setState(readPreferenceCookies());
    renderBar();
    expect(screen.getByRole('button', { name: /显示采购价/ })).toBeTruthy();
  });

  it('collapses and expands, keeping the state in the side_bar_hidden cookie', () => {
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: '收起侧边栏' }));
    expect(getCookie('side_bar_hidden')).toBe('1');
    expect(screen.queryByRole('complementary', { name: '侧边栏' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开侧边栏' }));
    expect(getCookie('side_bar_hidden')).toBe('0');
    expect(screen.getByRole('complementary', { name: '侧边栏' })).toBeTruthy();
  });

  it('starts collapsed when the cookie says so', () => {
    setCookie('side_bar_hidden', '1');
    usePreferences.setState(readPreferenceCookies());
    renderBar();
    expect(screen.getByRole('button', { name: '展开侧边栏' })).toBeTruthy();
  });

  it('opens the feedback dialog and scrolls back to the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const onFeedback = renderBar();
    fireEvent.click(screen.getByRole('button', { name: /意见反馈/ }));
    expect(onFeedback).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '回到顶部' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('links the profile entry only once the profile route exists', () => {
    renderBar();
    expect(screen.queryByRole('link', { name: /个人中心/ })).toBeNull();
    cleanup();
    registerRoutePaths(['/home', '/profile']);
    renderBar();
    expect(screen.getByRole('link', { name: /个人中心/ }).getAttribute('href')).toBe('/profile');
  });
});
