/**
 * A client process of `npm run bench -- realtime`: holds thousands of idle live sockets on raw TCP
 * (a WebSocket client library costs several times the memory of the socket), each from its own
 * port of the loopback address it is given, identified and sending its identity every keep-alive
 * period, and records when each pushed message arrives. The parent talks to it over IPC:
 *   { cmd: 'open', targets, localAddress, concurrency } → { type: 'opened', ok, failed, firstError }
 *   { cmd: 'take' } → { type: 'taken', tips, times, closed } (and forgets them)
 *   { cmd: 'stop' } → exits.
 */
import { connect, type Socket } from 'node:net';
import { CONSTANTS } from '@shop/core/constants';

export interface ClientTarget {
  token: string;
  accountId: number;
  port: number;
}

export type ClientCommand =
  | { cmd: 'open'; targets: ClientTarget[]; localAddress: string; concurrency: number }
  | { cmd: 'take' }
  | { cmd: 'stop' };

export type ClientReport =
  | { type: 'opened'; ok: number; failed: number; firstError?: string }
  | { type: 'taken'; tips: number[]; times: number[]; closed: number; closeCodes: Record<string, number> };

const now = () => performance.timeOrigin + performance.now();

/** A client frame: FIN + text, masked with a zero key (the payload stays as it is). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('frame too long');
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x81;
  frame[1] = 0x80 | payload.length;
  payload.copy(frame, 6);
  return frame;
}

/** Any 16 bytes in base64 (the server answers with its hash; the client does not check it). */
const KEY = 'YmVuY2htYXJrLWxpdmUtMQ==';

const tips: number[] = [];
const times: number[] = [];
const sockets: Array<{ socket: Socket; identity: Buffer; sentAt: number }> = [];
let closed = 0;
/** The close codes the server sent, with how many sockets got each. */
const closeCodes: Record<string, number> = {};

function open(target: ClientTarget, localAddress: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const identity = textFrame(`shop_${target.accountId}`);
    const socket = connect({ host: '127.0.0.1', port: target.port, localAddress });
    let buffer: Buffer = Buffer.alloc(0);
    let upgraded = false;
    let identified = false;
    const fail = (why: string) => {
      socket.destroy();
      reject(new Error(why));
    };
    socket.setNoDelay(true);
    socket.on('connect', () => {
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${KEY}\r\nSec-WebSocket-Version: 13\r\nAuthorization: ${target.token}\r\n\r\n`,
      );
    });
    socket.on('error', (err) => (identified ? undefined : fail(err.message)));
    socket.on('close', () => {
      if (identified) closed += 1;
      else fail('closed before it was identified');
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString();
        if (!head.startsWith('HTTP/1.1 101')) return fail(head.split('\r\n')[0]!);
        upgraded = true;
        buffer = buffer.subarray(end + 4);
        socket.write(identity);
      }
      while (buffer.length >= 2) {
        const opcode = buffer[0]! & 0x0f;
        let length = buffer[1]! & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) break;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) break;
          length = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffer.length < offset + length) break;
        const text = opcode === 1 ? buffer.toString('utf8', offset, offset + length) : '';
        if (opcode === 8) {
          const code = length >= 2 ? String(buffer.readUInt16BE(offset)) : 'none';
          closeCodes[code] = (closeCodes[code] ?? 0) + 1;
        }
        buffer = buffer.length === offset + length ? Buffer.alloc(0) : buffer.subarray(offset + length);
        if (text.startsWith('{"tip_id":')) {
          tips.push(parseInt(text.slice(10), 10));
          times.push(now());
        } else if (text === '1' && !identified) {
          identified = true;
          sockets.push({ socket, identity, sentAt: Date.now() });
          resolve();
        } else if (text === '0') fail('identity refused');
      }
    });
  });
}

async function openAll(targets: ClientTarget[], localAddress: string, concurrency: number): Promise<ClientReport> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  let firstError: string | undefined;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++]!;
      try {
        await open(target, localAddress);
        ok += 1;
      } catch (err) {
        failed += 1;
        firstError ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { type: 'opened', ok, failed, firstError };
}

// The keep-alive: each socket sends its identity once a period after its last one (as the web
// app does), looked at every tick.
const TICK_MS = 500;
setInterval(() => {
  const due = Date.now() - CONSTANTS.liveKeepAliveMs;
  for (const s of sockets) {
    if (s.sentAt > due || s.socket.destroyed) continue;
    s.socket.write(s.identity);
    s.sentAt = Date.now();
  }
}, TICK_MS);

process.on('message', (message: ClientCommand) => {
  if (message.cmd === 'open') {
    void openAll(message.targets, message.localAddress, message.concurrency).then((r) => process.send!(r));
  } else if (message.cmd === 'take') {
    process.send!({
      type: 'taken',
      tips: tips.splice(0),
      times: times.splice(0),
      closed,
      closeCodes,
    } satisfies ClientReport);
  } else {
    for (const s of sockets) s.socket.destroy();
    process.exit(0);
  }
});
