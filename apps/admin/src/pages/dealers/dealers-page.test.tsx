import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DealerAccount, DealerCompany, DealerCompanyDetail } from '@shop/core/api/dealers';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import {
  expectClosedTo,
  firstPage,
  lastQueryIs,
  listPage,
  renderApp,
  searchBy,
  staffMe,
  where,
} from '../../test/render-app';

const server = stubServerPerTest();
const me = () => staffMe(['customer_service']);

const company = (overrides: Partial<DealerCompany> = {}): DealerCompany => ({
  id: 7,
  name: '广州骏达汽配贸易有限公司',
  contact_name: '陈志强',
  contact_phone: '020-83561234',
  is_regional_warehouse: 0,
  activity_flag: 1,
  enabled: 1,
  brand_groupings: ['奔驰', '宝马'],
  account_count: 2,
  main_username: 'dealer_a',
  main_phone: '13800000001',
  created_at: '2026-11-01 09:00:00',
  notes: '月结',
  version: 3,
  updated_at: '2026-11-20 10:00:00',
  ...overrides,
});

const account = (overrides: Partial<DealerAccount> = {}): DealerAccount => ({
  id: 21,
  company_id: 7,
  username: 'dealer_a',
  phone: '13800000001',
  is_main: 1,
  is_purchase: 0,
  activity_flag: 0,
  activity_flag_image: '',
  enabled: 1,
  wx_bound: 0,
  wx_nickname: '',
  created_at: '2026-11-01 09:00:00',
  ...overrides,
});

const detail = (overrides: Partial<DealerCompanyDetail> = {}): DealerCompanyDetail => ({
  company: company(),
  accounts: [account(), account({ id: 22, username: 'dealer_a_sub', phone: '13800000002', is_main: 0 })],
  ...overrides,
});

const summary = (overrides: Partial<DealerCompany> = {}) => {
  const { notes: _n, version: _v, updated_at: _u, ...rest } = company(overrides);
  return rest;
};

describe('the dealers list', () => {
  it('asks with the filters and page of the address and shows the companies', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers': () =>
        listPage(
          [summary(), summary({ id: 8, name: '北京京通汽配城有限公司', is_regional_warehouse: 1, enabled: 0 })],
          { total: 21, page: 2 },
        ),
    });
    renderApp('/dealers?keyword=13800&is_regional_warehouse=1&activity_flag=x&enabled=0&brand=奔驰&page=2');
    const row = (await screen.findByText('北京京通汽配城有限公司')).closest('tr')!;
    expect(screen.getByText('共 21 条')).toBeTruthy();
    expect(screen.getAllByText('dealer_a（13800000001）')).toHaveLength(2);
    expect(within(row).getByText('北京仓')).toBeTruthy();
    expect(within(row).getByText('停用')).toBeTruthy();
    // The malformed activity filter is left out rather than sent.
    expect(server.callsTo('GET /api/admin/dealers')[0]?.query).toEqual({
      keyword: '13800',
      is_regional_warehouse: '1',
      enabled: '0',
      brand: '奔驰',
      page: '2',
      limit: '20',
    });
  });

  it('puts a new search in the address, back on page 1', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers': () => firstPage([]),
    });
    const { router } = renderApp('/dealers?page=3');
    await screen.findByText('暂无符合条件的经销商');
    searchBy('公司名称、联系人或账号手机号', ' 骏达 ');
    await waitFor(() => expect(where(router)).toBe(`/dealers?keyword=${encodeURIComponent('骏达')}`));
    await lastQueryIs(server, 'GET /api/admin/dealers', {
      keyword: '骏达',
      page: '1',
      limit: '20',
    });
  });

  it('shows a failure once with a retry', async () => {
    let fail = true;
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers': () => (fail ? reply.serverError('数据库繁忙') : firstPage([summary()])),
    });
    renderApp('/dealers');
    expect(await screen.findAllByText('数据库繁忙')).toHaveLength(1);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('广州骏达汽配贸易有限公司')).toBeTruthy();
  });

  it('is closed to a role without dealers.manage, and asks the server nothing', async () => {
    await expectClosedTo(server, ['catalog'], '/dealers', 'GET /api/admin/dealers');
  });

  it('adds a company once, whatever the clicks, and opens it', async () => {
    let answer: (v: unknown) => void = () => {};
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers': () => firstPage([]),
      'POST /api/admin/dealers': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/admin/dealers/7': () => detail(),
    });
    const { router } = renderApp('/dealers');
    fireEvent.click(await screen.findByRole('button', { name: /添加公司/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('公司名称'), { target: { value: ' 深圳鹏程汽配 ' } });
    fireEvent.change(within(dialog).getByLabelText('联系人'), { target: { value: '赵工' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    const save = within(dialog).getByRole('button', { name: /保\s*存/ });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(server.callsTo('POST /api/admin/dealers')).toHaveLength(1));
    fireEvent.click(save);
    answer(detail());
    await waitFor(() => expect(where(router)).toBe('/dealers/7'));
    expect(server.callsTo('POST /api/admin/dealers')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/dealers')[0]?.body).toEqual({
      name: '深圳鹏程汽配',
      contact_name: '赵工',
      contact_phone: '',
      is_regional_warehouse: 1,
      brand_groupings: [],
      notes: '',
    });
  });
});

describe('a dealer company', () => {
  it('shows the company and its accounts', async () => {
    server.use({ 'GET /api/admin/auth/me': me, 'GET /api/admin/dealers/7': () => detail() });
    renderApp('/dealers/7');
    expect(await screen.findByText('dealer_a_sub')).toBeTruthy();
    expect(screen.getByText('月结')).toBeTruthy();
    expect(screen.getByText('奔驰、宝马')).toBeTruthy();
    expect(screen.getByText('主账号')).toBeTruthy();
    expect(screen.getByText('账号（2）')).toBeTruthy();
  });

  it('sends the version it was opened on; a later save refused by the server keeps the dialog with the message once', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers/7': () => detail(),
      'POST /api/admin/dealers/7': () => reply.refused('该公司资料已被他人修改，请刷新后重新编辑'),
    });
    renderApp('/dealers/7');
    fireEvent.click(await screen.findByRole('button', { name: '编辑公司' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('备注（仅后台可见）'), { target: { value: '改备注' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findAllByText('该公司资料已被他人修改，请刷新后重新编辑')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/dealers/7')[0]?.body).toMatchObject({ notes: '改备注', version: 3 });
  });

  it('disables an account only after the confirmation, once', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers/7': () => detail(),
      'POST /api/admin/dealer-accounts/22': () => account({ id: 22, enabled: 0 }),
    });
    renderApp('/dealers/7');
    const row = (await screen.findByText('dealer_a_sub')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('停用 dealer_a_sub？该账号将立即下线且不能登录。')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/dealer-accounts/22')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/dealer-accounts/22')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/dealer-accounts/22')[0]?.body).toEqual({ enabled: 0 });
  });

  it('shows an account’s WeChat binding and unbinds it after the confirmation', async () => {
    const bound = detail({
      accounts: [
        account(),
        account({ id: 22, username: 'dealer_a_sub', is_main: 0, wx_bound: 1, wx_nickname: '小王' }),
      ],
    });
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers/7': () => bound,
      'POST /api/admin/dealer-accounts/22/unbind-wx': () => account({ id: 22, wx_bound: 0 }),
    });
    renderApp('/dealers/7');
    const row = (await screen.findByText('dealer_a_sub')).closest('tr')!;
    expect(within(row).getByText('已绑定（小王）')).toBeTruthy();
    const mainRow = screen.getByText('dealer_a').closest('tr')!;
    expect(within(mainRow).getByText('未绑定')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '解绑微信' }));
    expect(await screen.findByText('解绑 dealer_a_sub 的微信？解绑后该微信不能再扫码登录此账号。')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/dealer-accounts/22/unbind-wx')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /^解\s*绑$/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/dealer-accounts/22/unbind-wx')).toHaveLength(1));
  });

  it('resets a password to a generated one and shows it once', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers/7': () => detail(),
      'POST /api/admin/dealer-accounts/22/password': () => ({
        account: account({ id: 22, username: 'dealer_a_sub' }),
        generated_password: 'Xk7mPq2rTt9w',
      }),
    });
    renderApp('/dealers/7');
    const row = (await screen.findByText('dealer_a_sub')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /重\s*置/ }));
    expect(await screen.findByText('Xk7mPq2rTt9w')).toBeTruthy();
    expect(screen.getByText('关闭后将无法再次查看，请立即转交给客户。')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/dealer-accounts/22/password')[0]?.body).toEqual({ password: '' });
    fireEvent.click(screen.getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByText('Xk7mPq2rTt9w')).toBeNull());
  });

  it('adds a sub-account when the company has a main one; the main choice is closed', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/dealers/7': () => detail(),
      'POST /api/admin/dealers/7/accounts': () => ({
        account: account({ id: 23, is_main: 0 }),
        generated_password: null,
      }),
    });
    renderApp('/dealers/7');
    fireEvent.click(await screen.findByRole('button', { name: /添加账号/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('radio', { name: '主账号' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('账号名'), { target: { value: 'new_sub' } });
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '1390000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    expect(await within(dialog).findByText('请输入正确的手机号')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/dealers/7/accounts')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13900000009' } });
    fireEvent.change(within(dialog).getByLabelText('初始密码'), { target: { value: 'given-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/admin/dealers/7/accounts')[0]?.body).toEqual({
      username: 'new_sub',
      phone: '13900000009',
      password: 'given-pass-1',
      is_main: 0,
      is_purchase: 0,
    });
  });
});
