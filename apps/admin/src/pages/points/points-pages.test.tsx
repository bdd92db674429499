import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminGift, CompanyPoints, MallItem, MallItemInput, PointsAdjustInput } from '@shop/core/api/points';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { expectClosedTo, firstPage, renderApp, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();
const me = () => staffMe(['customer_service']);

const item = (overrides: Partial<MallItem> = {}): MallItem => ({
  id: 3,
  name: '品牌保温杯',
  description: '304 不锈钢',
  pic: '/media/points/cup.png',
  points_price: 300,
  stock: 12,
  on_shelf: 1,
  sort: 1,
  updated_at: '2026-11-20 10:00:00',
  ...overrides,
});

const gift = (overrides: Partial<AdminGift> = {}): AdminGift => ({
  gift_id: 41,
  gift_no: 'GF202611260001',
  status: 'pending_shipment',
  status_cn: '待发货',
  points_total: 600,
  quantity: 2,
  order_id: 0,
  create_time: '2026-11-26 09:30:00',
  first_name: '品牌保温杯',
  first_pic: '/media/points/cup.png',
  items: [
    {
      points_product_id: 3,
      l_name_zh: '品牌保温杯',
      pic: '/media/points/cup.png',
      points_price: 300,
      quantity: 2,
      points_amount: 600,
    },
  ],
  address: {
    address_id: 5,
    contacts: '陈志强',
    mobile: '13800000001',
    province: '广东省',
    city: '广州市',
    district: '越秀区',
    street: '解放南路 1 号',
  },
  remark: '',
  carrier: '',
  tracking_no: '',
  shipped_at: '',
  received_at: '',
  company_id: 7,
  company_name: '广州骏达汽配贸易有限公司',
  ...overrides,
});
const giftRow = (overrides: Partial<AdminGift> = {}) => {
  const { items: _items, ...rest } = gift(overrides);
  return rest;
};

const account = (overrides: Partial<CompanyPoints> = {}): CompanyPoints => ({
  company_id: 7,
  company_name: '广州骏达汽配贸易有限公司',
  points: 1205,
  frey_coin: 30,
  ledger: firstPage([
    {
      id: 91,
      change: 5,
      balance_after: 1205,
      cause: 'sign_in',
      cause_cn: '每日签到',
      note: '',
      create_time: '2026-11-26 08:00:00',
      expires_at: '2027-11-27 00:00:00',
    },
  ]),
  ...overrides,
});

describe('积分商城 (mall items)', () => {
  it('lists the items with the keyword of the address; 下架 saves the item as it is, off the shelf', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/points/items': () => firstPage([item()]),
      'POST /api/admin/points/items/3': () => item({ on_shelf: 0 }),
    });
    renderApp('/points/items?keyword=杯');
    const row = (await screen.findByText('品牌保温杯')).closest('tr')!;
    expect(within(row).getByText('300')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/points/items')[0]?.query).toEqual({ keyword: '杯', page: '1', limit: '20' });
    fireEvent.click(within(row).getByRole('switch', { name: '品牌保温杯 上下架' }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/points/items/3')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/points/items/3')[0]?.body).toEqual({
      name: '品牌保温杯',
      description: '304 不锈钢',
      pic: '/media/points/cup.png',
      points_price: 300,
      stock: 12,
      on_shelf: 0,
      sort: 1,
      // The list's stock may be old: the server keeps the gift orders made since.
      expected_stock: 12,
    });
  });

  it('adds an item with an uploaded picture; a refusal stays in the dialog once', async () => {
    let refuse = true;
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/points/items': () => firstPage([]),
      'POST /api/admin/points/media': () => ({ url: '/media/points/new.png' }),
      'POST /api/admin/points/items': () => (refuse ? reply.refused('名称最多 60 个字') : item({ id: 9 })),
    });
    renderApp('/points/items');
    await screen.findByText('暂无积分商品');
    fireEvent.click(screen.getByRole('button', { name: /添加商品/ }));
    const dialog = await screen.findByRole('dialog');
    // Nothing is sent before the required fields are filled.
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请填写名称')).toBeTruthy();
    expect(within(dialog).getByText('积分价格必须是正整数')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/points/items')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: ' 车载香薰 ' } });
    fireEvent.change(within(dialog).getByLabelText('积分价格'), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText('库存'), { target: { value: '20' } });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'x.png', { type: 'image/png' })] } });
    expect(await within(dialog).findByRole('img', { name: '图片' })).toBeTruthy();
    expect(((server.callsTo('POST /api/admin/points/media')[0]?.body as FormData).get('file') as File).name).toBe(
      'x.png',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findAllByText('名称最多 60 个字')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/points/items')).toHaveLength(2));
    expect(server.callsTo('POST /api/admin/points/items')[1]?.body as MallItemInput).toEqual({
      name: '车载香薰',
      description: '',
      pic: '/media/points/new.png',
      points_price: 150,
      stock: 20,
      sort: 0,
      on_shelf: 1,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is closed to a role without points.manage, and asks the server nothing', async () => {
    await expectClosedTo(server, ['catalog'], '/points/items', 'GET /api/admin/points/items');
  });
});

describe('赠品订单 (gift orders)', () => {
  it('filters by status and keyword from the address and leaves a malformed status out', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/points/gifts': () => firstPage([giftRow()]),
    });
    const { router } = renderApp('/points/gifts?status=bogus&keyword=GF2026');
    const row = (await screen.findByText('GF202611260001')).closest('tr')!;
    expect(within(row).getByText('待发货')).toBeTruthy();
    expect(within(row).getByText('品牌保温杯 等 2 件')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/points/gifts')[0]?.query).toEqual({
      keyword: 'GF2026',
      page: '1',
      limit: '20',
    });
    fireEvent.click(within(row).getByText('GF202611260001'));
    await waitFor(() => expect(where(router)).toBe('/points/gifts/41'));
  });

  it('ships with carrier and tracking number (required), then records delivery', async () => {
    let current = gift();
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/points/gifts/41': () => current,
      'POST /api/admin/points/gifts/41/ship': (req) => {
        const body = req.body as { carrier: string; tracking_no: string };
        current = gift({ status: 'shipped', status_cn: '已发货', ...body, shipped_at: '2026-11-27 10:00:00' });
        return current;
      },
      'POST /api/admin/points/gifts/41/deliver': () => {
        current = gift({ status: 'received', status_cn: '已签收', received_at: '2026-11-28 10:00:00' });
        return current;
      },
    });
    renderApp('/points/gifts/41');
    expect(await screen.findByText('陈志强 13800000001 广东省广州市越秀区解放南路 1 号')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^发\s*货$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    expect(await within(dialog).findByText('请填写承运商')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/points/gifts/41/ship')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('承运商'), { target: { value: '顺丰速运' } });
    fireEvent.change(within(dialog).getByLabelText('运单号'), { target: { value: ' SF123456 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    expect(await screen.findByText('SF123456')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/points/gifts/41/ship')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/points/gifts/41/ship')[0]?.body).toEqual({
      carrier: '顺丰速运',
      tracking_no: 'SF123456',
    });

    fireEvent.click(await screen.findByRole('button', { name: '登记签收' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('2026-11-28 10:00:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '登记签收' })).toBeNull();
  });

  it("shows the server's refusal to ship once", async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/points/gifts/41': () => gift(),
      'POST /api/admin/points/gifts/41/ship': () => reply.refused('该赠品订单不是待发货状态'),
    });
    renderApp('/points/gifts/41');
    fireEvent.click(await screen.findByRole('button', { name: /^发\s*货$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('承运商'), { target: { value: '顺丰速运' } });
    fireEvent.change(within(dialog).getByLabelText('运单号'), { target: { value: 'SF1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    expect(await screen.findAllByText('该赠品订单不是待发货状态')).toHaveLength(1);
  });
});

describe('积分账户 (a company’s points)', () => {
  it('shows the balances and the ledger of the address; an adjustment needs a reason and sends it', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/points/companies/7': () => account(),
      'POST /api/admin/points/companies/7/adjust': () => account({ points: 1105 }),
    });
    renderApp('/points/accounts/7?kind=coin&direction=9');
    expect(await screen.findByText('积分账户 · 广州骏达汽配贸易有限公司')).toBeTruthy();
    expect(screen.getByText('1,205')).toBeTruthy();
    expect(screen.getByText('每日签到')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/points/companies/7')[0]?.query).toEqual({
      kind: 'coin',
      page: '1',
      limit: '20',
    });

    fireEvent.click(screen.getByRole('button', { name: '人工调整' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('数量（正数增加，负数扣减）'), { target: { value: '-100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认调整/ }));
    expect(await within(dialog).findByText('请填写调整原因')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/points/companies/7/adjust')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '重复签到补扣' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认调整/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/points/companies/7/adjust')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/points/companies/7/adjust')[0]?.body as PointsAdjustInput).toEqual({
      kind: 'points',
      change: -100,
      reason: '重复签到补扣',
      request_key: expect.stringMatching(/^[\w-]{8,64}$/),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal of a deduction below 0 once and keeps the dialog", async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/points/companies/7': () => account(),
      'POST /api/admin/points/companies/7/adjust': () => reply.refused('扣减后积分不能小于 0'),
    });
    renderApp('/points/accounts/7');
    await screen.findByText('积分账户 · 广州骏达汽配贸易有限公司');
    fireEvent.click(screen.getByRole('button', { name: '人工调整' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('数量（正数增加，负数扣减）'), { target: { value: '-5000' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '纠错' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认调整/ }));
    expect(await screen.findAllByText('扣减后积分不能小于 0')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('picks a company from the dealers to open its account', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers': () =>
        firstPage([
          {
            id: 7,
            name: '广州骏达汽配贸易有限公司',
            contact_name: '陈志强',
            contact_phone: '',
            is_regional_warehouse: 0,
            activity_flag: 0,
            enabled: 1,
            brand_groupings: [],
            account_count: 1,
            main_username: 'dealer_a',
            main_phone: '13800000001',
            created_at: '2026-11-01 09:00:00',
          },
        ]),
    });
    const { router } = renderApp('/points/accounts');
    fireEvent.click(await screen.findByText('积分明细与调整'));
    await waitFor(() => expect(where(router)).toBe('/points/accounts/7'));
  });
});
