import type staticMessageApi from 'antd/es/message';
import { ApiError } from './api';

/**
 * Toasts used outside React components (api clients, query caches). By default antd's static
 * message, loaded on the first toast (the shop's /login renders without antd) and living outside
 * any React tree, so a toast raised on the way to /login stays on it. The back office, whose antd
 * providers wrap every route, hands over antd's message from the App context (providers.tsx) so
 * toasts follow its theme; tests install recorders.
 */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
}

export interface ToastOptions {
  /** Seconds a toast stays. */
  duration: number;
  /** Toasts shown at once at most. */
  maxCount: number;
}

let toastOptions: ToastOptions = { duration: 3, maxCount: 3 };
let loaded: Promise<typeof staticMessageApi> | undefined;

/** How the static toasts behave (set before the first one). */
export function configureToasts(options: ToastOptions): void {
  toastOptions = options;
}

function staticMessage() {
  loaded ??= import('antd/es/message').then(({ default: message }) => {
    message.config(toastOptions);
    return message;
  });
  return loaded;
}

/** Closes the static toasts shown so far, with their timers (a test file's end); nothing when none was. */
export async function closeToasts(): Promise<void> {
  (await loaded)?.destroy();
}

const staticNotifier: Notifier = {
  error: (text) => void staticMessage().then((message) => message.error(text)),
  success: (text) => void staticMessage().then((message) => message.success(text)),
};

let current: Notifier = staticNotifier;

/** Replaces the toasts; without an argument, back to antd's static message. */
export function setNotifier(notifier: Notifier = staticNotifier): void {
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
