import { create } from 'zustand';
import type { PushMessage } from '@shop/core/api/messages';
import type { LiveStatus } from '../../lib/live-connection';

/**
 * The client state of the live push (spec.md section 3 'Client state': the notification with the
 * live-connection failure flag): the connection's status, the popups on screen (messages pushed
 * with is_eject = 1) and how to reconnect. The unread count itself is the menu's answer.
 */
export interface LiveState {
  status: LiveStatus;
  popups: PushMessage[];
  /** Set by the connection while it exists; the badge calls it when disconnected. */
  reconnect: (() => void) | undefined;
  setStatus(status: LiveStatus): void;
  setReconnect(reconnect: (() => void) | undefined): void;
  showPopup(message: PushMessage): void;
  dismissPopup(tipId: number): void;
  clearPopups(): void;
}

/** At most this many popups stay on screen; older ones give way. */
export const MAX_POPUPS = 5;

export const useLiveStore = create<LiveState>()((set) => ({
  status: 'idle',
  popups: [],
  reconnect: undefined,
  setStatus: (status) => set({ status }),
  setReconnect: (reconnect) => set({ reconnect }),
  showPopup: (message) =>
    set((state) =>
      state.popups.some((p) => p.tip_id === message.tip_id)
        ? state
        : { popups: [message, ...state.popups].slice(0, MAX_POPUPS) },
    ),
  dismissPopup: (tipId) => set((state) => ({ popups: state.popups.filter((p) => p.tip_id !== tipId) })),
  clearPopups: () => set({ popups: [] }),
}));
