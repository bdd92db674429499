import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE, liveIdentity, PushMessage } from '@shop/core/api/messages';
import { CONSTANTS } from '@shop/core/constants';
import { fakeSockets } from '../test/fake-web-socket';
import { makePush } from '../test/server/messages-handlers';
import {
  LiveConnection,
  liveUrl,
  readFrame,
  readPushMessage,
  reconnectDelay,
  SHUTDOWN_WAIT_MS,
  type LiveStatus,
} from './live-connection';

function setUp() {
  const fake = fakeSockets();
  const pushes: PushMessage[] = [];
  const statuses: LiveStatus[] = [];
  const clears = vi.fn();
  const unsupported = vi.fn();
  const connection = new LiveConnection({
    identity: (last) => liveIdentity(7, last),
    createSocket: fake.create,
    url: 'ws://shop.test/ws',
    onPush: (m) => pushes.push(m),
    onClearPopups: clears,
    onStatus: (s) => statuses.push(s),
    onUnsupported: unsupported,
  });
  return { fake, pushes, statuses, clears, unsupported, connection };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveConnection', () => {
  it('opens the socket at /ws of the shop host and sends the identity', () => {
    const { fake, connection, statuses } = setUp();
    connection.connect();
    expect(fake.last()?.url).toBe('ws://shop.test/ws');
    fake.last()?.open();
    expect(fake.last()?.sent).toEqual(['shop_7']);
    expect(statuses).toEqual(['connecting', 'open']);
    connection.stop();
  });

  it('the keep-alive re-sends the identity after 20 s of silence; any frame resets it', () => {
    const { fake, connection } = setUp();
    connection.connect();
    const socket = fake.last()!;
    socket.open();
    vi.advanceTimersByTime(CONSTANTS.liveKeepAliveMs - 1);
    socket.receive('1');
    vi.advanceTimersByTime(CONSTANTS.liveKeepAliveMs - 1);
    expect(socket.sent).toEqual(['shop_7']);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual(['shop_7', 'shop_7']);
    socket.receive('1');
    vi.advanceTimersByTime(CONSTANTS.liveKeepAliveMs);
    expect(socket.sent).toHaveLength(3);
    expect(socket.closed).toBe(false);
    connection.stop();
  });

  it('closes and marks the connection failed when the keep-alive gets no reply within 20 s', () => {
    const { fake, connection, statuses } = setUp();
    connection.connect();
    const socket = fake.last()!;
    socket.open();
    vi.advanceTimersByTime(CONSTANTS.liveKeepAliveMs);
    expect(socket.closed).toBe(false);
    vi.advanceTimersByTime(CONSTANTS.liveKeepAliveMs);
    expect(socket.closed).toBe(true);
    expect(statuses.at(-1)).toBe('failed');
    connection.stop();
  });

  it('hands on each tip_id once, ignores the replies 0 and 1, and clears on []', () => {
    const { fake, connection, pushes, clears } = setUp();
    connection.connect();
    const socket = fake.last()!;
    socket.open();
    socket.receive('1');
    socket.receive('0');
    socket.receive(makePush(5));
    socket.receive(makePush(5));
    socket.receive([makePush(5), makePush(6)]);
    socket.receive('not json');
    socket.receive({ tip_id: 'x' });
    expect(pushes.map((p) => p.tip_id)).toEqual([5, 6]);
    socket.receive('[]');
    expect(clears).toHaveBeenCalledTimes(1);
    connection.stop();
  });

  it('reconnects with a growing delay and sends the last tip_id it has', () => {
    const { fake, connection, statuses } = setUp();
    connection.connect();
    fake.last()!.open();
    fake.last()!.receive(makePush(41));
    fake.last()!.fail();
    expect(statuses.at(-1)).toBe('failed');
    expect(fake.sockets).toHaveLength(1);
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(fake.sockets).toHaveLength(2);
    fake.last()!.fail();
    vi.advanceTimersByTime(reconnectDelay(1) - 1);
    expect(fake.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(3);
    fake.last()!.open();
    expect(fake.last()!.sent).toEqual(['shop_7:41']);
    expect(statuses.at(-1)).toBe('open');
    connection.stop();
  });

  it('does not reconnect once the server ended the session (4001), but does after the other closes', () => {
    const { fake, connection, statuses } = setUp();
    connection.connect();
    fake.last()!.open();
    fake.last()!.serverClose(LIVE_CLOSE.goingAway);
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(fake.sockets).toHaveLength(2);
    fake.last()!.open();
    fake.last()!.serverClose(LIVE_CLOSE.sessionEnded);
    expect(statuses.at(-1)).toBe('failed');
    vi.advanceTimersByTime(RECONNECT_WAIT);
    expect(fake.sockets).toHaveLength(2);
    connection.reconnect();
    expect(fake.sockets).toHaveLength(3);
    connection.stop();
  });

  it('a reconnect asked for opens at once; stop closes for good', () => {
    const { fake, connection, statuses } = setUp();
    connection.connect();
    fake.last()!.fail();
    connection.reconnect();
    expect(fake.sockets).toHaveLength(2);
    connection.stop();
    expect(fake.last()!.closed).toBe(true);
    expect(statuses.at(-1)).toBe('idle');
    vi.advanceTimersByTime(RECONNECT_WAIT);
    expect(fake.sockets).toHaveLength(2);
  });

  it('a shutdown lets a handshake under way finish, then closes, and nothing opens after it', async () => {
    const { fake, connection, statuses } = setUp();
    connection.connect();
    let done = false;
    const shutdown = connection.shutdown().then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    expect(fake.last()!.closed).toBe(false);
    fake.last()!.open();
    await shutdown;
    expect(fake.last()!.closed).toBe(true);
    expect(statuses.at(-1)).toBe('idle');
    vi.advanceTimersByTime(RECONNECT_WAIT);
    expect(fake.sockets).toHaveLength(1);
  });

  it('a shutdown closes an open socket at once and gives up waiting on a handshake that hangs', async () => {
    const open = setUp();
    open.connection.connect();
    open.fake.last()!.open();
    await open.connection.shutdown();
    expect(open.fake.last()!.closed).toBe(true);

    const hanging = setUp();
    hanging.connection.connect();
    const shutdown = hanging.connection.shutdown();
    vi.advanceTimersByTime(SHUTDOWN_WAIT_MS);
    await shutdown;
    expect(hanging.fake.last()!.closed).toBe(true);
    expect(hanging.fake.sockets).toHaveLength(1);
  });

  it('a browser without WebSocket is told so and nothing is opened', () => {
    vi.stubGlobal('WebSocket', undefined);
    const unsupported = vi.fn();
    const statuses: LiveStatus[] = [];
    const connection = new LiveConnection({
      identity: () => 'shop_7',
      onPush: () => undefined,
      onClearPopups: () => undefined,
      onStatus: (s) => statuses.push(s),
      onUnsupported: unsupported,
    });
    connection.connect();
    expect(unsupported).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['failed']);
    vi.advanceTimersByTime(RECONNECT_WAIT);
    expect(statuses).toEqual(['failed']);
    vi.unstubAllGlobals();
  });
});

const RECONNECT_WAIT = 120_000;

describe('frames and addresses', () => {
  it('reads ws or wss from the page protocol', () => {
    expect(liveUrl({ protocol: 'http:', host: 'shop.test:8080' })).toBe('ws://shop.test:8080/ws');
    expect(liveUrl({ protocol: 'https:', host: 'shop.test' })).toBe('wss://shop.test/ws');
  });

  it('reads replies, [] and messages; anything else is nothing', () => {
    expect(readFrame('1')).toEqual({ kind: 'reply' });
    expect(readFrame('[]')).toEqual({ kind: 'clear' });
    expect(readFrame(JSON.stringify(makePush(3)))).toMatchObject({ kind: 'messages', messages: [{ tip_id: 3 }] });
    expect(readFrame('{"a":1}')).toBeUndefined();
    expect(readFrame(new ArrayBuffer(2))).toBeUndefined();
  });

  it('checks a pushed message as the core schema does: the same ones pass, with only its fields', () => {
    const good = makePush(9, { order_id: 42, is_eject: 0 });
    const variants: unknown[] = [
      good,
      makePush(10),
      { ...good, extra: 'dropped' },
      { ...good, tip_id: '9' },
      { ...good, tip_id: 9.5 },
      { ...good, tip_id: 2 ** 60 },
      { ...good, category_id: null },
      { ...good, pop_type: undefined },
      { ...good, tip_name: 1 },
      { ...good, tip_word: null },
      { ...good, tip_description: undefined },
      { ...good, create_time: 0 },
      { ...good, link: false },
      { ...good, is_eject: 2 },
      { ...good, is_eject: '1' },
      { ...good, order_id: undefined },
      { ...good, order_id: 'x' },
      null,
      'text',
      [good],
    ];
    for (const item of variants) {
      const schema = PushMessage.safeParse(item);
      expect(readPushMessage(item)).toEqual(schema.success ? schema.data : undefined);
    }
    expect(readPushMessage({ ...good, extra: 'dropped' })).toEqual(good);
    expect(readPushMessage({ ...good, is_eject: 2 })).toBeUndefined();
  });
});
