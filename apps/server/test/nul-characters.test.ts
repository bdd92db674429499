import { afterAll, beforeAll, expect, test } from 'vitest';
import { body } from './helpers/api';
import { multipartForm } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A NUL character (U+0000) in any field is a parameter error (PostgreSQL cannot store it in
 * text), refused for every route in one place: JSON, urlencoded and multipart bodies, query
 * strings and URL params. Without the guard these reached the database and answered 500.
 */
const NUL_REFUSAL = { status: 400, msg: '请求参数错误：内容不能包含空字符', data: null };
let t: TestApp;
let lines: string[];

beforeAll(async () => {
  lines = [];
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn' },
    logger: { stream: { write: (line: string) => void lines.push(line) } },
  });
});
afterAll(() => t.close());

function expectNulRefusal(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.statusCode).toBe(400);
  expect(body(res)).toEqual(NUL_REFUSAL);
}

test('login: a NUL in the account name (JSON and urlencoded)', async () => {
  expectNulRefusal(
    await t.app.inject({
      method: 'POST',
      url: '/api/Shop.User/login',
      payload: { username: 'a_main\u0000', password: 'demo1234' },
    }),
  );
  expectNulRefusal(
    await t.app.inject({
      method: 'POST',
      url: '/api/Shop.User/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%00main&password=demo1234',
    }),
  );
});

test('the search keyword and a category list', async () => {
  expectNulRefusal(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Accessory/index',
      payload: { keyword: 'A000\u00004200420' },
    }),
  );
  expectNulRefusal(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Index/product_list',
      payload: { brand_name_zh: '奔驰\u0000' },
    }),
  );
});

test('an address street and a cart line', async () => {
  expectNulRefusal(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Address/addAddress',
      payload: {
        contacts: '张三',
        province: '广东省',
        city: '广州市',
        district: '天河区',
        mobile: '13800000001',
        street: '天河路\u0000100号',
      },
    }),
  );
  expectNulRefusal(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Cart/add',
      payload: { product_id: 1, quantity: 1, warehouse_type: '1\u0000' },
    }),
  );
});

test('query strings, their names, nested JSON and URL params', async () => {
  expectNulRefusal(await t.injectAs('aMain', { url: '/api/Shop.Cart/count?warehouse=%00' }));
  expectNulRefusal(await t.injectAs('aMain', { url: '/api/Shop.Cart/count?a%00b=1' }));
  expectNulRefusal(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Accessory/index',
      payload: { keyword: 'A0004200420', extra: [{ deep: ['ok', 'not\u0000ok'] }] },
    }),
  );
  expectNulRefusal(await t.app.inject({ url: '/media/parts/a%00.jpg' }));
});

test('multipart text fields and file names', async () => {
  const text = multipartForm({ text: '配件有问题\u0000' });
  expectNulRefusal(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.ShopFeedback/add',
      headers: text.headers,
      payload: text.payload,
    }),
  );
  const file = multipartForm(
    { text: '配件有问题' },
    { field: 'files', filename: 'a\u0000.png', contentType: 'image/png', content: Buffer.from('png') },
  );
  expectNulRefusal(
    await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.ShopFeedback/add',
      headers: file.headers,
      payload: file.payload,
    }),
  );
});

test('text without NUL still works, and no refusal was logged as a server fault', async () => {
  const res = await t.injectAs('aMain', {
    method: 'POST',
    url: '/api/Shop.Accessory/index',
    payload: { keyword: 'A0004200420' },
  });
  expect(body(res).status).toBe(200);
  expect(lines.join('')).not.toMatch(/"level":50/);
});
