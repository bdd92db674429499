import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/** A table of what dealers wrote that the staff reply to (feedback, development requests). */
type RepliedTable = PgTable & {
  id: PgColumn;
  companyId: PgColumn;
  accountId: PgColumn;
  repliedAt: PgColumn;
  readAt: PgColumn;
};
type Replied = { repliedAt: Date | null; readAt: Date | null };

/** The account that wrote a row. */
interface Writer {
  companyId: number;
  accountId: number;
}

/** Whether a row has a reply its writer has not seen: one came after the writer last looked. */
export function hasUnreadReply(row: Replied): boolean {
  return row.repliedAt !== null && (row.readAt === null || row.readAt < row.repliedAt);
}

/**
 * The rules of a replied table, in SQL: the account's own rows, the rows with an unread reply;
 * opening one of them (its replies then seen), marking every reply of the account seen, asking
 * whether one is unread (the red dot).
 */
export function repliedRows<T extends RepliedTable>(table: T) {
  const mine = (writer: Writer): SQL =>
    and(eq(table.companyId, writer.companyId), eq(table.accountId, writer.accountId))!;
  const unreadReply = or(
    and(isNotNull(table.repliedAt), isNull(table.readAt)),
    sql`${table.readAt} < ${table.repliedAt}`,
  )!;
  return {
    mine,
    unreadReply,
    /** The writer's row `id` as it was (undefined: none of theirs), its replies now seen. */
    async openOwn(db: Db, writer: Writer, id: number): Promise<(T['$inferSelect'] & Replied) | undefined> {
      const [row] = (await db
        .select()
        .from(table as PgTable)
        .where(and(eq(table.id, id), mine(writer)))
        .limit(1)) as (T['$inferSelect'] & Replied)[];
      if (row && hasUnreadReply(row)) {
        await db
          .update(table as PgTable)
          .set({ readAt: new Date() })
          .where(eq(table.id, id));
      }
      return row;
    },
    async markAllRead(db: Db, writer: Writer): Promise<void> {
      await db
        .update(table as PgTable)
        .set({ readAt: new Date() })
        .where(and(mine(writer), unreadReply));
    },
    async hasUnread(db: Db, writer: Writer): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(table as PgTable)
        .where(and(mine(writer), unreadReply))
        .limit(1);
      return row !== undefined;
    },
  };
}
