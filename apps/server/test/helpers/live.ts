import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import { PushMessage } from '@shop/core/api/messages';
import type { Db } from '../../src/db/client';
import { messages } from '../../src/db/schema/messages';
import { toPushMessage } from '../../src/realtime/catch-up';

/**
 * Live sockets in tests: a real listening server and the `ws` client. A LiveClient keeps every
 * frame it receives; `next()` waits for the next one (the test's time-out is the only clock).
 */
export class LiveClient {
  private readonly frames: string[] = [];
  private readonly waiters: Array<(frame: string) => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: RawData) => {
      const frame = String(data);
      const waiter = this.waiters.shift();
      if (waiter) waiter(frame);
      else this.frames.push(frame);
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a socket; rejects with `HTTP <status>` when the upgrade is refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<LiveClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const client = new LiveClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () =>
          reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { statusCode: res.statusCode, body })),
        );
      });
      ws.once('error', reject);
    });
  }

  /** The next frame (already received or still to come). */
  next(): Promise<string> {
    const frame = this.frames.shift();
    if (frame !== undefined) return Promise.resolve(frame);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The next frame, read as a pushed message. */
  async nextMessage(): Promise<PushMessage> {
    return PushMessage.parse(JSON.parse(await this.next()));
  }

  /** Frames received and not yet read. */
  unread(): string[] {
    return [...this.frames];
  }

  send(text: string): void {
    this.ws.send(text);
  }

  /** Sends the identity and waits for the reply. */
  async identify(frame: string): Promise<string> {
    this.send(frame);
    return this.next();
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}

/** Listens on a free loopback port and returns the socket's URL. */
export async function listenLive(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

/** Writes messages for an account as the messages module does; returns them as pushed. */
export async function insertMessages(
  db: Db,
  owner: { id: number; companyId: number },
  count: number,
  title = '订单已发货',
): Promise<PushMessage[]> {
  const rows = await db
    .insert(messages)
    .values(
      Array.from({ length: count }, (_, i) => ({
        companyId: owner.companyId,
        accountId: owner.id,
        categoryId: 1,
        tipName: `${title} ${i + 1}`,
        tipDescription: '您的订单已发货',
        tipWord: '您的订单已发货，请注意查收',
        isEject: 1,
      })),
    )
    .returning();
  return rows.map(toPushMessage);
}
