import { message } from 'antd';

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
