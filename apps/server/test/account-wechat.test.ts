import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { WxLoginResponse, WxStartResponse } from '@shop/core/api/account';
import { ACCOUNT_TEXTS } from '@shop/core/api/account';
import type { LoginResponse, SonAccountList } from '@shop/core/api/user';
import { WX_NONCE_COOKIE } from '../src/modules/user/wechat';
import { body } from './helpers/api';
import type { FixtureAccountKey } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';
import { STAND_IN_APP, startWeChatStandIn, type WeChatStandIn } from './helpers/wechat-stand-in';

/**
 * WeChat QR sign-in against a local stand-in of WeChat's API: the state is bound to the browser
 * (its nonce cookie) and used once, the code is exchanged once, the account is found by unionid;
 * an unbound WeChat binds to an account with its password (binding_account), a signed-in account
 * binds its WeChat (binding_wx) and unbinds it (unBindWxAccount).
 */
let wx: WeChatStandIn;
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  wx = await startWeChatStandIn();
  t = await createTestApp({ env: { ...STAND_IN_APP, WX_API_URL: wx.url } });
});
afterAll(async () => {
  await t.close();
  await off?.close();
  await wx.close();
});

const url = (action: string) => `/api/Shop.User/${action}`;

/** What a browser keeps between asking for the QR code and coming back: its nonce cookie. */
interface Browser {
  cookie: string;
}

function nonceCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [String(header)]).find((c) => c.startsWith(`${WX_NONCE_COOKIE}=`));
  expect(line).toMatch(/HttpOnly/);
  expect(line).toMatch(/SameSite=Lax/);
  return line!.split(';')[0]!;
}

/** Asks for the QR code (wx_login or binding_wx): the state in WeChat's address and the browser's cookie. */
async function start(action = 'wx_login', token?: string): Promise<{ state: string; browser: Browser; address: URL }> {
  const res = await t.app.inject({
    method: 'POST',
    url: url(action),
    payload: {},
    headers: { ...(token ? t.auth(token) : {}), host: 'shop.example.com' },
  });
  const answer = body<WxStartResponse>(res);
  expect(answer.status).toBe(200);
  expect(answer.data.configured).toBe(1);
  const address = new URL(answer.data.authorize_url);
  return { state: address.searchParams.get('state')!, browser: { cookie: nonceCookie(res) }, address };
}

const callback = (action: string, input: { code: string; state: string }, browser?: Browser, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: url(action),
    payload: input,
    headers: { ...(browser ? { cookie: browser.cookie } : {}), ...(token ? t.auth(token) : {}) },
  });

describe('WeChat sign-in', () => {
  test('the QR address carries the app, the shop’s /bind_wx and a fresh state', async () => {
    const first = await start();
    expect(`${first.address.origin}${first.address.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(first.address.searchParams.get('appid')).toBe(STAND_IN_APP.WX_APP_ID);
    expect(first.address.searchParams.get('scope')).toBe('snsapi_login');
    expect(first.address.searchParams.get('redirect_uri')).toBe('http://shop.example.com/bind_wx');
    expect(first.state.length).toBeGreaterThanOrEqual(40);
    const second = await start();
    expect(second.state).not.toBe(first.state);
  });

  test('an unbound WeChat gets a binding token, binds with the password and then signs in by itself', async () => {
    const { state, browser } = await start();
    const code = wx.scan({ unionid: 'union-a-main', nickname: '老王' });
    const first = body<WxLoginResponse>(await callback('wx_login', { code, state }, browser));
    expect(first.status).toBe(200);
    expect(first.data.login).toBeNull();
    expect(first.data.nickname).toBe('老王');
    expect(first.data.bind_token.length).toBeGreaterThan(30);

    // A wrong password is counted and refused; the token stays usable.
    const wrong = await t.app.inject({
      method: 'POST',
      url: url('binding_account'),
      payload: { username: 'a_main', password: 'wrong-password' },
      headers: t.auth(first.data.bind_token),
    });
    expect(body(wrong).msg).toMatch(/^账号或密码错误，还可尝试 \d+ 次$/);
    const bound = body<LoginResponse>(
      await t.app.inject({
        method: 'POST',
        url: url('binding_account'),
        payload: { username: 'a_main', password: 'demo1234' },
        headers: t.auth(first.data.bind_token),
      }),
    );
    expect(bound).toMatchObject({ status: 200, msg: ACCOUNT_TEXTS.wxBound, data: { user: { username: 'a_main' } } });
    // The binding token works once.
    const again = await t.app.inject({
      method: 'POST',
      url: url('binding_account'),
      payload: { username: 'a_sub', password: 'demo1234' },
      headers: t.auth(first.data.bind_token),
    });
    expect(body(again)).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.wxBindExpired });

    // Next scan: signed in at once.
    const next = await start();
    const login = body<WxLoginResponse>(
      await callback('wx_login', { code: wx.scan({ unionid: 'union-a-main' }), state: next.state }, next.browser),
    );
    expect(login.data.login?.user.username).toBe('a_main');
    const info = body(await t.app.inject({ url: url('info'), headers: t.auth(login.data.login!.token) }));
    expect(info.status).toBe(200);
  });

  test('a state from another browser, an unknown state, or a state used once is refused', async () => {
    const { state, browser } = await start();
    const other = await start();
    // The callback comes with another browser's cookie (login CSRF), or none.
    const code = wx.scan({ unionid: 'union-x' });
    expect(body(await callback('wx_login', { code, state }, other.browser))).toMatchObject({
      status: 201,
      msg: ACCOUNT_TEXTS.wxStateInvalid,
    });
    // That try spent the state: even its own browser cannot use it now.
    expect(body(await callback('wx_login', { code, state }, browser)).msg).toBe(ACCOUNT_TEXTS.wxStateInvalid);
    expect(body(await callback('wx_login', { code, state: 'made-up-state' }, browser)).msg).toBe(
      ACCOUNT_TEXTS.wxStateInvalid,
    );
    const fresh = await start();
    expect(body(await callback('wx_login', { code: wx.scan({ unionid: 'union-x' }), state: fresh.state })).msg).toBe(
      ACCOUNT_TEXTS.wxStateInvalid,
    );
    // No code was exchanged for any of them.
    expect(wx.exchanges).not.toContain(code);
  });

  test('a code is exchanged once: a replayed callback is refused, a reused code too', async () => {
    const { state, browser } = await start();
    const code = wx.scan({ unionid: 'union-replay' });
    expect(body(await callback('wx_login', { code, state }, browser)).status).toBe(200);
    // The same callback again (replay): the state is spent, WeChat is not asked again.
    const before = wx.exchanges.length;
    expect(body(await callback('wx_login', { code, state }, browser)).msg).toBe(ACCOUNT_TEXTS.wxStateInvalid);
    expect(wx.exchanges.length).toBe(before);
    // The same code with a new state: WeChat refuses it, the shop says so.
    const next = await start();
    expect(body(await callback('wx_login', { code, state: next.state }, next.browser))).toMatchObject({
      status: 201,
      msg: ACCOUNT_TEXTS.wxCodeInvalid,
    });
  });

  test('a signed-in account binds its WeChat; a WeChat bound elsewhere is refused; unbinding frees it', async () => {
    const token = await t.login('b_main');
    const bind = await start('binding_wx', token);
    expect(bind.address.searchParams.get('redirect_uri')).toBe('http://shop.example.com/bind_wx?mode=bind');
    // A binding state cannot be used to sign in, nor by another account.
    const aToken = await t.login('a_sub');
    const code = wx.scan({ unionid: 'union-b-main', nickname: '小李' });
    expect(body(await callback('binding_wx', { code, state: bind.state }, bind.browser, aToken)).msg).toBe(
      ACCOUNT_TEXTS.wxStateInvalid,
    );
    const bind2 = await start('binding_wx', token);
    const ok = body(
      await callback(
        'binding_wx',
        { code: wx.scan({ unionid: 'union-b-main', nickname: '小李' }), state: bind2.state },
        bind2.browser,
        token,
      ),
    );
    expect(ok).toMatchObject({ status: 200, msg: ACCOUNT_TEXTS.wxBound });
    const settings = body(await t.app.inject({ url: url('account'), headers: t.auth(token) }));
    expect(settings.data).toMatchObject({ wx_bound: 1, wx_nickname: '小李', wx_enabled: 1 });

    // a_main's WeChat (bound above) cannot be bound to b_sub as well.
    const subToken = await t.login('b_sub');
    const bind3 = await start('binding_wx', subToken);
    const taken = body(
      await callback(
        'binding_wx',
        { code: wx.scan({ unionid: 'union-a-main' }), state: bind3.state },
        bind3.browser,
        subToken,
      ),
    );
    expect(taken).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.wxAlreadyBound });

    // Unbinding: the account's own; a second time there is nothing bound.
    const unbind = () =>
      t.app.inject({ method: 'POST', url: url('unBindWxAccount'), payload: {}, headers: t.auth(token) });
    expect(body(await unbind())).toMatchObject({ status: 200, msg: ACCOUNT_TEXTS.wxUnbound });
    expect(body(await unbind())).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.wxNotBound });
  });

  test('a main account unbinds its sub-account’s WeChat, not another company’s', async () => {
    const subToken = await t.login('a_purchase');
    const bind = await start('binding_wx', subToken);
    await callback(
      'binding_wx',
      { code: wx.scan({ unionid: 'union-a-purchase' }), state: bind.state },
      bind.browser,
      subToken,
    );
    const list = body<SonAccountList>(await t.injectAs('aMain', { method: 'POST', url: url('son_account') }));
    expect(list.data.list.find((s) => s.username === 'a_purchase')).toMatchObject({ wx_bound: 1 });

    const unbindPurchase = (who: FixtureAccountKey, subuserId: number | string) =>
      t.injectAs(who, { method: 'POST', url: url('unBindWxAccount'), payload: { subuser_id: subuserId } });
    const purchaseId = t.fixtures.accounts.aPurchase.id;
    // Company B's main account: not found. A sub-account on a sibling: main accounts only.
    expect(body(await unbindPurchase('bMain', purchaseId))).toMatchObject({ status: 201, msg: '子账号不存在' });
    expect(body(await unbindPurchase('aSub', purchaseId))).toMatchObject({
      status: 201,
      msg: '只有主账号可以管理子账号',
    });

    expect(body(await unbindPurchase('aMain', String(purchaseId)))).toMatchObject({
      status: 200,
      msg: ACCOUNT_TEXTS.wxUnbound,
    });
    const after = body<SonAccountList>(await t.injectAs('aMain', { method: 'POST', url: url('son_account') }));
    expect(after.data.list.find((s) => s.username === 'a_purchase')).toMatchObject({ wx_bound: 0 });
  });

  test('without configuration the shop says WeChat is not configured', async () => {
    off = await createTestApp();
    const res = body<WxStartResponse>(await off.app.inject({ method: 'POST', url: url('wx_login'), payload: {} }));
    expect(res).toEqual({
      status: 200,
      msg: ACCOUNT_TEXTS.wxNotConfigured,
      data: { configured: 0, authorize_url: '' },
    });
    const finish = await off.app.inject({ method: 'POST', url: url('wx_login'), payload: { code: 'x', state: 'y' } });
    expect(body(finish)).toMatchObject({ status: 201, msg: ACCOUNT_TEXTS.wxNotConfigured });
  });
});
