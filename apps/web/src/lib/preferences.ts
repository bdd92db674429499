import { create } from 'zustand';
import { CONSTANTS } from '@shop/core/constants';
import { COOKIE, getCookie, setCookie } from './cookies';

/**
 * Display preferences (spec.md section 4) in a small store mirrored to their 365-day cookies:
 * the purchase price toggle (cookie show_price, '1' shown, '2' hidden) and the side bar's
 * hidden state (cookie side_bar_hidden, '1' hidden, '0' shown). Price displays read
 * `usePreferences((s) => s.showPrice)`.
 */
export const SHOW_PRICE = { shown: '1', hidden: '2' } as const;

export interface PreferencesState {
  showPrice: boolean;
  sideBarHidden: boolean;
  setShowPrice(show: boolean): void;
  setSideBarHidden(hidden: boolean): void;
}

export function readPreferenceCookies(): Pick<PreferencesState, 'showPrice' | 'sideBarHidden'> {
  return {
    showPrice: getCookie(COOKIE.showPrice) !== SHOW_PRICE.hidden,
    sideBarHidden: getCookie(COOKIE.sideBarHidden) === '1',
  };
}

export const usePreferences = create<PreferencesState>()((set) => ({
  ...readPreferenceCookies(),
  setShowPrice(show) {
    setCookie(COOKIE.showPrice, show ? SHOW_PRICE.shown : SHOW_PRICE.hidden, CONSTANTS.preferenceCookieDays);
    set({ showPrice: show });
  },
  setSideBarHidden(hidden) {
    setCookie(COOKIE.sideBarHidden, hidden ? '1' : '0', CONSTANTS.preferenceCookieDays);
    set({ sideBarHidden: hidden });
  },
}));
