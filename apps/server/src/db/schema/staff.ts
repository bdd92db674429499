import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idRef, timestamps, writtenAt } from './columns';
import { sessionColumns } from './session-columns';

/**
 * Staff of the shop (back office), apart from the dealers' accounts: their own logins, sessions
 * and roles (packages/core/src/staff-permissions.ts). Login failures are counted in
 * login_attempts under 'staff:' keys (modules/staff/login-service.ts).
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** Login name; login accepts it or the phone. */
    login: text().notNull(),
    phone: text().notNull(),
    passwordHash: text().notNull(),
    /** Role keys (administrator, catalog, customer_service, finance). */
    roles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('staff_members_login_key').on(sql`lower(${t.login})`),
    uniqueIndex('staff_members_phone_key').on(t.phone),
  ],
);

/** The staff member who wrote the row. */
export const staffRef = () => idRef(() => staffMembers.id);

/** A staff login session (never a dealer session): only a hash of the opaque token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial().primaryKey(),
    staffId: staffRef(),
    ...sessionColumns(),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/**
 * What staff did: who, when, what, the entity before and after. Append-only: the API has no
 * way to change or remove an entry, and a trigger refuses UPDATE and DELETE (migration 0013).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    staffId: staffRef(),
    at: writtenAt(),
    /** e.g. 'order.ship', 'return.accept', 'staff.create'. */
    action: text().notNull(),
    /** e.g. 'order', 'delivery', 'return', 'staff'. */
    entityType: text().notNull(),
    /** The entity's number or id as text (orders_no, return_no, staff id). */
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    requestId: text().notNull().default(''),
    ip: text().notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
  ],
);
