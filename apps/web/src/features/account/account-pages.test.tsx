import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountSettings } from '@shop/core/api/account';
import type { SonAccount } from '@shop/core/api/user';
import { dialogTitled } from '../../test/dialogs';
import { renderRoutes } from '../../test/render-route';
import { makeProfile } from '../../test/server/factories';
import { userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import AccountPage from './account-page';
import SubAccountsPage from './sub-accounts-page';

const settings = (overrides: Partial<AccountSettings> = {}): AccountSettings => ({
  subuser_id: 1,
  username: 'dealer_a',
  phone: '13800000001',
  company_name: '广州骏达汽配贸易有限公司',
  is_main: 1,
  is_purchase: 0,
  avatar: '',
  wx_bound: 0,
  wx_nickname: '',
  wx_enabled: 0,
  ...overrides,
});

const son = (overrides: Partial<SonAccount> = {}): SonAccount => ({
  subuser_id: 7,
  username: 'counter_1',
  phone: '13700000007',
  is_purchase: 0,
  is_disabled: 0,
  wx_bound: 1,
  wx_nickname: '小王',
  created_at: '2026-11-20T02:00:00.000Z',
  ...overrides,
});

const server = stubServerPerTest(() => ({
  ...userHandlers(makeProfile({ is_main: 1 })),
  'GET /api/Shop.User/account': () => settings(),
  'POST /api/Shop.User/son_account': () => ({ list: [son()], total: 1 }),
}));

function renderAt(path: string, profile = makeProfile({ is_main: 1 })) {
  return renderRoutes(
    [
      { path: '/profile/account', element: <AccountPage /> },
      { path: '/profile/sub_accounts', element: <SubAccountsPage /> },
    ],
    [path],
    { brand: 'frey', profile },
  );
}

describe('/profile/account', () => {
  it('shows the account and its company; a new password must be typed twice alike before it is sent', async () => {
    server.use({ 'POST /api/Shop.User/changePassword': () => reply.ok(null, '密码已修改，其他设备上的登录已退出') });
    renderAt('/profile/account');
    expect(await screen.findByText('广州骏达汽配贸易有限公司')).toBeTruthy();
    expect(screen.getByTestId('account-phone').textContent).toBe('13800000001');
    expect(screen.getByText('未绑定（微信登录暂未开通）')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'demo1234' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'new-pass-1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'new-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(server.callsTo('POST /api/Shop.User/changePassword')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'new-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(server.callsTo('POST /api/Shop.User/changePassword')).toHaveLength(1));
    expect(server.callsTo('POST /api/Shop.User/changePassword')[0]!.body).toEqual({
      old_password: 'demo1234',
      password: 'new-pass-1',
    });
  }, 20_000);

  it('a double click on 修改密码 changes the password once', async () => {
    let answer: () => void = () => {};
    server.use({
      'POST /api/Shop.User/changePassword': () =>
        new Promise((resolve) => {
          answer = () => resolve(reply.ok(null, '密码已修改，其他设备上的登录已退出'));
        }),
    });
    renderAt('/profile/account');
    fireEvent.change(await screen.findByLabelText('原密码'), { target: { value: 'demo1234' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'new-pass-1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'new-pass-1' } });
    const submit = screen.getByRole('button', { name: '修改密码' });
    fireEvent.click(submit);
    // The second click once the first one's check has passed and its sending begun (promise jobs
    // only), before React has drawn the button as loading, as a real double click lands.
    for (let i = 0; i < 100; i += 1) await Promise.resolve();
    fireEvent.click(submit);
    await waitFor(() => expect(server.callsTo('POST /api/Shop.User/changePassword').length).toBeGreaterThan(0));
    answer();
    await waitFor(() => expect((screen.getByLabelText('原密码') as HTMLInputElement).value).toBe(''));
    expect(server.callsTo('POST /api/Shop.User/changePassword')).toHaveLength(1);
  }, 20_000);

  it('a new phone: the code goes to the new number, then the change is sent with it', async () => {
    server.use({
      'POST /api/Shop.User/sendSms': () => reply.ok({ resend_after: 60 }, '验证码已发送，请注意查收'),
      'POST /api/Shop.User/changePhone': () => reply.ok(null, '手机号已修改'),
    });
    renderAt('/profile/account');
    fireEvent.click(await screen.findByRole('button', { name: '修改手机号' }));
    const dialog = await dialogTitled('修改手机号');
    fireEvent.change(within(dialog).getByLabelText('新手机号'), { target: { value: '13800000001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await within(dialog).findByText('新手机号与当前手机号相同')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('新手机号'), { target: { value: '13912345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await within(dialog).findByRole('button', { name: /秒后重发/ });
    expect(server.callsTo('POST /api/Shop.User/sendSms').map((c) => c.body)).toEqual([
      { phone: '13912345678', type: 'change_phone' },
    ]);
    fireEvent.change(within(dialog).getByPlaceholderText('发送到新手机号的验证码'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(server.callsTo('POST /api/Shop.User/changePhone')).toHaveLength(1));
    expect(server.callsTo('POST /api/Shop.User/changePhone')[0]!.body).toEqual({
      phone: '13912345678',
      code: '123456',
    });
  }, 20_000);
});

describe('/profile/sub_accounts', () => {
  it('lists the sub-accounts; unbinding a WeChat and deleting ask first', async () => {
    server.use({
      'POST /api/Shop.User/unBindWxAccount': () => reply.ok(null, '已解绑微信'),
      'POST /api/Shop.User/delete': () => reply.ok(null, '删除成功'),
    });
    renderAt('/profile/sub_accounts');
    const row = (await screen.findByText('counter_1')).closest('tr')!;
    expect(within(row).getByText('已绑定')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '解绑' }));
    expect(await screen.findByText('解绑 counter_1 的微信？')).toBeTruthy();
    expect(server.callsTo('POST /api/Shop.User/unBindWxAccount')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /^解\s*绑$/ }).at(-1)!);
    await waitFor(() => expect(server.callsTo('POST /api/Shop.User/unBindWxAccount')).toHaveLength(1));
    expect(server.callsTo('POST /api/Shop.User/unBindWxAccount')[0]!.body).toEqual({ subuser_id: 7 });

    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除 counter_1？该账号将立即下线，其订单仍保留。')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /^删\s*除$/ }).at(-1)!);
    await waitFor(() => expect(server.callsTo('POST /api/Shop.User/delete')).toHaveLength(1));
  }, 20_000);

  it('checks a new sub-account with the server’s rules before sending it', async () => {
    server.use({
      'POST /api/Shop.User/add': () => reply.ok(son({ subuser_id: 8, username: 'counter_2' }), '添加成功'),
    });
    renderAt('/profile/sub_accounts');
    fireEvent.click(await screen.findByRole('button', { name: /添加子账号/ }));
    const dialog = await dialogTitled('添加子账号');
    fireEvent.change(within(dialog).getByLabelText('账号名'), { target: { value: '12345' } });
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '1390000' } });
    fireEvent.change(within(dialog).getByLabelText('登录密码'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('账号名不能是纯数字')).toBeTruthy();
    expect(within(dialog).getByText('请输入正确的手机号')).toBeTruthy();
    expect(within(dialog).getByText('密码至少 8 位')).toBeTruthy();
    expect(server.callsTo('POST /api/Shop.User/add')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('账号名'), { target: { value: 'counter_2' } });
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13900000008' } });
    fireEvent.change(within(dialog).getByLabelText('登录密码'), { target: { value: 'counter-pass-2' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(server.callsTo('POST /api/Shop.User/add')).toHaveLength(1));
    expect(server.callsTo('POST /api/Shop.User/add')[0]!.body).toEqual({
      username: 'counter_2',
      phone: '13900000008',
      password: 'counter-pass-2',
      is_purchase: 1,
    });
  }, 20_000);

  it('sends a sub-account back to its account page', async () => {
    const sub = makeProfile({ is_main: 0 });
    server.use(userHandlers(sub));
    const router = renderAt('/profile/sub_accounts', sub);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/account'));
    expect(server.callsTo('GET /api/Shop.User/son_account')).toHaveLength(0);
  });
});
