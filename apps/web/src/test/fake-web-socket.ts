import type { LiveSocket } from '../lib/live-connection';

/**
 * A test double of the browser's WebSocket for the live client: the test opens it, sends frames
 * from the "server" and reads what the client sent. Every socket created is kept in `sockets`.
 */
export class FakeWebSocket implements LiveSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  closed = false;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('not open');
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The server accepted the handshake. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sends a frame (a string, or an object sent as JSON). */
  receive(frame: unknown): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server closes the connection with a code (no error event, as browsers do). */
  serverClose(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** The connection fails (error, then close, as browsers do). */
  fail(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new Event('close') as CloseEvent);
  }
}

/** A socket factory for the live client that records every socket it opens. */
export function fakeSockets() {
  const sockets: FakeWebSocket[] = [];
  const create = (url: string) => {
    const socket = new FakeWebSocket(url);
    sockets.push(socket);
    return socket;
  };
  return { sockets, create, last: () => sockets.at(-1) };
}
