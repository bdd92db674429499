import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { LIVE_CLOSE, LIVE_PATH } from '@shop/core/api/messages';
import { ApiStatus } from '@shop/core/api-status';
import { LoginError } from '../lib/errors';
import { resolveSession } from '../platform/sessions';
import { shareCacheDrops } from '../lib/cache-drops';
import { Hub, liveChannel } from './hub';
import type { RealtimePublisher } from './publisher';

/**
 * The live socket at /ws (spec.md section 4 'Live connection', docs/decisions/0035). The
 * handshake must carry a dealer's session: the `token` (or `wx_bind_token`) cookie the web app
 * keeps, the Authorization header, or a `token` query parameter; without a valid one the upgrade
 * is refused with 401. The hub takes the socket from there (identity, keep-alive, pushes).
 *
 * The upgrade is handled here on the HTTP server, not as a Fastify route: a route's socket keeps
 * its request and reply alive for as long as it is open, and a shop holds tens of thousands.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The live connections of every process (the hub): pushes, '[]', closing a session's sockets. */
    realtime: RealtimePublisher;
    /** This process's hub (its sockets). */
    liveHub: Hub;
  }
}

export interface RealtimePluginOptions {
  /** The Redis channel of the hubs that reach each other (default: the brand's). */
  channel?: string;
  /** The keep-alive period (default CONSTANTS.liveKeepAliveMs). */
  keepAliveMs?: number;
}

/** Identity frames are short ('shop_{id}:{tip_id}'): anything longer closes the socket (1009). */
const MAX_FRAME_BYTES = 128;

function cookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The session token of a handshake and whether the browser sent it by itself (a cookie). */
export function handshakeToken(req: IncomingMessage, url: URL): { token?: string; fromCookie: boolean } {
  const header = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
  if (header) return { token: header.slice(0, 200), fromCookie: false };
  const query = url.searchParams.get('token')?.trim();
  if (query) return { token: query.slice(0, 200), fromCookie: false };
  const fromCookie = cookie(req.headers.cookie, 'wx_bind_token') ?? cookie(req.headers.cookie, 'token');
  return { token: fromCookie?.slice(0, 200), fromCookie: fromCookie !== undefined };
}

/** A page of another site may not use the dealer's cookie: its Origin must be the shop's host. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, code: number, status: number, msg: string): void {
  const body = JSON.stringify({ status, msg, data: null });
  socket.end(
    `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export default fp(
  async function realtimePlugin(app: FastifyInstance, opts: RealtimePluginOptions) {
    const limits = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };
    const hub = new Hub({
      db: app.db,
      redisUrl: app.config.REDIS_URL,
      channel: opts.channel ?? liveChannel(app.config.BRAND),
      sessionLimits: limits,
      log: app.log,
      keepAliveMs: opts.keepAliveMs,
    });
    app.decorate('realtime', hub);
    app.decorate('liveHub', hub);
    // Cached figures dropped in this process are dropped in the others too (lib/cache-drops.ts).
    const unshareCacheDrops = shareCacheDrops(app.db, (drop) => hub.publishCacheDrop(drop));
    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_FRAME_BYTES,
      clientTracking: false,
      perMessageDeflate: false,
    });
    let accepting = true;

    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://shop');
      } catch {
        return refuse(socket, 400, 400, '请求地址不正确');
      }
      if (url.pathname !== LIVE_PATH) return refuse(socket, 404, 404, '接口不存在');
      if (!accepting) return refuse(socket, 503, 503, '服务正在重启，请稍后重试');
      const { token, fromCookie } = handshakeToken(req, url);
      if (fromCookie && !sameOrigin(req)) return refuse(socket, 403, 403, '不允许的来源');
      resolveSession(app.db, token, limits).then(
        (caller) => {
          if (socket.destroyed) return;
          wss.handleUpgrade(req, socket, head, (ws) => {
            if (accepting) hub.attach(ws, caller, socket);
            else ws.close(LIVE_CLOSE.goingAway);
          });
        },
        (err: unknown) => {
          if (err instanceof LoginError) return refuse(socket, 401, err.status, err.message);
          app.log.error({ err }, 'live socket: session lookup failed');
          refuse(socket, 503, ApiStatus.serverError, '服务暂时不可用，请稍后重试');
        },
      );
    };
    app.server.on('upgrade', onUpgrade);

    app.addHook('preClose', async () => {
      accepting = false;
      app.server.off('upgrade', onUpgrade);
      await hub.closeSockets(LIVE_CLOSE.goingAway);
    });
    app.addHook('onClose', async () => {
      unshareCacheDrops();
      await hub.close();
      wss.close();
    });
  },
  { name: 'shop-realtime' },
);
