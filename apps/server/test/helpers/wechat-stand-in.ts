import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local stand-in for WeChat's OAuth API (the two calls the shop makes): a test makes a
 * code for a WeChat (as WeChat would after a scan) and the shop exchanges it. A code is accepted
 * once (WeChat's errcode 40163 after), an unknown one gets 40029, as WeChat answers.
 */
export interface WeChatStandIn {
  /** Base address, for WX_API_URL. */
  url: string;
  /** A code WeChat would send back after this WeChat scanned the QR code. */
  scan(identity: { unionid: string; nickname?: string }): string;
  /** Codes exchanged so far (each counted once per exchange request). */
  exchanges: string[];
  close(): Promise<void>;
}

export const STAND_IN_APP = { WX_APP_ID: 'wx-test-app', WX_APP_SECRET: 'wx-test-secret' } as const;

export async function startWeChatStandIn(): Promise<WeChatStandIn> {
  const codes = new Map<string, { unionid: string; nickname: string; used: boolean }>();
  const tokens = new Map<string, { unionid: string; nickname: string; openid: string }>();
  const exchanges: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const send = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/sns/oauth2/access_token') {
      const code = url.searchParams.get('code') ?? '';
      exchanges.push(code);
      if (
        url.searchParams.get('appid') !== STAND_IN_APP.WX_APP_ID ||
        url.searchParams.get('secret') !== STAND_IN_APP.WX_APP_SECRET ||
        url.searchParams.get('grant_type') !== 'authorization_code'
      ) {
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      }
      const entry = codes.get(code);
      if (!entry) return send({ errcode: 40029, errmsg: 'invalid code' });
      if (entry.used) return send({ errcode: 40163, errmsg: 'code been used' });
      entry.used = true;
      const accessToken = randomBytes(12).toString('hex');
      const openid = `openid-${entry.unionid}`;
      tokens.set(accessToken, { ...entry, openid });
      return send({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: 'r',
        openid,
        scope: 'snsapi_login',
        unionid: entry.unionid,
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const token = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!token || token.openid !== url.searchParams.get('openid'))
        return send({ errcode: 40001, errmsg: 'invalid token' });
      return send({ openid: token.openid, nickname: token.nickname, unionid: token.unionid });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    scan(identity) {
      const code = randomBytes(8).toString('hex');
      codes.set(code, { unionid: identity.unionid, nickname: identity.nickname ?? '微信用户', used: false });
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
