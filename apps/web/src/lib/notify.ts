import { message } from 'antd';
// A cycle with api-client.ts (which toasts an expired login), used only inside functions.
import { ApiError } from './api-client';

/**
 * Toasts used outside React components (the api client). The app replaces the static
 * implementation with the one from antd's App context so toasts follow the theme.
 */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
}

let current: Notifier = {
  error: (text) => void message.error(text),
  success: (text) => void message.success(text),
};

export function setNotifier(notifier: Notifier): void {
  current = notifier;
}

export const notify: Notifier = {
  error: (text) => current.error(text),
  success: (text) => current.success(text),
};

/**
 * Shows a failed call's message once. The query and mutation caches call it for every failure
 * (query-client.ts); code that calls the api client outside them calls it in its catch. An
 * expired login was already said by the api client; a cancelled call or a programming error
 * (not an ApiError) is not shown.
 */
export function notifyError(error: unknown): void {
  if (!(error instanceof ApiError) || error.kind === 'login' || !error.message) return;
  notify.error(error.message);
}
