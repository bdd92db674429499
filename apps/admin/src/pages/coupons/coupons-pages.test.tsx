import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminActivity, AdminVoucher, VoucherUse } from '@shop/core/api/coupons';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { expectClosedTo, firstPage, lastQueryIs, renderApp, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();
const me = () => staffMe(['catalog'], '商品运营');

const voucher = (over: Partial<AdminVoucher> = {}): AdminVoucher => ({
  voucher_id: 5,
  name: '春季满减券',
  title: '满 300 减 50',
  value: '50.00',
  threshold: '300.00',
  valid_from: '2026-12-01',
  valid_to: '2026-12-31',
  scope: 'all',
  scope_text: '全部商品',
  activity_id: null,
  product_ids: [],
  category_ids: [],
  kind: 'issued',
  per_company_uses: 2,
  total_uses: 100,
  granted_uses: 4,
  used_count: 1,
  activity_name: '',
  status: 'active',
  companies: 2,
  created_at: '2026-11-28 10:00:00',
  ...over,
});

const activity = (over: Partial<AdminActivity> = {}): AdminActivity => ({
  activity_id: 3,
  name: '春季保养节',
  image: '/media/spring.png',
  description: '',
  starts_on: '2026-12-01',
  ends_on: '2026-12-31',
  status: 'active',
  product_ids: [11, 12],
  voucher_ids: [5],
  running: 1,
  ...over,
});

/** Types a day range into an antd range picker (its two inputs). */
function pickDays(dialog: HTMLElement, from: string, to: string) {
  const [start, end] = within(dialog).getAllByPlaceholderText(/日期/);
  for (const [input, day] of [
    [start!, from],
    [end!, to],
  ] as const) {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: day } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
}

describe('优惠券', () => {
  it('asks with the filters of the address (a bad kind left out) and shows the vouchers', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/coupon/vouchers': () =>
        firstPage([
          voucher(),
          voucher({ voucher_id: 6, name: '活动券', kind: 'campaign', activity_name: '春季保养节', status: 'stopped' }),
        ]),
      'GET /api/admin/coupon/activities': () => [],
    });
    const { router } = renderApp('/coupons?keyword=春季&status=active&kind=bogus');
    const row = (await screen.findByText('活动券')).closest('tr')!;
    expect(within(row).getByText('活动领取（春季保养节）')).toBeTruthy();
    expect(within(row).getByText('已停用')).toBeTruthy();
    // A stopped or campaign voucher is not issued by hand.
    expect(within(row).queryByRole('button', { name: '发放' })).toBeNull();
    expect(within(row).getByText('已发 4 · 已用 1 · 2 家')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/coupon/vouchers')[0]?.query).toEqual({
      keyword: '春季',
      status: 'active',
      page: '1',
      limit: '20',
    });
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByTitle('定向发放'));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(where(router)).toContain('kind=issued'));
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/coupon/vouchers').at(-1)?.query).toMatchObject({ kind: 'issued' }),
    );
  });

  it('sends a new voucher once and shows the server refusal in Chinese, the dialog kept open', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/coupon/vouchers': () => firstPage([]),
      'GET /api/admin/coupon/activities': () => [],
      'POST /api/admin/coupon/vouchers': () => reply.refused('面额必须大于 0'),
    });
    renderApp('/coupons');
    fireEvent.click(await screen.findByRole('button', { name: /新建优惠券/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: ' 冬季券 ' } });
    fireEvent.change(within(dialog).getByLabelText('面额'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('使用门槛'), { target: { value: '200' } });
    pickDays(dialog, '2026-12-01', '2026-12-31');
    fireEvent.change(within(dialog).getByLabelText('总数'), { target: { value: '10' } });
    const save = within(dialog).getByRole('button', { name: /保\s*存/ });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findAllByText('面额必须大于 0')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/coupon/vouchers')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/coupon/vouchers')[0]?.body).toEqual({
      name: '冬季券',
      value: '0',
      threshold: '200',
      valid_from: '2026-12-01',
      valid_to: '2026-12-31',
      scope: 'all',
      product_ids: [],
      category_ids: [],
      kind: 'issued',
      per_company_uses: 1,
      total_uses: 10,
      activity_id: null,
    });
  });

  it('issues to the companies picked by search', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/coupon/vouchers': () => firstPage([voucher()]),
      'GET /api/admin/coupon/pick/companies': () => [
        { id: 1, name: '广州骏达汽配' },
        { id: 2, name: '北京京通汽配' },
      ],
      'POST /api/admin/coupon/vouchers/5/issue': () => ({ issued: 2 }),
    });
    renderApp('/coupons');
    fireEvent.click(await screen.findByRole('button', { name: '发放' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing picked: said before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*放/ }));
    expect(await within(dialog).findByText('请选择公司')).toBeTruthy();
    const picker = within(dialog).getByLabelText('公司');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '骏达' } });
    await lastQueryIs(server, 'GET /api/admin/coupon/pick/companies', { keyword: '骏达' });
    fireEvent.click(await screen.findByTitle('广州骏达汽配（1）'));
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*放/ }));
    expect(await screen.findByText('已发放 2 次')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/coupon/vouchers/5/issue')[0]?.body).toEqual({ company_ids: [1] });
  });

  it('stops a voucher only after the confirmation, and shows its uses with the orders', async () => {
    const uses: VoucherUse[] = [
      {
        company_id: 1,
        company_name: '广州骏达汽配',
        voucher_orders_id: 40,
        uses: 2,
        used: 1,
        orders: [
          { orders_id: 9, orders_no: 'SO2026120100009', amount: '50.00', used_at: '2026-12-01 10:00:00', released: 1 },
          { orders_id: 10, orders_no: 'SO2026120100010', amount: '50.00', used_at: '2026-12-02 11:00:00', released: 0 },
        ],
      },
    ];
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/coupon/vouchers': () => firstPage([voucher()]),
      'POST /api/admin/coupon/vouchers/5/stop': () => voucher({ status: 'stopped' }),
      'GET /api/admin/coupon/vouchers/5/uses': () => uses,
    });
    renderApp('/coupons');
    fireEvent.click(await screen.findByRole('button', { name: '停用' }));
    expect(await screen.findByText('停用“春季满减券”？停用后不能再领取、发放或使用。')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/coupon/vouchers/5/stop')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /停\s*用/ }).at(-1)!);
    expect(await screen.findByText('已停用')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/coupon/vouchers/5/stop')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '使用情况' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('广州骏达汽配（1）')).toBeTruthy();
    expect(within(dialog).getByText('1 / 2')).toBeTruthy();
    expect(within(dialog).getByText('SO2026120100009').getAttribute('href')).toBe('/orders/SO2026120100009');
    expect(within(dialog).getByText(/2026-12-01 10:00:00/)).toBeTruthy();
    expect(within(dialog).getAllByText('已取消，已退回')).toHaveLength(1);
  });

  it('is closed to a role without coupon.manage', async () => {
    await expectClosedTo(server, ['finance'], '/coupons', 'GET /api/admin/coupon/vouchers');
  });
});

describe('活动管理', () => {
  it('lists the activities, edits one with its parts in order, and stops one', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/coupon/activities': () => [activity()],
      'GET /api/admin/coupon/pick/parts': ({ query }) =>
        query.ids
          ? [
              { id: 11, frey_no: 'FR-011', product_name: '机油滤清器' },
              { id: 12, frey_no: 'FR-012', product_name: '空气滤清器' },
            ]
          : [],
      'POST /api/admin/coupon/activities/3': () => activity(),
      'POST /api/admin/coupon/activities/3/stop': () => activity({ status: 'stopped', running: 0 }),
    });
    renderApp('/activities');
    const row = (await screen.findByText('春季保养节')).closest('tr')!;
    expect(within(row).getByText('进行中')).toBeTruthy();
    expect(within(row).getByText('2 个')).toBeTruthy();
    expect(within(row).getByText('1 张')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('空气滤清器')).toBeTruthy();
    const downs = within(dialog).getAllByRole('button', { name: '下移' });
    fireEvent.click(downs[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/coupon/activities/3')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/coupon/activities/3')[0]?.body).toEqual({
      name: '春季保养节',
      image: '/media/spring.png',
      description: '',
      starts_on: '2026-12-01',
      ends_on: '2026-12-31',
      product_ids: [12, 11],
    });

    fireEvent.click(await screen.findByRole('button', { name: '停止' }));
    fireEvent.click(screen.getAllByRole('button', { name: /停\s*止/ }).at(-1)!);
    await waitFor(() => expect(server.callsTo('POST /api/admin/coupon/activities/3/stop')).toHaveLength(1));
  });

  it('refuses an activity without days before sending; the server refusal is shown', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/coupon/activities': () => [],
      'POST /api/admin/coupon/activities': () => reply.refused('所选商品不存在'),
    });
    renderApp('/activities');
    expect(await screen.findByText('暂无活动')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新建活动/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '冬季活动' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择活动时间')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/coupon/activities')).toHaveLength(0);
    pickDays(dialog, '2026-12-01', '2026-12-10');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findAllByText('所选商品不存在')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/coupon/activities')[0]?.body).toMatchObject({
      name: '冬季活动',
      starts_on: '2026-12-01',
      ends_on: '2026-12-10',
    });
  });
});
