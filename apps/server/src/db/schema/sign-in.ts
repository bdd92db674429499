import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, writtenAt } from './columns';

/**
 * SMS codes (sign-in and a new phone): only a salted hash of the code is kept. A row is also the
 * count of sends: the resend pause and the daily caps per phone and per address count these
 * rows under an advisory lock (modules/user/sms-codes.ts), so every process shares them. A phone
 * without an account gets a row too (nothing is sent), so the answers and counts are the same.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial().primaryKey(),
    phone: text().notNull(),
    /** 'login' or 'change_phone'. */
    purpose: text().notNull(),
    /** The account that asked for a new phone's code (change_phone); null for sign-in. */
    accountId: integer(),
    ip: text().notNull(),
    salt: text().notNull(),
    codeHash: text().notNull(),
    /** Wrong codes tried against this one. */
    tries: smallint().notNull().default(0),
    /** False when nothing was sent (a sign-in code for a phone without an account). */
    sent: boolean().notNull(),
    createdAt: writtenAt(),
    expiresAt: moment().notNull(),
    usedAt: moment(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * A WeChat sign-in or binding under way: the state sent to WeChat (hashed), bound to the browser
 * that asked by a nonce in an HttpOnly cookie (hashed); used once. After the code was exchanged,
 * an unbound WeChat keeps its unionid here behind a binding token (hashed) until bound.
 */
export const wxLogins = pgTable(
  'wx_logins',
  {
    id: serial().primaryKey(),
    stateHash: text().notNull(),
    nonceHash: text().notNull(),
    /** 'login' or 'bind' (a logged-in account binds its WeChat). */
    purpose: text().notNull(),
    /** The account binding (purpose bind). */
    accountId: integer(),
    createdAt: writtenAt(),
    expiresAt: moment().notNull(),
    /** When the state came back with a code (once). */
    usedAt: moment(),
    unionid: text(),
    nickname: text().notNull().default(''),
    bindTokenHash: text(),
    bindExpiresAt: moment(),
    /** When the binding token was used (once). */
    boundAt: moment(),
  },
  (t) => [
    uniqueIndex('wx_logins_state_key').on(t.stateHash),
    uniqueIndex('wx_logins_bind_token_key').on(t.bindTokenHash),
    index('wx_logins_created_idx').on(t.createdAt),
  ],
);
