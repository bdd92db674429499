import type { Db } from './db/client';
import { EventDispatcher, type DispatcherOptions, type Subscriber } from './lib/events';
import { orderNotificationSubscriber } from './modules/orders/notifications';

/** Every subscriber of the outbox's events (lib/events.ts). */
export const SUBSCRIBERS: readonly Subscriber[] = [orderNotificationSubscriber];

/** The dispatcher of this process with every subscriber. */
export function createEventDispatcher(db: Db, options: DispatcherOptions = {}): EventDispatcher {
  return new EventDispatcher(db, SUBSCRIBERS, options);
}
