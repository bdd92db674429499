import type { Db } from '../../db/client';
import { accountNotifications } from '../../db/schema/orders';

/** Something that runs queries: the database or a transaction. */
export type Executor = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

export type NotificationKind =
  | 'order_placed'
  | 'order_cancelled'
  | 'order_shipped'
  | 'order_completed'
  | 'delivery_received'
  | 'return_created'
  | 'return_accepted'
  | 'return_refused'
  | 'return_completed';

/**
 * Writes a message for an account into the outbox, in the caller's transaction (docs/orders.md,
 * 'Notifications'). The messages issue reads the outbox, shows and pushes the messages.
 */
export async function notifyAccount(
  tx: Executor,
  n: {
    companyId: number;
    accountId: number;
    kind: NotificationKind;
    title: string;
    body: string;
    orderId?: number;
    link?: string;
  },
): Promise<void> {
  await tx.insert(accountNotifications).values({
    companyId: n.companyId,
    accountId: n.accountId,
    kind: n.kind,
    title: n.title,
    body: n.body,
    orderId: n.orderId ?? null,
    link: n.link ?? (n.orderId ? `/profile/myorder/detail?id=${n.orderId}` : ''),
  });
}
