import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  DealerAccount,
  DealerAccountWithPassword,
  DealerCompanyDetail,
  DealerListResponse,
} from '@shop/core/api/dealers';
import type { UserProfile } from '@shop/core/api/user';
import { body } from './helpers/api';
import { TEST_PASSWORD } from './helpers/fixtures';
import { LiveClient, listenLive } from './helpers/live';
import { auditOf, createTestAppWithStaff, type StaffClient, type StaffLogin } from './helpers/staff';
import type { TestApp } from './helpers/test-app';
import { multipartForm } from './helpers/multipart';
import { MODULES } from '../src/modules';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The back office's dealers area (/api/admin/dealers*, permission dealers.manage). */
let t: TestApp;
let staff: StaffClient;
let liveUrl: string;
beforeAll(async () => {
  ({ t, staff } = await createTestAppWithStaff());
  liveUrl = await listenLive(t.app);
}, 60_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST';
const call = (who: StaffLogin, method: Method, url: string, payload?: object) =>
  staff.asStaff(who, { method, url: `/api/admin${url}`, ...(payload ? { payload } : {}) });
const ok = async <T>(res: Promise<Awaited<ReturnType<typeof call>>>) => {
  const b = body<T>(await res);
  expect(b.status, b.msg).toBe(200);
  return b;
};
const list = (query: string) => ok<DealerListResponse>(call('service', 'GET', `/dealers?${query}`));
const detail = (id: number) => ok<DealerCompanyDetail>(call('service', 'GET', `/dealers/${id}`));

const dealerLogin = (login: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/Shop.User/login', payload: { username: login, password } });
const profile = (token: string) => t.app.inject({ url: '/api/Shop.User/info', headers: { authorization: token } });

const companyInput = {
  name: '深圳鹏程汽配有限公司',
  contact_name: '赵工',
  contact_phone: '0755-88886666',
  is_regional_warehouse: 0,
  brand_groupings: ['宝马', '奔驰'],
  notes: '新客户',
};

describe('permissions', () => {
  test('customer service may, catalog may not, a dealer token is refused', async () => {
    const a = t.fixtures.companies.a.id;
    const aSub = t.fixtures.accounts.aSub.id;
    const endpoints: [Method, string, object?][] = [
      ['GET', '/dealers'],
      ['GET', `/dealers/${a}`],
      ['POST', '/dealers', {}],
      ['POST', `/dealers/${a}`, {}],
      ['POST', '/dealers/999999/disable', {}],
      ['POST', '/dealers/999999/enable', {}],
      ['POST', `/dealers/${a}/accounts`, {}],
      ['POST', `/dealer-accounts/${aSub}`, { is_purchase: 'x' }],
      ['POST', '/dealer-accounts/999999/password', {}],
      ['POST', '/dealer-accounts/999999/activity-image', {}],
    ];
    const dealer = await t.loginAs('bMain');
    for (const [method, url, payload] of endpoints) {
      const allowed = await call('service', method, url, payload);
      expect([url, allowed.statusCode === 200 || allowed.statusCode === 400]).toEqual([url, true]);
      expect([url, [200, 201, 400].includes(body(allowed).status)]).toEqual([url, true]);
      const refused = await call('catalog', method, url, payload);
      expect([url, refused.statusCode, body(refused)]).toEqual([
        url,
        403,
        { status: 403, msg: '无权限执行此操作', data: null },
      ]);
      const asDealer = await t.app.inject({
        method,
        url: `/api/admin${url}`,
        headers: { authorization: dealer },
        ...(payload ? { payload } : {}),
      });
      expect([url, asDealer.statusCode]).toEqual([url, 401]);
    }
  });

  test('NUL characters and wrong types are refused with a Chinese parameter error', async () => {
    const a = t.fixtures.companies.a.id;
    const nul = await call('service', 'POST', '/dealers', { ...companyInput, name: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(body(nul).msg).toBe('请求参数错误：内容不能包含空字符');
    const nulQuery = await call('service', 'GET', '/dealers?keyword=%00');
    expect(nulQuery.statusCode).toBe(400);
    for (const [method, url, payload] of [
      ['POST', '/dealers', { ...companyInput, name: 123 }],
      ['POST', '/dealers', { ...companyInput, brand_groupings: '宝马' }],
      ['POST', `/dealers/${a}`, { ...companyInput, version: 'abc' }],
      ['POST', `/dealers/${a}/accounts`, { username: 'ok_name', phone: '123', is_main: 0 }],
      ['POST', `/dealer-accounts/${t.fixtures.accounts.aSub.id}`, { enabled: 2 }],
      ['GET', '/dealers/abc', undefined],
      ['GET', '/dealers?enabled=yes', undefined],
    ] as [Method, string, object | undefined][]) {
      const res = await call('service', method, url, payload);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(body(res).msg).toMatch(/^请求参数错误：/);
    }
  });
});

describe('companies', () => {
  test('list: search by name, contact and an account phone; filters; paging', async () => {
    const { a, b, c } = t.fixtures.companies;
    const all = await list('');
    expect(all.data.total).toBeGreaterThanOrEqual(3);
    const byName = await list(`keyword=${encodeURIComponent('恒通')}`);
    expect(byName.data.list.map((x) => x.id)).toEqual([a.id]);
    expect(byName.data.list[0]).toMatchObject({
      name: a.name,
      main_username: 'a_main',
      main_phone: '13800000001',
      enabled: 1,
      brand_groupings: ['奔驰', '宝马'],
    });
    // Company B's sub-account's phone finds company B.
    expect((await list('keyword=13800000006')).data.list.map((x) => x.id)).toEqual([b.id]);
    // Regional and activity: company C.
    expect((await list('is_regional_warehouse=1')).data.list.map((x) => x.id)).toEqual([c.id]);
    expect((await list('activity_flag=1')).data.list.map((x) => x.id)).toEqual([c.id]);
    expect((await list('activity_flag=0')).data.list.map((x) => x.id)).not.toContain(c.id);
    expect((await list(`brand=${encodeURIComponent('奥迪')}`)).data.list.map((x) => x.id)).toEqual([b.id]);
    const paged = await list('limit=1&page=2');
    expect(paged.data).toMatchObject({ page: 2, limit: 1 });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.list[0]!.id).toBe(all.data.list[1]!.id);
  });

  test('create and update are audited; a save on an older version is refused', async () => {
    const created = await ok<DealerCompanyDetail>(call('service', 'POST', '/dealers', companyInput));
    const id = created.data.company.id;
    expect(created.data).toMatchObject({
      company: { ...companyInput, enabled: 1, account_count: 0, version: 1, activity_flag: 0 },
      accounts: [],
    });

    const first = await ok<DealerCompanyDetail>(
      call('service', 'POST', `/dealers/${id}`, { ...companyInput, notes: '月结客户', version: 1 }),
    );
    expect(first.data.company).toMatchObject({ notes: '月结客户', version: 2 });
    // A second staff member opened the form on version 1 and saves later: refused, nothing lost.
    const late = body(await call('admin', 'POST', `/dealers/${id}`, { ...companyInput, name: '改名', version: 1 }));
    expect(late).toEqual({ status: 201, msg: '该公司资料已被他人修改，请刷新后重新编辑', data: null });
    expect((await detail(id)).data.company).toMatchObject({ name: companyInput.name, notes: '月结客户' });

    const entries = await auditOf(staff, 'company', id);
    expect(entries.map((e) => e.action)).toEqual(['dealer.company.update', 'dealer.company.create']);
    expect(entries[0]).toMatchObject({
      staff_id: staff.staffIds.service,
      before: { notes: '新客户', version: 1 },
      after: { notes: '月结客户', version: 2 },
    });
    expect(body(await call('service', 'GET', '/dealers/999999'))).toEqual({
      status: 201,
      msg: '经销商公司不存在',
      data: null,
    });
  });

  test('the regional flag is the company’s: its accounts get the Beijing warehouse from their next request', async () => {
    const { a } = t.fixtures.companies;
    const token = await t.login('a_sub');
    expect(body<UserProfile>(await profile(token)).data.is_regional_warehouse).toBe(0);
    const save = async (regional: 0 | 1) => {
      const { name, contact_name, contact_phone, brand_groupings, notes, version } = (await detail(a.id)).data.company;
      const input = { name, contact_name, contact_phone, brand_groupings, notes, version };
      await ok(call('service', 'POST', `/dealers/${a.id}`, { ...input, is_regional_warehouse: regional }));
    };
    await save(1);
    expect(body<UserProfile>(await profile(token)).data.is_regional_warehouse).toBe(1);
    // The list's regional filter finds it too.
    expect((await list('is_regional_warehouse=1')).data.list.map((x) => x.id)).toContain(a.id);
    await save(0);
    expect(body<UserProfile>(await profile(token)).data.is_regional_warehouse).toBe(0);
  });

  test('disabling a company ends its accounts’ sessions and live sockets at once; no login until enabled', async () => {
    const created = await ok<DealerCompanyDetail>(
      call('service', 'POST', '/dealers', { ...companyInput, name: '停用测试汽配' }),
    );
    const id = created.data.company.id;
    await ok(
      call('service', 'POST', `/dealers/${id}/accounts`, {
        username: 'stop_main',
        phone: '13911110001',
        password: 'secret-pass-1',
        is_main: 1,
      }),
    );
    const token = await t.login('stop_main', 'secret-pass-1');
    const live = await LiveClient.open(liveUrl, { authorization: token });
    expect(body(await profile(token)).status).toBe(200);

    const disabled = await ok<DealerCompanyDetail>(call('service', 'POST', `/dealers/${id}/disable`));
    expect(disabled.msg).toBe('已停用该公司，其账号已全部下线');
    expect(disabled.data.company.enabled).toBe(0);
    expect(body(await profile(token)).status).toBe(102);
    expect((await live.closed).code).toBeGreaterThan(0);
    expect(body(await dealerLogin('stop_main', 'secret-pass-1'))).toMatchObject({
      status: 201,
      msg: '账号已被停用，请联系主账号或客服',
    });
    expect(body(await call('service', 'POST', `/dealers/${id}/disable`)).msg).toBe('该公司已停用');
    expect((await list('enabled=0')).data.list.map((x) => x.id)).toContain(id);

    await ok(call('service', 'POST', `/dealers/${id}/enable`));
    expect(body(await dealerLogin('stop_main', 'secret-pass-1')).status).toBe(200);
    const entries = await auditOf(staff, 'company', id);
    expect(entries.map((e) => e.action).slice(0, 2)).toEqual(['dealer.company.enable', 'dealer.company.disable']);
    expect(entries[1]).toMatchObject({ before: { enabled: 1 }, after: { enabled: 0, ended_sessions: 1 } });
  });
});

describe('accounts', () => {
  test('created by the dealer’s rules: one main, free name and phone; a generated password shown once', async () => {
    const created = await ok<DealerCompanyDetail>(
      call('service', 'POST', '/dealers', { ...companyInput, name: '账号测试汽配' }),
    );
    const id = created.data.company.id;
    const main = await ok<DealerAccountWithPassword>(
      call('service', 'POST', `/dealers/${id}/accounts`, { username: 'acc_main', phone: '13922220001', is_main: 1 }),
    );
    const password = main.data.generated_password!;
    expect(password).toMatch(/^[a-zA-Z2-9]{12}$/);
    expect(main.data.account).toMatchObject({ username: 'acc_main', is_main: 1, enabled: 1, company_id: id });
    expect(body(await dealerLogin('acc_main', password)).status).toBe(200);

    const sub = await ok<DealerAccountWithPassword>(
      call('service', 'POST', `/dealers/${id}/accounts`, {
        username: 'acc_sub',
        phone: '13922220002',
        password: 'given-password',
        is_purchase: 1,
      }),
    );
    expect(sub.data).toMatchObject({ generated_password: null, account: { is_main: 0, is_purchase: 1 } });

    const secondMain = body(
      await call('service', 'POST', `/dealers/${id}/accounts`, {
        username: 'acc_main2',
        phone: '13922220003',
        is_main: 1,
      }),
    );
    expect(secondMain.msg).toBe('该公司已有主账号');
    // Another company's phone: the dealer's neutral answer.
    const taken = body(
      await call('service', 'POST', `/dealers/${id}/accounts`, { username: 'acc_x', phone: '13800000001' }),
    );
    expect(taken).toEqual({ status: 201, msg: '该手机号或账号名不可用，请更换', data: null });

    const d = await detail(id);
    expect(d.data.accounts.map((a) => a.username)).toEqual(['acc_main', 'acc_sub']);
    expect(d.data.company).toMatchObject({ account_count: 2, main_username: 'acc_main' });
    const [entry] = await auditOf(staff, 'account', main.data.account.id);
    expect(entry).toMatchObject({ action: 'dealer.account.create', after: { password_generated: true } });
    expect(JSON.stringify(entry)).not.toContain('argon2');
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  test('staff see an account’s WeChat and unbind it, audited', async () => {
    const aPurchase = t.fixtures.accounts.aPurchase.id;
    await t.db.execute(
      sql`update accounts set wx_unionid = 'union-staff-test', wx_nickname = '采购小张' where id = ${aPurchase}`,
    );
    const d = await detail(t.fixtures.companies.a.id);
    expect(d.data.accounts.find((a) => a.id === aPurchase)).toMatchObject({ wx_bound: 1, wx_nickname: '采购小张' });
    // Catalog staff may not.
    expect(body(await call('catalog', 'POST', `/dealer-accounts/${aPurchase}/unbind-wx`)).status).not.toBe(200);
    const done = await ok<DealerAccount>(call('service', 'POST', `/dealer-accounts/${aPurchase}/unbind-wx`));
    expect(done).toMatchObject({ msg: '已解绑该账号的微信', data: { wx_bound: 0, wx_nickname: '' } });
    const again = body(await call('service', 'POST', `/dealer-accounts/${aPurchase}/unbind-wx`));
    expect(again).toEqual({ status: 201, msg: '该账号未绑定微信', data: null });
    const [entry] = await auditOf(staff, 'account', aPurchase);
    expect(entry).toMatchObject({
      action: 'dealer.account.unbind_wx',
      before: { wx_bound: 1, wx_nickname: '采购小张' },
      after: { wx_bound: 0 },
    });
  });

  test('disabling an account: its session is refused at once, its socket closed, its login refused', async () => {
    const aSub = t.fixtures.accounts.aSub.id;
    const token = await t.login('a_sub');
    const live = await LiveClient.open(liveUrl, { authorization: token });
    expect(body(await profile(token)).status).toBe(200);

    const off = await ok<DealerAccount>(call('service', 'POST', `/dealer-accounts/${aSub}`, { enabled: 0 }));
    expect(off.data.enabled).toBe(0);
    expect(body(await profile(token)).status).toBe(102);
    expect((await live.closed).code).toBeGreaterThan(0);
    expect(body(await dealerLogin('a_sub')).msg).toBe('账号已被停用，请联系主账号或客服');

    await ok(call('service', 'POST', `/dealer-accounts/${aSub}`, { enabled: 1, is_purchase: 1, activity_flag: 1 }));
    const again = await dealerLogin('a_sub');
    expect(body<{ user: UserProfile }>(again).data.user).toMatchObject({ is_purchase: 1, activity_flag: 1 });
    await ok(call('service', 'POST', `/dealer-accounts/${aSub}`, { is_purchase: 0, activity_flag: 0 }));

    const entries = await auditOf(staff, 'account', aSub);
    expect(entries.at(-1)).toMatchObject({
      action: 'dealer.account.update',
      before: { enabled: 1 },
      after: { enabled: 0 },
    });
  });

  test('reset password: the staff’s or a generated one; the old password and sessions stop working', async () => {
    const bSub = t.fixtures.accounts.bSub.id;
    const token = await t.login('b_sub');
    const given = await ok<DealerAccountWithPassword>(
      call('service', 'POST', `/dealer-accounts/${bSub}/password`, { password: 'brand-new-pass' }),
    );
    expect(given.data.generated_password).toBeNull();
    expect(body(await profile(token)).status).toBe(102);
    expect(body(await dealerLogin('b_sub')).status).toBe(201);
    expect(body(await dealerLogin('b_sub', 'brand-new-pass')).status).toBe(200);

    const generated = await ok<DealerAccountWithPassword>(
      call('service', 'POST', `/dealer-accounts/${bSub}/password`, {}),
    );
    expect(body(await dealerLogin('b_sub', generated.data.generated_password!)).status).toBe(200);
    const [entry] = await auditOf(staff, 'account', bSub);
    expect(entry).toMatchObject({ action: 'dealer.account.reset_password', after: { password_generated: true } });
    expect(JSON.stringify(entry)).not.toContain(generated.data.generated_password!);
    // Back to the fixture password for the other tests.
    await ok(call('service', 'POST', `/dealer-accounts/${bSub}/password`, { password: TEST_PASSWORD }));
  });

  test('the activity image is an upload stored in the account’s company, claimed, audited', async () => {
    const cRegional = t.fixtures.accounts.cRegional.id;
    const form = multipartForm(
      {},
      { field: 'file', filename: 'activity.png', contentType: 'image/png', content: ONE_PIXEL_PNG },
    );
    const res = await staff.asStaff('service', {
      method: 'POST',
      url: `/api/admin/dealer-accounts/${cRegional}/activity-image`,
      headers: form.headers,
      payload: form.payload,
    });
    const b = body<DealerAccount>(res);
    expect(b.status, b.msg).toBe(200);
    expect(b.data.activity_flag_image).toMatch(/pictures\/\d+\/.+\.png$/);
    const rows = (
      await t.db.execute(
        sql`select company_id, claimed_at from uploads where key = ${b.data.activity_flag_image.replace(/^.*?(pictures\/)/, '$1')}`,
      )
    ).rows as { company_id: number; claimed_at: unknown }[];
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.company_id)).toBe(t.fixtures.companies.c.id);
    expect(rows[0]!.claimed_at).not.toBeNull();
    const profileOf = body<UserProfile>(await profile(await t.login('c_regional'))).data;
    expect(profileOf.activity_flag_image).toBe(b.data.activity_flag_image);
    const [entry] = await auditOf(staff, 'account', cRegional);
    expect(entry).toMatchObject({ action: 'dealer.account.activity_image' });
    const notText = await staff.asStaff('service', {
      method: 'POST',
      url: `/api/admin/dealer-accounts/${cRegional}/activity-image`,
      ...multipartForm(
        {},
        { field: 'file', filename: 'a.png', contentType: 'image/png', content: Buffer.from('not a picture') },
      ),
    });
    expect(body(notText).status).toBe(201);
  });

  test('a replaced activity image is given up, so the unclaimed uploads’ job deletes it', async () => {
    const bMain = t.fixtures.accounts.bMain.id;
    const setImage = async (name: string) => {
      const b = body<DealerAccount>(
        await staff.asStaff('service', {
          method: 'POST',
          url: `/api/admin/dealer-accounts/${bMain}/activity-image`,
          ...multipartForm({}, { field: 'file', filename: name, contentType: 'image/png', content: ONE_PIXEL_PNG }),
        }),
      );
      expect(b.status, b.msg).toBe(200);
      return b.data.activity_flag_image.replace(/^.*?(pictures\/)/, '$1');
    };
    const claimed = async (key: string) => {
      const rows = (await t.db.execute(sql`select claimed_at from uploads where key = ${key}`)).rows;
      return rows.length === 0 ? 'gone' : rows[0]!.claimed_at === null ? 'unclaimed' : 'claimed';
    };
    const first = await setImage('first.png');
    const second = await setImage('second.png');
    expect(await claimed(first)).toBe('unclaimed');
    expect(await claimed(second)).toBe('claimed');
    await t.db.execute(sql`update uploads set created_at = now() - interval '25 hours'`);
    await MODULES.find((m) => m.name === 'uploads')!
      .jobs!.find((j) => j.name === 'delete-unclaimed-uploads')!
      .run(t.db, t.config);
    expect(await claimed(first)).toBe('gone');
    expect(await claimed(second)).toBe('claimed');
  });
});
