/**
 * An open-loop HTTP load generator for the benchmarks: request i is due at start + i / rate
 * whatever earlier answers did, and its latency counts from that due time (a stalled server is
 * not hidden by a waiting client). Each scenario is bounded by a request count and a time limit;
 * requests still open at the limit count as failed.
 *
 * It writes HTTP/1.1 on raw keep-alive sockets (one request at a time per socket, opened ahead,
 * a new socket when none is free) and reads answers by Content-Length: on a 2-core machine the load generator
 * shares the cores with the server and the database, and node's http client cost several times
 * more CPU per request than this, which the figures then charged to the server.
 */
import net from 'node:net';

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface Result {
  latencies: number[];
  failed: number;
  sent: number;
  seconds: number;
  /** The first failed answer, to say why. */
  firstError?: string;
}

/** Time limit of one scenario beyond its schedule. */
const DRAIN_MS = 15_000;
/** One connection opened ahead per this many requests per second. */
const PRECONNECT_PER = 50;
const HEADER_END = Buffer.from('\r\n\r\n');
/** Client addresses: the whole benchmark stays within each one's rate limit (1,200 a minute). */
const OFFICES = 1024;

/**
 * One keep-alive connection: sends a request, calls back with the status and body of its answer
 * and the time its last byte was read.
 */
class Connection {
  private socket: net.Socket;
  private chunks: Buffer[] = [];
  private received = 0;
  /** The answer's length in bytes, head included, once its head has come; its status and where its body starts. */
  private total: number | undefined;
  private status = 0;
  private bodyStart = 0;
  private onAnswer: ((status: number, body: string, receivedAt: number) => void) | undefined;
  private onFail: ((message: string) => void) | undefined;
  closed = false;

  /** Resolves when the connection is open. */
  readonly connected: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    this.connected = new Promise((resolve) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', () => resolve());
    });
    this.socket.on('data', (chunk) => this.read(chunk));
    const fail = (message: string) => {
      this.closed = true;
      const onFail = this.onFail;
      this.onAnswer = this.onFail = undefined;
      onFail?.(message);
    };
    this.socket.on('error', (err) => fail(err.message));
    this.socket.on('close', () => fail('connection closed'));
  }

  send(
    request: Buffer,
    onAnswer: (status: number, body: string, receivedAt: number) => void,
    onFail: (message: string) => void,
  ): void {
    this.onAnswer = onAnswer;
    this.onFail = onFail;
    this.socket.write(request);
  }

  private read(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.received += chunk.length;
    const total = this.total ?? this.readHead();
    if (total === undefined || this.received < total) return;
    // The answer is whole: its bytes are joined once (joining at every chunk copied a 438 KB answer
    // several times over, on the cores the server shares, before its time was taken).
    const receivedAt = performance.now();
    const data = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    this.received = 0;
    this.total = undefined;
    const onAnswer = this.onAnswer;
    this.onAnswer = this.onFail = undefined;
    onAnswer?.(this.status, data.subarray(this.bodyStart, total).toString('utf8'), receivedAt);
  }

  /** Reads the answer's head once it has come: the answer's whole length, undefined before. */
  private readHead(): number | undefined {
    const data = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [data];
    const headerEnd = data.indexOf(HEADER_END);
    if (headerEnd < 0) return undefined;
    const head = data.subarray(0, headerEnd).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.socket.destroy();
      this.onFail?.(`answer without Content-Length: ${head.slice(0, 200)}`);
      return undefined;
    }
    this.status = Number(head.slice(9, 12));
    this.bodyStart = headerEnd + 4;
    this.total = this.bodyStart + Number(length[1]);
    return this.total;
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }
}

function requestBytes(req: Request, headers: Record<string, string>, i: number): Buffer {
  const body = req.body ?? '';
  const lines = [
    `${req.method} ${req.path} HTTP/1.1`,
    'host: 127.0.0.1',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    // Requests from OFFICES dealer offices in turn, each within the per-address rate limit (the
    // server trusts the proxy header). A new address per request made the server's rate-limit
    // table hold 10,000 addresses within 5 seconds, which no shop sees.
    `x-forwarded-for: 10.0.${(i % OFFICES) >> 8}.${i % 256}`,
    ...(req.body ? ['content-type: application/json', `content-length: ${Buffer.byteLength(body)}`] : []),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Sends `count` requests at `rate` per second (open loop) and records each latency from its due
 * time. A lead-in of `leadIn` requests at the same rate goes first and is not recorded: the
 * figures are of the server in the steady state of that load, not of its first milliseconds after
 * the previous scenario (fresh connections, the last scenario's work still finishing).
 */
export async function openLoop(
  port: number,
  headers: Record<string, string>,
  rate: number,
  count: number,
  next: (i: number) => Request,
  leadIn = 0,
): Promise<Result> {
  // Connections are open before the first request is due, as a balancer in front keeps them:
  // opening them all in the first milliseconds measured the server's accept queue instead.
  const all = Array.from({ length: Math.ceil(rate / PRECONNECT_PER) }, () => new Connection(port));
  await Promise.all(all.map((c) => c.connected));
  const idle = all.filter((c) => !c.closed);
  const total = leadIn + count;
  const latencies: number[] = [];
  let failed = 0;
  let done = 0;
  let firstError: string | undefined;
  const start = performance.now() + 20;
  const deadline = start + (total / rate) * 1000 + DRAIN_MS;
  await new Promise<void>((resolve) => {
    let j = 0;
    const finish = (recorded: boolean) => {
      if (recorded) done++;
      if (done === count) resolve();
    };
    const fire = (req: Request, due: number, i: number, recorded: boolean) => {
      let connection = idle.pop();
      while (connection?.closed) connection = idle.pop();
      if (!connection) {
        connection = new Connection(port);
        all.push(connection);
      }
      const used = connection;
      used.send(
        requestBytes(req, headers, i),
        (status, text, receivedAt) => {
          const ok = status === 200 && !/^\{"status":(?!200)\d+/.test(text);
          if (recorded && ok && receivedAt <= deadline) latencies.push(receivedAt - due);
          else if (recorded) {
            failed++;
            firstError ??= `${status} ${text.slice(0, 200)}`;
          }
          idle.push(used);
          finish(recorded);
        },
        (message) => {
          if (recorded) {
            failed++;
            firstError ??= message;
          }
          finish(recorded);
        },
      );
    };
    const tick = () => {
      const now = performance.now();
      while (j < total && start + (j * 1000) / rate <= now) {
        // Lead-in requests take the indexes after the measured ones.
        const recorded = j >= leadIn;
        const i = recorded ? j - leadIn : count + j;
        fire(next(i), start + (j * 1000) / rate, i, recorded);
        j++;
      }
      if (j < total) setTimeout(tick, 1);
    };
    setTimeout(tick, 20);
    setTimeout(() => {
      failed += count - done;
      done = count;
      resolve();
    }, deadline - performance.now()).unref();
  });
  for (const connection of all) connection.close();
  latencies.sort((a, b) => a - b);
  return { latencies, failed, sent: count, seconds: count / rate, ...(firstError ? { firstError } : {}) };
}

/**
 * One client's keep-alive connection for requests one after another (closed loop): a new
 * connection when the server closed the last one. Each answer comes with the milliseconds from
 * sending to its last byte (parsing it is the client's work, not the server's). node's fetch and
 * http client cost several times as much CPU per request, on the cores the server shares.
 */
export class KeepAliveClient {
  private connection: Connection | undefined;

  constructor(private readonly port: number) {}

  async request(
    req: Request,
    headers: Record<string, string>,
    i: number,
  ): Promise<{ status: number; body: string; ms: number }> {
    if (!this.connection || this.connection.closed) this.connection = new Connection(this.port);
    const connection = this.connection;
    await connection.connected;
    const bytes = requestBytes(req, headers, i);
    return new Promise((resolve, reject) => {
      const sentAt = performance.now();
      connection.send(
        bytes,
        (status, body, receivedAt) => resolve({ status, body, ms: receivedAt - sentAt }),
        (message) => reject(new Error(message)),
      );
    });
  }

  close(): void {
    this.connection?.close();
  }
}
