import { CONSTANTS } from '@shop/core/constants';
import { LIVE_CLOSE, LIVE_PATH, LIVE_REPLY } from '@shop/core/api/message-rules';
import type { PushMessage } from '@shop/core/api/messages';

/**
 * The live connection of spec.md section 4 'Live connection' (design.md section 8): a WebSocket
 * at /ws on the shop's own host. The browser sends the token cookie with the handshake, which
 * binds the socket to the session as the api client's Authorization header binds a call.
 *
 * - On open it sends the identity (`shop_{subuser_id}`, with the last tip_id it has so the
 *   server sends what was missed).
 * - Any incoming frame resets the keep-alive: after `keepAliveMs` of silence it sends the
 *   identity again, and closes the socket when no reply comes within `keepAliveMs` more.
 * - '1' / '0' are replies and are ignored; '[]' clears the popups; anything else is a pushed
 *   message (or a list of them, a catch-up), handed on once per tip_id.
 * - An error or a close marks the connection failed; it tries again with a growing delay, and
 *   at once on `reconnect()` (the badge's click).
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'failed';

/** The part of the browser's WebSocket the client uses (a test passes its double). */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveStatusChange {
  previous: LiveStatus;
  manual: boolean;
  afterFailure: boolean;
}

export interface LiveConnectionOptions {
  /** `shop_{subuser_id}` with the last tip_id (core's liveIdentity), asked for at each send. */
  identity: (lastTipId: number) => string;
  onPush: (message: PushMessage) => void;
  onClearPopups: () => void;
  /**
   * `manual`: the change comes from a reconnect the user asked for; `afterFailure`: the attempt
   * followed a failure (an 'open' is then a recovery, a 'failed' one more failed retry).
   */
  onStatus: (status: LiveStatus, change: LiveStatusChange) => void;
  /** The browser has no WebSocket. */
  onUnsupported?: () => void;
  /** Opens a socket (default the browser's WebSocket at ws(s)://{host}/ws). */
  createSocket?: (url: string) => LiveSocket;
  url?: string;
  keepAliveMs?: number;
}

/** Reconnect delays after a failure: 1 s, 2 s, 4 s ... up to 60 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;
/** How many tip_ids are remembered for de-duplication. */
const SEEN_LIMIT = 1_000;
const CONNECTING = 0;
const OPEN = 1;
/** How long a shutdown lets a handshake under way finish before closing anyway. */
export const SHUTDOWN_WAIT_MS = 3_000;

export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
}

export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
}

/** The frames the server sends, read: a reply, '[]', or the messages it carries. */
export type LiveFrame = { kind: 'reply' } | { kind: 'clear' } | { kind: 'messages'; messages: PushMessage[] };

export function readFrame(data: unknown): LiveFrame | undefined {
  if (typeof data !== 'string') return undefined;
  const text = data.trim();
  if (text === LIVE_REPLY.accepted || text === LIVE_REPLY.refused) return { kind: 'reply' };
  if (text === LIVE_REPLY.clearPopups) return { kind: 'clear' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const messages = items.flatMap((item) => {
    const message = readPushMessage(item);
    return message ? [message] : [];
  });
  return messages.length ? { kind: 'messages', messages } : undefined;
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * A pushed message checked field by field as core's PushMessage schema says (integers, texts,
 * is_eject 0 or 1, order_id an integer or null), keeping only those fields; undefined when one is
 * missing or of another kind. Written by hand so that the header loads no zod for it.
 */
export function readPushMessage(item: unknown): PushMessage | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const m = item as Record<string, unknown>;
  const { tip_id, category_id, pop_type, tip_name, tip_word, tip_description, create_time, link } = m;
  const { is_eject, order_id } = m;
  if (!isInt(tip_id) || !isInt(category_id) || !isInt(pop_type)) return undefined;
  if (!isText(tip_name) || !isText(tip_word) || !isText(tip_description)) return undefined;
  if (!isText(create_time) || !isText(link)) return undefined;
  if (is_eject !== 0 && is_eject !== 1) return undefined;
  if (order_id !== null && !isInt(order_id)) return undefined;
  return {
    tip_id,
    category_id,
    tip_name,
    pop_type,
    tip_word,
    tip_description,
    create_time,
    is_eject,
    link,
    order_id,
  };
}

export class LiveConnection {
  private socket: LiveSocket | undefined;
  private status: LiveStatus = 'idle';
  private keepAliveTimer: ReturnType<typeof setTimeout> | undefined;
  private replyTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private manual = false;
  private stopped = false;
  private lastTipId = 0;
  private readonly seen = new Set<number>();
  private readonly keepAliveMs: number;

  constructor(private readonly options: LiveConnectionOptions) {
    this.keepAliveMs = options.keepAliveMs ?? CONSTANTS.liveKeepAliveMs;
  }

  get currentStatus(): LiveStatus {
    return this.status;
  }

  /** The highest tip_id received (sent with the identity so a reconnect catches up). */
  get lastMessageId(): number {
    return this.lastTipId;
  }

  /** Remembers a tip_id the client already has (a message read from the list), so it is not shown again. */
  markSeen(tipId: number): void {
    this.remember(tipId);
  }

  connect(): void {
    this.stopped = false;
    this.open(false);
  }

  /** The user asked to reconnect: at once, and the outcome is said. */
  reconnect(): void {
    this.stopped = false;
    this.open(true);
  }

  /**
   * Closes for good before the session ends (logout): no handshake starts after it, and one under
   * way is let finish first. A handshake that reaches the server after the logout is refused, and
   * one closed while connecting is aborted: the browser logs either as an error.
   */
  async shutdown(waitMs = SHUTDOWN_WAIT_MS): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    if (socket && socket.readyState === CONNECTING) await settled(socket, waitMs);
    this.stop();
  }

  /** Closes for good (logout, the header leaves the page). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = undefined;
    if (socket) this.detach(socket).close();
    this.setStatus('idle');
  }

  private open(manual: boolean): void {
    clearTimeout(this.retryTimer);
    this.clearTimers();
    if (this.socket) this.detach(this.socket).close();
    this.socket = undefined;
    this.manual = manual;
    const create = this.options.createSocket ?? browserSocket;
    let socket: LiveSocket;
    try {
      if (!this.options.createSocket && typeof WebSocket === 'undefined') {
        this.stopped = true;
        this.setStatus('failed');
        this.options.onUnsupported?.();
        return;
      }
      socket = create(this.options.url ?? liveUrl());
    } catch {
      this.fail();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.setStatus('open');
      this.attempt = 0;
      this.manual = false;
      this.sendIdentity();
      this.armKeepAlive();
    };
    socket.onmessage = (event) => {
      this.armKeepAlive();
      this.receive(event.data);
    };
    socket.onerror = () => this.lose(socket);
    socket.onclose = (event) => {
      // The session ended (logout, expiry): a new handshake would be refused; the next call of the
      // page leads to the login, and a new login connects again.
      if (event.code === LIVE_CLOSE.sessionEnded) this.stopped = true;
      this.lose(socket);
    };
  }

  private receive(data: unknown): void {
    const frame = readFrame(data);
    if (!frame || frame.kind === 'reply') return;
    if (frame.kind === 'clear') {
      this.options.onClearPopups();
      return;
    }
    for (const message of frame.messages) {
      if (this.seen.has(message.tip_id)) continue;
      this.remember(message.tip_id);
      this.options.onPush(message);
    }
  }

  /**
   * Messages up to this tip_id are known already (e.g. from the menu loaded before the socket):
   * the identity asks for what came after it.
   */
  knownUpTo(tipId: number): void {
    if (tipId > this.lastTipId) this.lastTipId = tipId;
  }

  private remember(tipId: number): void {
    this.seen.add(tipId);
    if (this.seen.size > SEEN_LIMIT) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    if (tipId > this.lastTipId) this.lastTipId = tipId;
  }

  private sendIdentity(): void {
    if (this.socket?.readyState === OPEN) this.socket.send(this.options.identity(this.lastTipId));
  }

  /** Silence for keepAliveMs: send the identity; no reply within keepAliveMs more: close. */
  private armKeepAlive(): void {
    this.clearTimers();
    this.keepAliveTimer = setTimeout(() => {
      this.sendIdentity();
      this.replyTimer = setTimeout(() => {
        const socket = this.socket;
        if (socket) this.lose(socket);
      }, this.keepAliveMs);
    }, this.keepAliveMs);
  }

  private lose(socket: LiveSocket): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    this.detach(socket).close();
    this.fail();
  }

  private fail(): void {
    this.clearTimers();
    this.setStatus('failed');
    this.manual = false;
    if (this.stopped) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.open(false), delay);
  }

  private detach(socket: LiveSocket): LiveSocket {
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    return socket;
  }

  private clearTimers(): void {
    clearTimeout(this.keepAliveTimer);
    clearTimeout(this.replyTimer);
  }

  private setStatus(status: LiveStatus): void {
    const previous = this.status;
    if (previous === status) return;
    this.status = status;
    this.options.onStatus(status, { previous, manual: this.manual, afterFailure: this.attempt > 0 });
  }
}

/** Resolves when the socket opens, fails or closes, or after `waitMs`; its own handlers still run. */
function settled(socket: LiveSocket, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const { onopen, onerror, onclose } = socket;
    socket.onopen = (ev) => {
      onopen?.call(socket, ev);
      done();
    };
    socket.onerror = (ev) => {
      onerror?.call(socket, ev);
      done();
    };
    socket.onclose = (ev) => {
      onclose?.call(socket, ev);
      done();
    };
  });
}

function browserSocket(url: string): LiveSocket {
  return new WebSocket(url);
}
