import { expect, test } from 'vitest';
import { httpErrorText, isLoginExpiredStatus, LOGIN_EXPIRED_TEXT } from './api-status';

test('HTTP error texts of the catalogue', () => {
  expect(httpErrorText(400)).toBe('请求错误(400)');
  expect(httpErrorText(401)).toBe(LOGIN_EXPIRED_TEXT);
  expect(httpErrorText(403)).toBe('拒绝访问(403)');
  expect(httpErrorText(404)).toBe('请求出错(404)');
  expect(httpErrorText(408)).toBe('请求超时(408)');
  expect(httpErrorText(500)).toBe('服务器错误(500)');
  expect(httpErrorText(500, '库存不足')).toBe('库存不足');
  expect(httpErrorText(501)).toBe('服务未实现(501)');
  expect(httpErrorText(502)).toBe('网络错误(502)');
  expect(httpErrorText(503)).toBe('服务不可用(503)');
  expect(httpErrorText(504)).toBe('网络超时(504)');
  expect(httpErrorText(505)).toBe('HTTP版本不受支持(505)');
  expect(httpErrorText(418)).toBe('连接出错(418)');
});

test('login expiry statuses', () => {
  expect([101, 102, 401].map(isLoginExpiredStatus)).toEqual([true, true, true]);
  expect([200, 201, 500].map(isLoginExpiredStatus)).toEqual([false, false, false]);
});
