import { afterAll, beforeAll, expect, test } from 'vitest';
import { MAX_SON_ACCOUNTS, type SonAccountList } from '@shop/core/api/user';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The sub-account cap holds when additions arrive together. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test(`60 parallel additions leave exactly ${MAX_SON_ACCOUNTS} sub-accounts; the rest are refused with the cap`, async () => {
  const url = (action: string) => `/api/Shop.User/${action}`;
  const before = body<SonAccountList>(await t.injectAs('bMain', { method: 'POST', url: url('son_account') })).data
    .total;
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      t
        .injectAs('bMain', {
          method: 'POST',
          url: url('add'),
          payload: {
            username: `cap_user_${i}`,
            phone: `1370000${String(i).padStart(4, '0')}`,
            password: 'password123',
          },
        })
        .then((res) => body(res)),
    ),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_SON_ACCOUNTS - before);
  const refused = answers.filter((a) => a.status !== 200);
  expect(refused).toHaveLength(60 - (MAX_SON_ACCOUNTS - before));
  for (const a of refused)
    expect(a).toEqual({ status: 201, msg: `子账号数量已达上限（${MAX_SON_ACCOUNTS} 个）`, data: null });
  expect(body<SonAccountList>(await t.injectAs('bMain', { method: 'POST', url: url('son_account') })).data.total).toBe(
    MAX_SON_ACCOUNTS,
  );
});

test('two companies add a sub-account with the same phone and name at once: one gets it, the other a Chinese refusal', async () => {
  for (let n = 0; n < 5; n++) {
    const payload = {
      username: `same_user_${n}`,
      phone: `1360000${String(n).padStart(4, '0')}`,
      password: 'password123',
    };
    const answers = await Promise.all(
      (['aMain', 'cRegional'] as const).map((who) =>
        t.injectAs(who, { method: 'POST', url: '/api/Shop.User/add', payload }).then((res) => body(res)),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.find((a) => a.status !== 200)).toEqual({
      status: 201,
      msg: '该手机号或账号名不可用，请更换',
      data: null,
    });
  }
});
