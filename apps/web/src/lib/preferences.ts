import { create } from 'zustand';
import { CONSTANTS, WAREHOUSES, type WarehouseId } from '@shop/core/constants';
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
  /**
   * The shared warehouse choice (client state `warehouse`, spec.md section 4 'Warehouse'): starts
   * at the default warehouse (cookie default_warehouse, 1 unless set). It matters only when the
   * Beijing warehouse is enabled for the account; use `effectiveWarehouse` to read it.
   */
  warehouse: WarehouseId;
  defaultWarehouse: WarehouseId;
  setShowPrice(show: boolean): void;
  setSideBarHidden(hidden: boolean): void;
  /** Selects a warehouse; `asDefault` also stores it as the default for 365 days. */
  setWarehouse(warehouse: WarehouseId, options?: { asDefault?: boolean }): void;
}

function parseWarehouse(value: string | undefined): WarehouseId {
  return value === String(WAREHOUSES.beijing) ? WAREHOUSES.beijing : WAREHOUSES.guangzhou;
}

/** The warehouse in force: the choice when Beijing is enabled for the account, else Guangzhou. */
export function effectiveWarehouse(choice: WarehouseId, beijingEnabled: boolean): WarehouseId {
  return beijingEnabled ? choice : WAREHOUSES.guangzhou;
}

export function readPreferenceCookies(): Pick<
  PreferencesState,
  'showPrice' | 'sideBarHidden' | 'warehouse' | 'defaultWarehouse'
> {
  const defaultWarehouse = parseWarehouse(getCookie(COOKIE.defaultWarehouse));
  return {
    showPrice: getCookie(COOKIE.showPrice) !== SHOW_PRICE.hidden,
    sideBarHidden: getCookie(COOKIE.sideBarHidden) === '1',
    warehouse: defaultWarehouse,
    defaultWarehouse,
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
  setWarehouse(warehouse, options) {
    if (options?.asDefault) {
      setCookie(COOKIE.defaultWarehouse, String(warehouse), CONSTANTS.preferenceCookieDays);
      set({ warehouse, defaultWarehouse: warehouse });
    } else {
      set({ warehouse });
    }
  },
}));
