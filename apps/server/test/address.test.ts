import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AddressList, AddressSaved } from '@shop/core/api/address';
import type { FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Payload = Record<string, unknown>;
const post = <T>(account: FixtureAccountKey, path: string, payload: Payload) =>
  t.injectAs(account, { method: 'POST', url: `/api/Shop.Address/${path}`, payload }).then((res) => body<T>(res));
const get = <T>(account: FixtureAccountKey, path: string, query = '') =>
  t.injectAs(account, { method: 'GET', url: `/api/Shop.Address/${path}${query}` }).then((res) => body<T>(res));
const list = async (account: FixtureAccountKey) => (await get<AddressList>(account, 'getAddress')).data.list;
const byId = async (account: FixtureAccountKey, id: number) => (await list(account)).find((a) => a.address_id === id);

const address = (over: Payload = {}): Payload => ({
  contacts: '张三',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  area_code: '440106',
  mobile: '13912345678',
  street: '天河路 385 号',
  is_main: 0,
  other_is_main: 0,
  ...over,
});

describe('addresses', () => {
  test('login required', async () => {
    for (const [method, path] of [
      ['GET', 'getAddress'],
      ['GET', 'setDefault?address_id=1'],
      ['POST', 'addAddress'],
      ['POST', 'editAddress'],
      ['POST', 'delete'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/Shop.Address/${path}`,
        payload: method === 'POST' ? {} : undefined,
      });
      expect([101, 102, 401]).toContain(body(res).status);
    }
  });

  test('add, list and every message of the form rules', async () => {
    const added = await post<AddressSaved>('aMain', 'addAddress', address({ is_main: 1 }));
    expect(added).toMatchObject({ status: 200, msg: '添加成功' });
    const [item] = await list('aMain');
    // The listed address is the one sent, as the main one.
    expect(item).toEqual({
      address_id: added.data.address_id,
      ...address({ is_main: 1 }),
      logistics_information: '',
    });
    const cases: [Payload, string][] = [
      [{ contacts: '  ' }, '请输入收货人'],
      [{ province: '' }, '请选择省市区'],
      [{ district: '' }, '请选择省市区'],
      [{ mobile: '' }, '请输入手机号码'],
      [{ mobile: '12912345678' }, '请输入正确的手机号'],
      [{ mobile: '1391234567' }, '请输入正确的手机号'],
      [{ mobile: '139123456789' }, '请输入正确的手机号'],
      [{ street: '' }, '请输入详细地址'],
      [{ street: '路'.repeat(201) }, '内容过长'],
      // The Beijing default is only for regional accounts.
      [{ other_is_main: 1 }, '当前账号不能设置北京仓默认地址'],
    ];
    for (const [over, msg] of cases) {
      expect(await post('aMain', 'addAddress', address(over)), JSON.stringify(over)).toMatchObject({
        status: 201,
        msg,
      });
    }
    expect(await list('aMain')).toHaveLength(1);
  });

  test('a sub-account shares the company’s addresses; another company sees none and cannot touch them', async () => {
    const [mine] = await list('aMain');
    expect((await list('aSub')).map((a) => a.address_id)).toEqual([mine!.address_id]);
    expect(await list('bMain')).toEqual([]);
    const id = mine!.address_id;
    expect(await post('bMain', 'editAddress', address({ address_id: id, contacts: '李四' }))).toMatchObject({
      status: 201,
      msg: '找不到该地址',
    });
    expect(await post('bMain', 'delete', { address_id: id })).toMatchObject({ status: 201, msg: '找不到该地址' });
    expect(await get('bMain', 'setDefault', `?address_id=${id}&warehouse_type=1`)).toMatchObject({
      status: 201,
      msg: '找不到该地址',
    });
    expect((await byId('aMain', id))!).toMatchObject({ contacts: '张三', is_main: 1 });
  });

  test('an address_id past the database range answers 找不到该地址, not a server fault', async () => {
    const big = 3_000_000_000;
    for (const res of [
      await post('aMain', 'editAddress', address({ address_id: big })),
      await post('aMain', 'delete', { address_id: big }),
      await get('aMain', 'setDefault', `?address_id=${big}&warehouse_type=1`),
    ]) {
      expect(res.status).not.toBe(500);
      expect(res.msg).toContain('找不到该地址');
    }
  });

  test('edit changes the fields; the Guangzhou default moves and stays unique per company', async () => {
    const [first] = await list('aMain');
    const second = await post<AddressSaved>('aSub', 'addAddress', address({ contacts: '王五', is_main: 1 }));
    expect(second.status).toBe(200);
    let all = await list('aMain');
    expect(all.filter((a) => a.is_main === 1).map((a) => a.address_id)).toEqual([second.data.address_id]);
    // Default first in the list.
    expect(all[0]!.address_id).toBe(second.data.address_id);

    const edited = await post('aMain', 'editAddress', {
      ...address({ contacts: '张三丰', mobile: ' 15800001111 ', is_main: 1 }),
      address_id: first!.address_id,
    });
    expect(edited).toMatchObject({ status: 200, msg: '修改成功' });
    all = await list('aMain');
    expect(all.find((a) => a.address_id === first!.address_id)).toMatchObject({
      contacts: '张三丰',
      mobile: '15800001111',
      is_main: 1,
    });
    expect(all.filter((a) => a.is_main === 1)).toHaveLength(1);
    expect(
      await post('aMain', 'editAddress', { ...address({ mobile: '123' }), address_id: first!.address_id }),
    ).toMatchObject({
      status: 201,
      msg: '请输入正确的手机号',
    });
    expect(await post('aMain', 'editAddress', { ...address(), address_id: 999999 })).toMatchObject({
      status: 201,
      msg: '找不到该地址',
    });
  });

  test('setDefault sets and clears a flag; non-regional accounts have no Beijing default', async () => {
    const all = await list('aMain');
    const other = all.find((a) => a.is_main === 0)!;
    expect(await get('aMain', 'setDefault', `?address_id=${other.address_id}&warehouse_type=1`)).toMatchObject({
      status: 200,
      msg: '设置成功',
    });
    expect((await list('aMain')).filter((a) => a.is_main === 1).map((a) => a.address_id)).toEqual([other.address_id]);
    await get('aMain', 'setDefault', `?address_id=${other.address_id}&warehouse_type=1&is_default=0`);
    expect((await list('aMain')).filter((a) => a.is_main === 1)).toEqual([]);
    expect(await get('aMain', 'setDefault', `?address_id=${other.address_id}&warehouse_type=2`)).toMatchObject({
      status: 201,
      msg: '当前账号不能设置北京仓默认地址',
    });
  });

  test('regional account: two defaults, each unique, never both on one address', async () => {
    const a = await post<AddressSaved>('cRegional', 'addAddress', address({ is_main: 1 }));
    const b = await post<AddressSaved>('cRegional', 'addAddress', address({ contacts: '赵六', other_is_main: 1 }));
    expect(b.status).toBe(200);
    expect(await post('cRegional', 'addAddress', address({ is_main: 1, other_is_main: 1 }))).toMatchObject({
      status: 201,
      msg: '广州仓默认地址和北京仓默认地址只能选择一个',
    });
    expect(
      await post('cRegional', 'editAddress', {
        ...address({ is_main: 1, other_is_main: 1 }),
        address_id: a.data.address_id,
      }),
    ).toMatchObject({
      status: 201,
      msg: '广州仓默认地址和北京仓默认地址只能选择一个',
    });
    // Setting the Beijing default on the Guangzhou default: uncheck first.
    expect(await get('cRegional', 'setDefault', `?address_id=${a.data.address_id}&warehouse_type=2`)).toMatchObject({
      status: 201,
      msg: '广州仓默认地址和北京仓默认地址只能选择一个',
    });
    const c = await post<AddressSaved>('cRegional', 'addAddress', address({ contacts: '孙七' }));
    await get('cRegional', 'setDefault', `?address_id=${c.data.address_id}&warehouse_type=2`);
    const all = await list('cRegional');
    expect(all.filter((x) => x.other_is_main === 1).map((x) => x.address_id)).toEqual([c.data.address_id]);
    expect(all.filter((x) => x.is_main === 1).map((x) => x.address_id)).toEqual([a.data.address_id]);
    expect(all.map((x) => x.address_id).slice(0, 2)).toEqual([a.data.address_id, c.data.address_id]);
  });

  test('concurrent default changes leave exactly one default per warehouse', async () => {
    const ids = [] as number[];
    for (let i = 0; i < 4; i++) {
      ids.push((await post<AddressSaved>('bMain', 'addAddress', address({ contacts: `并发${i}` }))).data.address_id);
    }
    const results = await Promise.all(
      ids.map((id, i) => get(i % 2 ? 'bSub' : 'bMain', 'setDefault', `?address_id=${id}&warehouse_type=1`)),
    );
    for (const r of results) expect(r.status).toBe(200);
    expect((await list('bMain')).filter((a) => a.is_main === 1)).toHaveLength(1);
  });

  test('a double submit of the same address (sequential or concurrent) keeps one row', async () => {
    const payload = address({ contacts: '重复提交', street: '黄埔大道 1 号' });
    const [x, y] = await Promise.all([
      post<AddressSaved>('bMain', 'addAddress', payload),
      post<AddressSaved>('bSub', 'addAddress', payload),
    ]);
    const again = await post<AddressSaved>('bMain', 'addAddress', payload);
    expect([x.status, y.status, again.status]).toEqual([200, 200, 200]);
    expect(new Set([x.data.address_id, y.data.address_id, again.data.address_id]).size).toBe(1);
    expect((await list('bMain')).filter((a) => a.contacts === '重复提交')).toHaveLength(1);
    // A different address is still a new one.
    const other = await post<AddressSaved>('bMain', 'addAddress', { ...payload, street: '黄埔大道 2 号' });
    expect(other.data.address_id).not.toBe(x.data.address_id);
  });

  test('delete', async () => {
    const [first] = await list('aMain');
    expect(await post('aSub', 'delete', { address_id: first!.address_id })).toMatchObject({
      status: 200,
      msg: '删除成功',
    });
    expect(await byId('aMain', first!.address_id)).toBeUndefined();
    expect(await post('aSub', 'delete', { address_id: first!.address_id })).toMatchObject({
      status: 201,
      msg: '找不到该地址',
    });
  });
});

describe('addresses for the brand with logistics information', () => {
  let l: TestApp;
  beforeAll(async () => {
    l = await createTestApp({ env: { BRAND: 'autoline' } });
  });
  afterAll(() => l.close());

  test('logistics_information is required and kept; no Beijing default in this variant', async () => {
    const add = (payload: Payload) =>
      l.injectAs('cRegional', { method: 'POST', url: '/api/Shopv2.Address/addAddress', payload }).then((r) => body(r));
    expect(await add(address())).toMatchObject({ status: 201, msg: '请输入物流信息' });
    expect(await add(address({ logistics_information: '德邦物流 广州站' }))).toMatchObject({ status: 200 });
    expect(await add(address({ logistics_information: '德邦', other_is_main: 1 }))).toMatchObject({
      status: 201,
      msg: '当前账号不能设置北京仓默认地址',
    });
    const res = await l.injectAs('cRegional', { method: 'GET', url: '/api/Shopv2.Address/getAddress' });
    expect(body<AddressList>(res).data.list[0]!.logistics_information).toBe('德邦物流 广州站');
  });
});
