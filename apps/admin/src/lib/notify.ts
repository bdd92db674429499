import { ApiError } from './api';

/**
 * Toasts outside components. The app installs antd's App-context message API here
 * (app/providers.tsx) so toasts follow the theme; tests read them from the document.
 */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
}

let current: Notifier = { error: () => {}, success: () => {} };

export function setNotifier(notifier: Notifier): void {
  current = notifier;
}

export const notify: Notifier = {
  error: (text) => current.error(text),
  success: (text) => current.success(text),
};

/**
 * Shows a failed call's message once (the caches call it for every failure). An ended session is
 * said once by the login page it leads to; a programming error is not shown.
 */
export function notifyError(error: unknown): void {
  if (!(error instanceof ApiError) || error.kind === 'session' || !error.message) return;
  notify.error(error.message);
}
