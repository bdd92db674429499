import type { PushMessage } from '@shop/core/api/messages';

/**
 * What the rest of the server tells the live connections (design.md section 8). The database is
 * the truth: a push only brings news of messages that are already committed, so a push that
 * reaches nobody loses nothing (the client catches up from the last tip_id it has).
 *
 * The hub (realtime/hub.ts) implements it for the sockets of every server process (in-process,
 * or through Redis when REDIS_URL is set); NO_SOCKETS serves a process that holds none.
 */
export interface MessageDelivery {
  accountId: number;
  message: PushMessage;
}

export interface RealtimePublisher {
  /** Pushes each message to the sockets of its account, in every process. */
  pushMessages(deliveries: readonly MessageDelivery[]): Promise<void>;
  /** Pushes '[]' (clear the popups) to these accounts' sockets, e.g. after they read everything. */
  clearPopups(accountIds: readonly number[]): Promise<void>;
  /** Closes the sockets bound to these sessions (logout, a session revoked or expired). */
  closeSessions(sessionIds: readonly number[]): Promise<void>;
}

/** The publisher of a process without sockets (a command, a test of a subscriber alone). */
export const NO_SOCKETS: RealtimePublisher = Object.freeze({
  pushMessages: async () => {},
  clearPopups: async () => {},
  closeSessions: async () => {},
});
