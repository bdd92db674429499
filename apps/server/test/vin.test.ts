import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VinGroupResult, VinHotList, VinSearchResult } from '@shop/core/api/vin';
import { isValidVin } from '@shop/core/vin';
import { MAKES } from '../src/demo/definitions/vehicles';
import { demoVin, vinPatternOf } from '../src/demo/vin-patterns';
import { NOT_PLACED_TEXT, notPlacedMakeText } from '../src/modules/vin/service';
import type { FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createDemoApp } from './helpers/demo-app';

let t: TestApp;
beforeAll(async () => void (t = await createDemoApp(400, 61)));
afterAll(() => t.close());

function vinOf(make: string, series: number, model: number, serial = 100001, year?: number): string {
  const makeIndex = MAKES.findIndex((m) => m.nameZh === make);
  return demoVin(vinPatternOf(makeIndex, MAKES[makeIndex]!, series, model), serial, year);
}

function search(account: FixtureAccountKey, payload: Record<string, unknown>, call = 'searchproduct', prefix = 'Shop') {
  return t
    .injectAs(account, { method: 'POST', url: `/api/${prefix}.Vin/${call}`, payload })
    .then((res) => body<VinSearchResult>(res));
}

describe('VIN search', () => {
  test('login required', async () => {
    for (const [method, url] of [
      ['POST', '/api/Shop.Vin/searchproduct'],
      ['POST', '/api/Shop.Vin/searchproduct_frey'],
      ['GET', '/api/Shop.Vin/gethotlist'],
      ['POST', '/api/Vin/ocr'],
    ] as const) {
      const payload = method === 'POST' ? { vin: '1HGBH41JXMN109186', filebase64: 'aGVsbG8=' } : undefined;
      const res = await t.app.inject({ method, url, payload });
      expect([101, 102, 401]).toContain(body(res).status);
    }
  });

  test('a demo VIN is placed on its model with the fitting parts and their categories', async () => {
    // 奔驰 C级, second model: C 260 L 豪华型 (2019–2021), built by 北京奔驰 (LE4).
    const vin = vinOf('奔驰', 0, 1);
    expect(isValidVin(vin)).toBe(true);
    const { status, data } = await search('aMain', { vin: vin.toLowerCase().replace(/(.{3})/g, '$1 '), limit: 20 });
    expect(status).toBe(200);
    expect(data.decoded).toMatchObject({
      vin,
      wmi: 'LE4',
      manufacturer: '北京奔驰',
      make: '奔驰',
      country: '中国',
      model_year: 2019,
    });
    expect(data.vehicle).toMatchObject({
      make_name: '奔驰',
      series_name: 'C级',
      model_name: 'C 260 L 豪华型',
      years: '2019-2021',
    });
    expect(data.notice).toBe('');
    expect(data.total).toBeGreaterThan(0);
    expect(data.categories.reduce((n, c) => n + c.count, 0)).toBe(data.total);
    // Every part row fits the model (its l_model_zh names the series) and is a full row with prices.
    for (const row of data.list) {
      expect(row.brand_name).toBe('奔驰');
      expect(Object.keys(row.prices).length).toBeGreaterThan(0);
    }
    const fits = await t.db.execute<{ n: number }>(
      `select count(*)::int as n from product_fitments where model_id = ${data.vehicle!.model_id}`,
    );
    expect(data.total).toBe(Number(fits.rows[0]!.n));

    // A category filter narrows the list to that category's count.
    const category = data.categories[0]!;
    const filtered = await search('aMain', { vin, category_id: category.category_id, limit: 10 });
    expect(filtered.data.total).toBe(category.count);
    expect(filtered.data.list.length).toBe(Math.min(10, category.count));
    // A category_id past the database range is bad input in Chinese, not a server fault.
    const tooBig = await search('aMain', { vin, category_id: 3_000_000_000, limit: 10 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.msg).toContain('分类编号不正确');

    // Pages follow on.
    if (data.total > 10) {
      const second = await search('aMain', { vin, page: 2, limit: 10 });
      const first = await search('aMain', { vin, page: 1, limit: 10 });
      expect(second.data.list.map((r) => r.product_id)).toEqual(data.list.slice(10, 20).map((r) => r.product_id));
      expect(first.data.list.map((r) => r.product_id)).toEqual(data.list.slice(0, 10).map((r) => r.product_id));
    }
  });

  test('the model year picks the model of the right years', async () => {
    // 奔驰 C级 C 200 L 时尚型 is 2015–2018: its VIN with year 2020 is not placed.
    expect((await search('aMain', { vin: vinOf('奔驰', 0, 2, 100002, 2016) })).data.vehicle?.model_name).toBe(
      'C 200 L 时尚型',
    );
    const late = await search('aMain', { vin: vinOf('奔驰', 0, 2, 100003, 2020) });
    expect(late.data.vehicle).toBeNull();
  });

  test('a valid VIN we cannot place answers what it tells and a notice', async () => {
    for (const [vin, manufacturer, makes, notice] of [
      ['1HGBH41JXMN109186', '本田（美国）', ['本田'], notPlacedMakeText(['本田'])],
      ['5GZCZ43D13S812715', '', [], NOT_PLACED_TEXT],
    ] as const) {
      const { status, data } = await search('aMain', { vin });
      expect(status).toBe(200);
      expect(data.vehicle).toBeNull();
      expect(data.notice).toBe(notice);
      expect(data.catalog_makes).toEqual(makes);
      expect(data.decoded.manufacturer).toBe(manufacturer);
      expect(data.decoded.model_year).toBe(vin.startsWith('1HG') ? 1991 : 2003);
      expect(data).toMatchObject({ total: 0, list: [], categories: [] });
    }
  });

  test('a real VIN of a make we carry, not placed on our vehicles, leads to that make’s parts', async () => {
    // Real-world WMIs and VDS with valid check digits: BMW 3 Series (Germany), SAIC Volkswagen,
    // FAW-Volkswagen (which builds both 大众 and 奥迪).
    for (const [vin, manufacturer, year, makes] of [
      ['WBA3A5C53CF256985', '宝马（德国）', 2012, ['宝马']],
      ['LSVAU218XN2183294', '上汽大众', 2022, ['大众']],
      ['LFV2A21K6B3000001', '一汽-大众', 2011, ['大众', '奥迪']],
    ] as const) {
      expect(isValidVin(vin)).toBe(true);
      for (const call of ['searchproduct', 'searchproduct_frey']) {
        const { status, data } = await search('aMain', { vin }, call);
        expect(status).toBe(200);
        expect(data.vehicle).toBeNull();
        expect(data.decoded).toMatchObject({ manufacturer, model_year: year });
        expect(data.catalog_makes).toEqual(makes);
        expect(data.notice).toBe(notPlacedMakeText([...makes]));
      }
      // The link's filter really lists that make's parts.
      for (const make of makes) {
        const res = await t.injectAs('aMain', {
          method: 'POST',
          url: '/api/Shop.Index/product_list',
          payload: { brand_name_zh: make, page: 1, limit: 10 },
        });
        const list = body<{ total: number; list: { brand_name: string }[] }>(res).data;
        expect(list.total).toBeGreaterThan(0);
        for (const row of list.list) expect(row.brand_name).toBe(make);
      }
    }
  });

  test('a real VIN of a maker whose make we do not carry says so plainly', async () => {
    for (const [vin, manufacturer, notice] of [
      ['LVSHFFAL9CF000001', '长安福特', '本店暂无福特车型的配件，请改用OE号/配件名称搜索'],
      ['LSGGA53E8CH000001', '上汽通用', '本店暂无别克、雪佛兰、凯迪拉克车型的配件，请改用OE号/配件名称搜索'],
    ] as const) {
      const { status, data } = await search('aMain', { vin });
      expect(status).toBe(200);
      expect(data.decoded.manufacturer).toBe(manufacturer);
      expect(data).toMatchObject({ vehicle: null, catalog_makes: [], notice, total: 0, list: [] });
    }
  });

  test('a placed VIN names its make among catalog_makes', async () => {
    const { data } = await search('aMain', { vin: vinOf('宝马', 0, 0) });
    expect(data.vehicle?.make_name).toBe('宝马');
    expect(data.catalog_makes).toEqual(['宝马']);
    expect(data.notice).toBe('');
  });

  test('a VIN of a Chinese joint venture that builds makes of the catalog names its maker', async () => {
    // 奇瑞捷豹路虎 (Changshu) builds the Jaguar XFL, E-PACE and the Range Rover Evoque, Discovery Sport.
    const { status, data } = await search('aMain', { vin: 'L2CLA2AB8KA123456' });
    expect(status).toBe(200);
    expect(data.decoded).toMatchObject({ manufacturer: '奇瑞捷豹路虎', make: '捷豹/路虎', country: '中国' });
  });

  test('an invalid VIN is refused with what is wrong', async () => {
    const wrongCheck = await search('aMain', { vin: '1HGBH41J1MN109186' });
    expect(wrongCheck).toMatchObject({ status: 201, data: null });
    expect(wrongCheck.msg).toContain('校验位');
    expect((await search('aMain', { vin: 'LE4AD1A16KA10023' })).msg).toContain('17位');
    expect((await search('aMain', { vin: 'WP0ZZZ99ZTS392124' })).status).toBe(201);
  });

  test('searchproduct_frey groups the fitting parts by category', async () => {
    const vin = vinOf('宝马', 1, 0);
    const flat = await search('aMain', { vin, limit: 200 });
    const res = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.Vin/searchproduct_frey',
      payload: { vin, limit: 10, per_group: 3 },
    });
    const { status, data } = body<VinGroupResult>(res);
    expect(status).toBe(200);
    expect(data.vehicle?.model_name).toBe(flat.data.vehicle?.model_name);
    expect(data.total).toBe(flat.data.categories.length);
    expect(data.groups.length).toBe(Math.min(10, data.total));
    for (const group of data.groups) {
      expect(group.list.length).toBe(Math.min(3, group.count));
      const inFlat = flat.data.list.filter((r) => group.list.some((g) => g.product_id === r.product_id));
      expect(inFlat.length).toBe(group.list.length);
    }
  });

  test('gethotlist: the company’s recent VINs, newest first, one entry per VIN', async () => {
    const first = vinOf('丰田', 0, 0, 555001);
    const second = vinOf('本田', 0, 0, 555002);
    await search('bMain', { vin: first });
    await search('bMain', { vin: second });
    await search('bMain', { vin: first });
    // Other pages and category filters are not new searches.
    await search('bMain', { vin: first, page: 2 });
    const res = await t.injectAs('bMain', { method: 'GET', url: '/api/Shop.Vin/gethotlist?limit=5' });
    const { status, data } = body<VinHotList>(res);
    expect(status).toBe(200);
    expect(data.list.map((i) => i.vin)).toEqual([first, second]);
    expect(data.list[0]).toMatchObject({ times: 2, vehicle_name: '丰田 凯美瑞 2.5G 豪华版', model_year: 2018 });
    // Another company does not see them.
    const other = body<VinHotList>(await t.injectAs('aMain', { method: 'GET', url: '/api/Shop.Vin/gethotlist' }));
    expect(other.data.list.map((i) => i.vin)).not.toContain(first);
  });
});
