import { message } from 'antd';
import { ApiError } from './api';

/**
 * Toasts used outside React components (api clients, query caches). Each app's providers
 * (providers.tsx) replace the static antd implementation with the one from antd's App context
 * so toasts follow the theme; tests install recorders.
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
 * (query-client.ts); code that calls an api client outside them calls it in its catch. An ended
 * session was said once already (by the api client, or by the login page it leads to); a
 * cancelled call or a programming error (not an ApiError) is not shown.
 */
export function notifyError(error: unknown): void {
  if (!(error instanceof ApiError) || error.kind === 'session' || !error.message) return;
  notify.error(error.message);
}
