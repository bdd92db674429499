import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VinDecoded, VinSearchResult } from '@shop/core/api/vin';
import { renderRoutes } from '../../test/render-route';
import { makePartRow as testProductRow } from '../../test/server/factories';
import { stubServerPerTest } from '../../test/server/stub-server';
import VinResultPage from './vin-result-page';

const VIN = 'LE4AD1A16KA100231';

const decoded: VinDecoded = {
  vin: VIN,
  wmi: 'LE4',
  vds: 'AD1A1',
  manufacturer: '北京奔驰',
  make: '奔驰',
  country: '中国',
  model_year: 2019,
  model_year_candidates: [1989, 2019],
  plant_code: 'A',
  serial: '100231',
};

const placed = (categoryId?: number): VinSearchResult => ({
  decoded,
  vehicle: {
    model_id: 2,
    make_name: '奔驰',
    series_name: 'C级',
    model_name: 'C 260 L 豪华型',
    chassis_code: 'W205',
    engine_code: 'M264',
    displacement: '1.5T',
    transmission: '9G-TRONIC 9挡手自一体',
    vehicle_type: '轿车',
    years: '2019-2021',
    pic: '',
  },
  notice: '',
  catalog_makes: ['奔驰'],
  categories: [
    { category_id: 11, l_name_zh: '刹车片', parent_name: '制动系统', count: 2 },
    { category_id: 12, l_name_zh: '机油滤清器', parent_name: '滤清器', count: 1 },
  ],
  total: categoryId === 12 ? 1 : 3,
  page: 1,
  limit: 10,
  list:
    categoryId === 12
      ? [testProductRow(3, { product_name: '奔驰C级 机油滤清器' })]
      : [
          testProductRow(1, { product_name: '奔驰C级 前刹车片' }),
          testProductRow(2, { product_name: '奔驰C级 后刹车片' }),
          testProductRow(3, { product_name: '奔驰C级 机油滤清器' }),
        ],
});

const server = stubServerPerTest(() => ({
  'GET /api/Shop.Vin/gethotlist': () => ({
    list: [{ vin: VIN, vehicle_name: '奔驰 C级 C 260 L 豪华型', model_year: 2019, times: 2, searched_at: '' }],
  }),
}));

/** The VIN search answers `answer` for each request. */
function mockApi(answer: (body: { vin: string; category_id?: number }) => VinSearchResult) {
  server.use({
    'POST /api/Shop.Vin/searchproduct': ({ body }) => answer(body as { vin: string; category_id?: number }),
  });
}

const searches = () => server.callsTo('POST /api/Shop.Vin/searchproduct').map((c) => c.body);

function renderPage(url: string) {
  renderRoutes([{ path: '/parts/vin_result', element: <VinResultPage /> }], [url]);
}

/** What antd said on the console (a deprecated prop warns there; the e2e journeys fail on console errors). */
function consoleErrors() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return () => spy.mock.calls.map((args) => args.map(String).join(' '));
}

/** The answer for a VIN we decoded but could not place on one of our vehicles (no parts). */
function notPlaced(decodedVin: VinDecoded, notice: string, catalogMakes: string[]): VinSearchResult {
  return {
    decoded: decodedVin,
    vehicle: null,
    notice,
    categories: [],
    catalog_makes: catalogMakes,
    total: 0,
    page: 1,
    limit: 10,
    list: [],
  };
}

describe('VinResultPage', () => {
  it('shows the decoded vehicle, our model, the categories and the fitting parts; a category filters', async () => {
    mockApi((body) => placed(body.category_id));
    renderPage(`/parts/vin_result?vin=${VIN.toLowerCase()}`);
    expect(await screen.findByText('奔驰C级 前刹车片')).toBeTruthy();
    expect(screen.getByText('北京奔驰')).toBeTruthy();
    // Placed: the model's years settle the year.
    expect(screen.getByText('2019')).toBeTruthy();
    expect(screen.getByText(/C 260 L 豪华型/, { selector: 'strong' })).toBeTruthy();
    expect(searches()[0]).toEqual({ vin: VIN, page: 1, limit: 10 });

    fireEvent.click(screen.getByText('机油滤清器（1）'));
    await waitFor(() => expect(screen.queryByText('奔驰C级 前刹车片')).toBeNull());
    expect(searches().at(-1)).toEqual({ vin: VIN, page: 1, limit: 10, category_id: 12 });
    // The company's recent VINs are offered again.
    expect(screen.getByRole('button', { name: /奔驰 C级 C 260 L 豪华型/ })).toBeTruthy();
  });

  it('a VIN we cannot place: what was decoded and the notice, no parts', async () => {
    const errors = consoleErrors();
    mockApi(() =>
      notPlaced(
        {
          ...decoded,
          vin: 'JH4KA7561PC008269',
          manufacturer: '本田（日本）',
          make: '本田',
          country: '日本',
          model_year: 2023,
          model_year_candidates: [1993, 2023],
        },
        '未能根据该车架号匹配到本店车型',
        [],
      ),
    );
    renderPage('/parts/vin_result?vin=JH4KA7561PC008269');
    expect(await screen.findByText('未能根据该车架号匹配到本店车型')).toBeTruthy();
    expect(screen.getByText('本田（日本）')).toBeTruthy();
    expect(screen.getByText('2023（也可能是 1993）')).toBeTruthy();
    expect(screen.queryByLabelText('适配配件')).toBeNull();
    expect(errors()).toEqual([]);
  });

  it('a real VIN of a make we carry, not placed: a link to that make’s parts', async () => {
    const errors = consoleErrors();
    mockApi(() =>
      notPlaced(
        {
          vin: 'WBA3A5C53CF256985',
          wmi: 'WBA',
          vds: '3A5C5',
          manufacturer: '宝马（德国）',
          make: '宝马',
          country: '德国',
          model_year: 2012,
          model_year_candidates: [1982, 2012],
          plant_code: 'F',
          serial: '256985',
        },
        '未能匹配到本店的具体车型，可查看宝马全部配件，或改用OE号/配件名称搜索',
        ['宝马'],
      ),
    );
    renderPage('/parts/vin_result?vin=WBA3A5C53CF256985');
    const link = await screen.findByRole('link', { name: /查看宝马全部配件/ });
    expect(link.getAttribute('href')).toBe(`/parts/list?brand_name_zh=${encodeURIComponent('宝马')}`);
    expect(screen.getByText('宝马（德国）')).toBeTruthy();
    expect(document.body.querySelectorAll('a[href^="/parts/list"]')).toHaveLength(1);
    expect(errors()).toEqual([]);
  });

  it('a maker building two makes we carry gets a link for each', async () => {
    mockApi(() =>
      notPlaced(
        { ...decoded, vin: 'LFV2A21K6B3000001', wmi: 'LFV', manufacturer: '一汽-大众', make: '大众/奥迪' },
        '未能匹配到本店的具体车型，可查看大众或奥迪全部配件，或改用OE号/配件名称搜索',
        ['大众', '奥迪'],
      ),
    );
    renderPage('/parts/vin_result?vin=LFV2A21K6B3000001');
    expect((await screen.findByRole('link', { name: /查看大众全部配件/ })).getAttribute('href')).toBe(
      `/parts/list?brand_name_zh=${encodeURIComponent('大众')}`,
    );
    expect(screen.getByRole('link', { name: /查看奥迪全部配件/ }).getAttribute('href')).toBe(
      `/parts/list?brand_name_zh=${encodeURIComponent('奥迪')}`,
    );
  });

  it('a maker whose make we do not carry: the notice says so, and no link', async () => {
    mockApi(() =>
      notPlaced(
        { ...decoded, vin: 'LVSHFFAL9CF000001', wmi: 'LVS', manufacturer: '长安福特', make: '福特' },
        '本店暂无福特车型的配件，请改用OE号/配件名称搜索',
        [],
      ),
    );
    renderPage('/parts/vin_result?vin=LVSHFFAL9CF000001');
    expect(await screen.findByText('本店暂无福特车型的配件，请改用OE号/配件名称搜索')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /全部配件/ })).toBeNull();
  });

  it('an invalid VIN says why and asks nothing of the server', async () => {
    const errors = consoleErrors();
    mockApi(() => placed());
    renderPage('/parts/vin_result?vin=1HGBH41J1MN109186');
    expect(await screen.findByText('车架号无效')).toBeTruthy();
    expect(screen.getByText(/校验位（第9位）不符，应为X/)).toBeTruthy();
    // The nearest valid readings (one character changed) link to their own result.
    const offered = screen.getByTestId('vin-corrections');
    expect(within(offered).getByRole('link', { name: '1HGBH41JXMN109186' }).getAttribute('href')).toBe(
      '/parts/vin_result?vin=1HGBH41JXMN109186',
    );
    expect(searches()).toEqual([]);
    expect(errors()).toEqual([]);
  });
});
