import { text } from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';

/**
 * The columns of a login session, the dealers' (sessions) and the staff's (staff_sessions) alike:
 * only a hash of the opaque token is stored; a session ends at logout (ended_at), at its absolute
 * expiry, or after the idle time since last_seen_at.
 */
export const sessionColumns = () => ({
  tokenHash: text().notNull(),
  createdAt: writtenAt(),
  lastSeenAt: writtenAt(),
  /** Absolute expiry; idle expiry is lastSeenAt + the configured idle time. */
  expiresAt: moment().notNull(),
  endedAt: moment(),
  ip: text().notNull().default(''),
  userAgent: text().notNull().default(''),
});
