import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { orders } from '../src/db/schema/orders';
import { EventDispatcher, publish, pruneDispatchedEvents, type Subscriber } from '../src/lib/events';
import { runTransaction } from '../src/platform/request-context';
import { publishOrderEvent } from '../src/modules/orders/notifications';
import { orderMessagesSubscriber } from '../src/modules/messages/subscribers';
import { insertFixtures, type Fixtures } from './helpers/fixtures';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/** The outbox (lib/events.ts): published with the change, dispatched after commit, at least once, idempotently. */
let tdb: TestDatabase;
let db: Db;
let fixtures: Fixtures;
/** A second handle on the same database (PostgreSQL: as another server process would have). */
let other: Database | undefined;
let otherDb: Db;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.database.db;
  fixtures = await insertFixtures(db);
  if (tdb.url) other = await openDatabase({ url: tdb.url, poolSize: 3 });
  otherDb = other?.db ?? db;
}, 60_000);
afterAll(async () => {
  await other?.close();
  await tdb?.dispose();
});

/** A subscriber that records the event ids it was given (and can be told to fail). */
function recorder(type: string, fail: (eventId: number, call: number) => boolean = () => false) {
  const seen: number[] = [];
  const subscriber: Subscriber = {
    name: 'recorder',
    types: [type],
    async handle(event) {
      seen.push(event.eventId);
      if (fail(event.eventId, seen.filter((id) => id === event.eventId).length)) throw new Error('订阅者失败');
    },
  };
  return { seen, subscriber };
}

async function eventRow(id: number) {
  const [r] = (
    await db.execute(
      sql`select id, type, payload, attempts, last_error, dispatched_at from domain_events where id = ${id}`,
    )
  ).rows as { attempts: number; last_error: string; dispatched_at: unknown; payload: unknown }[];
  return r;
}

async function eventIds(type: string): Promise<number[]> {
  return (await db.execute(sql`select id from domain_events where type = ${type} order by id`)).rows.map((r) =>
    Number((r as { id: unknown }).id),
  );
}

describe('publishing', () => {
  it('writes the event in the caller’s transaction: kept when it commits, gone when it rolls back', async () => {
    const a = fixtures.accounts.aMain;
    await runTransaction(db, async (_tx, emit) => emit({ type: 'test.committed', companyId: a.companyId }));
    await expect(
      runTransaction(db, async (_tx, emit) => {
        emit({ type: 'test.rolled_back', companyId: a.companyId });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await expect(
      db.transaction(async (tx) => {
        await publish(tx, { type: 'test.rolled_back', companyId: a.companyId });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await eventIds('test.committed')).toHaveLength(1);
    expect(await eventIds('test.rolled_back')).toEqual([]);
    const row = await eventRow((await eventIds('test.committed'))[0]!);
    expect(row?.dispatched_at).toBeNull();
  });
});

describe('dispatching', () => {
  it('hands an event to its subscribers once and marks it dispatched', async () => {
    await publish(db, { type: 'test.once' }, { type: 'test.once' });
    const ids = await eventIds('test.once');
    const r = recorder('test.once');
    const dispatcher = new EventDispatcher(db, [r.subscriber]);
    await dispatcher.drain();
    await dispatcher.drain();
    expect(r.seen).toEqual(ids);
    for (const id of ids) expect((await eventRow(id))?.dispatched_at).not.toBeNull();
  });

  it('retries an event whose subscriber failed (at least once), recording the error', async () => {
    await publish(db, { type: 'test.flaky' });
    const [id] = await eventIds('test.flaky');
    const r = recorder('test.flaky', (_id, call) => call === 1);
    const errors: unknown[] = [];
    const dispatcher = new EventDispatcher(db, [r.subscriber], {
      retryDelayMs: () => 0,
      onError: (e) => errors.push(e),
    });
    await dispatcher.dispatchOnce();
    let row = await eventRow(id!);
    expect(row?.dispatched_at).toBeNull();
    expect(row?.last_error).toBe('订阅者失败');
    expect(errors).toHaveLength(1);
    await dispatcher.dispatchOnce();
    row = await eventRow(id!);
    expect(r.seen).toEqual([id, id]);
    expect(Number(row?.attempts)).toBe(2);
    expect(row?.dispatched_at).not.toBeNull();
    expect(row?.last_error).toBe('');
  });

  it('waits before a retry (backoff) instead of trying again at once', async () => {
    await publish(db, { type: 'test.backoff' });
    const r = recorder('test.backoff', () => true);
    const dispatcher = new EventDispatcher(db, [r.subscriber], { retryDelayMs: () => 60_000 });
    await dispatcher.dispatchOnce();
    await dispatcher.dispatchOnce();
    expect(r.seen).toHaveLength(1);
  });

  it('does not deliver an event twice when two dispatchers (processes) run at once', async () => {
    const events = Array.from({ length: 60 }, () => ({ type: 'test.race' }));
    await publish(db, ...events);
    const ids = await eventIds('test.race');
    const r1 = recorder('test.race');
    const r2 = recorder('test.race');
    const d1 = new EventDispatcher(db, [r1.subscriber], { batch: 7 });
    const d2 = new EventDispatcher(otherDb, [r2.subscriber], { batch: 5 });
    await Promise.all([d1.drain(), d2.drain(), d1.drain(), d2.drain()]);
    const all = [...r1.seen, ...r2.seen].sort((a, b) => a - b);
    expect(all).toEqual(ids);
  });
});

describe('order messages', () => {
  let orderId: number;
  beforeAll(async () => {
    const a = fixtures.accounts.aMain;
    const [o] = await db
      .insert(orders)
      .values({
        companyId: a.companyId,
        accountId: a.id,
        ordersNo: 'SO202611250000001',
        status: 'cancelled',
        totalAmount: '10.00',
      })
      .returning({ id: orders.id });
    orderId = o!.id;
  });
  const messages = async () =>
    (
      await db.execute(
        sql`select account_id, category_id, tip_name, tip_word, link, number from messages where order_id = ${orderId}
          order by id`,
      )
    ).rows;

  it('writes the Chinese message for the event, once, even when the event is delivered again', async () => {
    const a = fixtures.accounts.aMain;
    await runTransaction(db, (tx) =>
      publishOrderEvent(tx, {
        type: 'order.cancelled',
        companyId: a.companyId,
        accountId: a.id,
        orderId,
        ordersNo: 'SO202611250000001',
        reason: '不需要了',
      }),
    );
    const dispatcher = new EventDispatcher(db, [orderMessagesSubscriber]);
    await dispatcher.drain();
    const expected = [
      {
        account_id: a.id,
        category_id: 1,
        tip_name: '订单已取消',
        tip_word: '订单 SO202611250000001 已取消，原因：不需要了。',
        link: `/profile/myorder/detail?id=${orderId}`,
        number: 'SO202611250000001',
      },
    ];
    expect(await messages()).toEqual(expected);
    // A redelivery (e.g. the process died before marking it dispatched) writes nothing new.
    await db.execute(
      sql`update domain_events set dispatched_at = null, available_at = now() where type = 'order.cancelled'`,
    );
    await dispatcher.drain();
    expect(await messages()).toEqual(expected);
  });

  it('prunes dispatched events past keeping, never undispatched ones', async () => {
    await publish(db, { type: 'test.old' }, { type: 'test.old_pending' });
    await db.execute(sql`update domain_events set dispatched_at = now() - interval '8 days' where type = 'test.old'`);
    await db.execute(
      sql`update domain_events set created_at = now() - interval '8 days' where type = 'test.old_pending'`,
    );
    expect(await pruneDispatchedEvents(db, 7)).toBeGreaterThanOrEqual(1);
    expect(await eventIds('test.old')).toEqual([]);
    expect(await eventIds('test.old_pending')).toHaveLength(1);
  });
});
