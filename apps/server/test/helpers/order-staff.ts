import type { Db } from '../../src/db/client';
import * as staff from '../../src/modules/orders/staff-service';
import { runTransaction } from '../../src/platform/request-context';

/**
 * The orders module's staff actions each in a transaction of its own that publishes its events
 * after the commit (as the admin API runs them, less the audit entry).
 */
export const shipOrder = (db: Db, input: staff.ShipInput) =>
  runTransaction(db, (tx, emit) => staff.shipOrder(tx, emit, input));

export const markDelivered = (db: Db, deliveryNo: string) =>
  runTransaction(db, (tx, emit) => staff.markDelivered(tx, emit, deliveryNo));

export const createReturn = (db: Db, input: staff.CreateReturnInput) =>
  runTransaction(db, (tx, emit) => staff.createReturn(tx, emit, input));

export const moveReturn = (db: Db, returnNo: string, move: 'accept' | 'refuse' | 'complete', note?: string) =>
  runTransaction(db, (tx, emit) => staff.moveReturn(tx, emit, returnNo, move, note));

/** Ships the whole order in one package, and the dealer receives it (the order completes). */
export async function shipAndReceive(db: Db, ordersNo: string, trackingNo: string): Promise<void> {
  const { deliveryNos } = await shipOrder(db, { ordersNo, carrier: '顺丰', trackingNo, packages: 1 });
  await markDelivered(db, deliveryNos[0]!);
}
