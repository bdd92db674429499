import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Writable } from 'node:stream';
import { WebSocket, type RawData } from 'ws';
import { LIVE_CLOSE, LIVE_REPLY, parseLiveIdentity } from '@shop/core/api/messages';
import { CONSTANTS } from '@shop/core/constants';
import type { Db } from '../db/client';
import { dropHere, type CacheDrop } from '../lib/cache-drops';
import { stillValidSessions, type SessionLimits } from '../platform/sessions';
import type { DealerCaller } from '../platform/request-context';
import { lastMessageId, missedDeliveries, missedMessages } from './catch-up';
import type { MessageDelivery, RealtimePublisher } from './publisher';
import { decodeBusMessage, encodeBusEvent, frameMaker, groupDeliveries, type BusEvent, type PushGroup } from './wire';

/**
 * The hub (docs/decisions/0035): this process's live sockets by account and by session, and the
 * RealtimePublisher of the whole shop. A push is delivered to this process's sockets at once and,
 * with Redis, published on one channel that every other process's hub delivers to its own. The
 * database is the truth: a hub that lost its subscription catches its sockets up from the
 * `messages` table when it is back, and a client that reconnects names its last tip_id.
 */

/** Bytes queued for a socket past which it is closed (LIVE_CLOSE.slow); the client catches up on reconnect. */
export const MAX_QUEUED_BYTES = 256 * 1024;
/** Frames a client may send within one keep-alive period (it sends one). */
export const MAX_FRAMES_PER_PERIOD = 20;
/** How often the sessions of the held sockets are checked (ended, expired, idle, account disabled). */
export const SESSION_CHECK_MS = 60_000;
/** Messages a hub back from a Redis outage pushes at most; past that its sockets reconnect and catch up. */
export const RESYNC_MAX = 10_000;

/** The channel of a shop's hubs (one per brand on a shared Redis). */
export function liveChannel(brand: string): string {
  return `shop-live:${brand}`;
}

interface HubLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HubOptions {
  db: Db;
  /** redis://... to reach the sockets of every process; without it, this process's only. */
  redisUrl?: string;
  channel: string;
  sessionLimits: SessionLimits;
  log: HubLog;
  /** The client's keep-alive period; a socket silent for two of them is closed. */
  keepAliveMs?: number;
}

/** A socket of this process, bound to the session of its handshake. */
export class LiveConnection {
  /** Has sent its identity (then it receives pushes). */
  identified = false;
  /** Frames received in the current keep-alive period. */
  frames = 0;
  /** While it catches up: the frames pushed meanwhile, as [tipId, frame] ('[]' has tip 0). */
  pending: Array<[number, string]> | null = null;

  constructor(
    readonly ws: WebSocket,
    /** The socket under ws, which pushes are written to as whole frames (see textFrame). */
    readonly tcp: Writable | undefined,
    readonly accountId: number,
    readonly sessionId: number,
    public lastHeard: number,
  ) {}
}

function addTo<K>(map: Map<K, Set<LiveConnection>>, key: K, conn: LiveConnection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(conn);
}

function removeFrom<K>(map: Map<K, Set<LiveConnection>>, key: K, conn: LiveConnection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}

export class Hub implements RealtimePublisher {
  /** Identified sockets by account (they receive pushes). */
  private readonly byAccount = new Map<number, Set<LiveConnection>>();
  /** Every socket by session (logout closes them). */
  private readonly bySession = new Map<number, Set<LiveConnection>>();
  private count = 0;
  private readonly origin = randomUUID();
  private readonly keepAliveMs: number;
  private readonly timers: NodeJS.Timeout[] = [];
  private pub: Redis | undefined;
  private sub: Redis | undefined;
  /** The highest tip_id this hub has seen pushed: where a catch-up after an outage starts. */
  private maxTipSeen = 0;
  private resyncFrom: number | undefined;
  private subscribed: Promise<void>;
  private checkingSessions = false;
  private closed = false;

  constructor(private readonly options: HubOptions) {
    this.keepAliveMs = options.keepAliveMs ?? CONSTANTS.liveKeepAliveMs;
    this.timers.push(setInterval(() => this.sweep(Date.now()), Math.max(10, Math.floor(this.keepAliveMs / 2))));
    this.timers.push(setInterval(() => void this.checkSessions(), SESSION_CHECK_MS));
    for (const t of this.timers) t.unref();
    this.subscribed = options.redisUrl ? this.connectRedis(options.redisUrl) : Promise.resolve();
    this.subscribed.catch((err: unknown) => options.log.error({ err }, 'live push: subscribing to Redis failed'));
  }

  /** Resolves once this hub receives the other processes' pushes (at once without Redis). */
  ready(): Promise<void> {
    return this.subscribed;
  }

  /** Sockets held by this process, and the accounts they are identified as. */
  stats(): { connections: number; accounts: number } {
    return { connections: this.count, accounts: this.byAccount.size };
  }

  // ---- the publisher ------------------------------------------------------------------------

  async pushMessages(deliveries: readonly MessageDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const groups = groupDeliveries(deliveries);
    this.deliverGroups(groups);
    this.publish({ type: 'push', groups });
  }

  async clearPopups(accountIds: readonly number[]): Promise<void> {
    if (accountIds.length === 0) return;
    this.clearLocal(accountIds);
    this.publish({ type: 'clear', accountIds: [...accountIds] });
  }

  async closeSessions(sessionIds: readonly number[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.closeLocalSessions(sessionIds);
    this.publish({ type: 'close', sessionIds: [...sessionIds] });
  }

  /** Tells the other processes to drop cached figures (lib/cache-drops.ts; this one has already). */
  publishCacheDrop(drop: CacheDrop): void {
    this.publish({ type: 'caches', drop });
  }

  // ---- sockets --------------------------------------------------------------------------------

  /** Takes a socket whose handshake carried this dealer's session. */
  attach(ws: WebSocket, caller: DealerCaller, tcp?: Writable): LiveConnection {
    const conn = new LiveConnection(ws, tcp, caller.accountId, caller.sessionId, Date.now());
    addTo(this.bySession, conn.sessionId, conn);
    this.count += 1;
    ws.on('message', (data: RawData, isBinary: boolean) => this.onFrame(conn, data, isBinary));
    ws.once('close', () => this.detach(conn));
    // ws closes the socket after an error (e.g. a frame over maxPayload: 1009); nothing else to do.
    ws.on('error', () => {});
    return conn;
  }

  private detach(conn: LiveConnection): void {
    removeFrom(this.bySession, conn.sessionId, conn);
    if (conn.identified) removeFrom(this.byAccount, conn.accountId, conn);
    conn.pending = null;
    this.count -= 1;
  }

  private onFrame(conn: LiveConnection, data: RawData, isBinary: boolean): void {
    conn.lastHeard = Date.now();
    const ws = conn.ws;
    if (++conn.frames > MAX_FRAMES_PER_PERIOD) {
      ws.close(LIVE_CLOSE.tooManyFrames);
      return;
    }
    const identity = isBinary ? undefined : parseLiveIdentity(String(data));
    if (!identity || identity.accountId !== conn.accountId) {
      ws.send(LIVE_REPLY.refused);
      ws.close(LIVE_CLOSE.refused);
      return;
    }
    ws.send(LIVE_REPLY.accepted);
    if (conn.identified) return;
    conn.identified = true;
    addTo(this.byAccount, conn.accountId, conn);
    if (identity.lastTipId > 0) void this.catchUp(conn, identity.lastTipId);
  }

  /** Pushes what the account received after `afterId`, then what came meanwhile (without repeats). */
  private async catchUp(conn: LiveConnection, afterId: number): Promise<void> {
    conn.pending = [];
    try {
      const missed = await missedMessages(this.options.db, conn.accountId, afterId);
      const pending = conn.pending;
      conn.pending = null;
      if (!pending) return; // closed meanwhile
      let last = afterId;
      for (const m of missed) {
        this.send(conn, m.tip_id, JSON.stringify(m));
        last = Math.max(last, m.tip_id);
      }
      for (const [tipId, frame] of pending) if (tipId === 0 || tipId > last) this.send(conn, tipId, frame);
    } catch (err) {
      conn.pending = null;
      this.options.log.error({ err, accountId: conn.accountId }, 'live socket: catch-up failed');
      conn.ws.close(1011);
    }
  }

  private send(conn: LiveConnection, tipId: number, frame: string): void {
    if (conn.pending) {
      if (conn.pending.length >= RESYNC_MAX) conn.ws.close(LIVE_CLOSE.slow);
      else conn.pending.push([tipId, frame]);
      return;
    }
    const ws = conn.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_QUEUED_BYTES) {
      ws.close(LIVE_CLOSE.slow);
      return;
    }
    if (conn.tcp) conn.tcp.write(textFrame(frame));
    else ws.send(frame);
  }

  private deliverGroups(groups: readonly PushGroup[]): void {
    for (const { message, pairs } of groups) {
      let make: ((tipId: number) => string) | undefined;
      for (let i = 0; i < pairs.length; i += 2) {
        const tipId = pairs[i + 1]!;
        if (tipId > this.maxTipSeen) this.maxTipSeen = tipId;
        const conns = this.byAccount.get(pairs[i]!);
        if (!conns) continue;
        make ??= frameMaker(message);
        const frame = make(tipId);
        for (const conn of conns) this.send(conn, tipId, frame);
      }
    }
  }

  private clearLocal(accountIds: readonly number[]): void {
    for (const id of accountIds) {
      for (const conn of this.byAccount.get(id) ?? []) this.send(conn, 0, LIVE_REPLY.clearPopups);
    }
  }

  private closeLocalSessions(sessionIds: readonly number[]): void {
    for (const id of sessionIds) {
      for (const conn of this.bySession.get(id) ?? []) conn.ws.close(LIVE_CLOSE.sessionEnded);
    }
  }

  /** Closes the sockets silent for two keep-alive periods and starts a new period of frames. */
  sweep(now: number): void {
    const silentBefore = now - 2 * this.keepAliveMs;
    for (const conns of this.bySession.values()) {
      for (const conn of conns) {
        conn.frames = 0;
        if (conn.lastHeard < silentBefore && conn.ws.readyState === WebSocket.OPEN) conn.ws.close(LIVE_CLOSE.silent);
      }
    }
  }

  /** Closes the sockets of sessions that ended (in any process), expired or went idle. */
  async checkSessions(): Promise<void> {
    if (this.checkingSessions || this.bySession.size === 0) return;
    this.checkingSessions = true;
    try {
      const held = [...this.bySession.keys()];
      const valid = await stillValidSessions(this.options.db, held, this.options.sessionLimits);
      this.closeLocalSessions(held.filter((id) => !valid.has(id)));
    } catch (err) {
      this.options.log.warn({ err }, 'live sockets: session check failed');
    } finally {
      this.checkingSessions = false;
    }
  }

  /** Closes every socket (shutdown); resolves when they are gone (the stragglers are cut after `graceMs`). */
  closeSockets(code: number = LIVE_CLOSE.goingAway, graceMs = 2_000): Promise<void> {
    const all = [...this.bySession.values()].flatMap((set) => [...set]);
    if (all.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      let left = all.length;
      const done = () => {
        left -= 1;
        if (left === 0) {
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        for (const conn of all) conn.ws.terminate();
      }, graceMs);
      for (const conn of all) {
        if (conn.ws.readyState === WebSocket.CLOSED) done();
        else {
          conn.ws.once('close', done);
          conn.ws.close(code);
        }
      }
    });
  }

  /** Stops the timers and the Redis connections (after closeSockets). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    await Promise.all(
      [this.pub, this.sub].map((r) =>
        r?.quit().then(
          () => {},
          () => r.disconnect(),
        ),
      ),
    );
  }

  // ---- Redis --------------------------------------------------------------------------------

  private publish(event: BusEvent): void {
    const pub = this.pub;
    if (!pub) return;
    for (const text of encodeBusEvent(this.origin, event)) {
      // Not awaited: during an outage the command waits in ioredis's queue, and the other hubs
      // catch up from the database when they are back (nothing waits on Redis).
      pub.publish(this.options.channel, text).catch((err: unknown) => {
        this.options.log.warn({ err }, 'live push: publish to Redis failed (the other processes catch up)');
      });
    }
  }

  private onBusMessage(text: string): void {
    const decoded = decodeBusMessage(text);
    if (!decoded || decoded.origin === this.origin) return;
    const { event } = decoded;
    if (event.type === 'push') this.deliverGroups(event.groups);
    else if (event.type === 'clear') this.clearLocal(event.accountIds);
    else if (event.type === 'caches') dropHere(this.options.db, event.drop);
    else this.closeLocalSessions(event.sessionIds);
  }

  private async connectRedis(url: string): Promise<void> {
    const { log, channel } = this.options;
    this.pub = new Redis(url, { connectionName: `live-pub:${channel}` });
    // The subscription waits for Redis however long it is away (it is made once, then renewed by ioredis).
    const sub = new Redis(url, { connectionName: `live-sub:${channel}`, maxRetriesPerRequest: null });
    this.sub = sub;
    this.pub.on('error', (err) => log.warn({ err }, 'live push: redis error (publisher)'));
    sub.on('error', (err) => log.warn({ err }, 'live push: redis error (subscriber)'));
    sub.on('message', (ch: string, text: string) => {
      if (ch === channel) this.onBusMessage(text);
    });
    let everReady = false;
    sub.on('close', () => {
      // From here on pushes of other processes may be missed: remember where to catch up from.
      if (everReady && this.resyncFrom === undefined) this.resyncFrom = this.maxTipSeen;
    });
    // ioredis reconnects and subscribes again by itself; then the sockets catch up.
    sub.on('ready', () => {
      if (everReady && !this.closed) void this.resync();
    });
    await sub.subscribe(channel);
    this.maxTipSeen = Math.max(this.maxTipSeen, await lastMessageId(this.options.db));
    everReady = true;
  }

  /** After an outage: pushes what this process's accounts received meanwhile (clients drop repeats by tip_id). */
  private async resync(): Promise<void> {
    const from = this.resyncFrom;
    this.resyncFrom = undefined;
    if (from === undefined || this.byAccount.size === 0) return;
    try {
      const missed = await missedDeliveries(this.options.db, [...this.byAccount.keys()], from, RESYNC_MAX + 1);
      if (missed.length > RESYNC_MAX) {
        for (const conns of this.byAccount.values()) for (const conn of conns) conn.ws.close(LIVE_CLOSE.catchUp);
        return;
      }
      this.deliverGroups(groupDeliveries(missed));
    } catch (err) {
      this.options.log.error({ err }, 'live push: catch-up after a Redis outage failed; sockets reconnect');
      for (const conns of this.byAccount.values()) for (const conn of conns) conn.ws.close(LIVE_CLOSE.catchUp);
    }
  }
}

/**
 * A server-to-client text frame (RFC 6455 5.2: FIN, opcode 1, no mask) with its payload, in one
 * buffer: written to the socket in one call, where ws.send writes a header and a payload (two
 * buffers, a corked writev). Safe beside ws's own writes because the server compresses nothing
 * (perMessageDeflate off), so ws writes every frame of its own whole and at once too.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, head);
  return frame;
}
