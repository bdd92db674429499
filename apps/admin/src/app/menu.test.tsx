import { afterEach, describe, expect, it } from 'vitest';
import { BRAND_VARIANTS, type BrandKey } from '@shop/core/brand-variants';
import { fireEvent, screen, within } from '@testing-library/react';
import { stubServerPerTest } from '../../../web/src/test/server/stub-server';
import type { StaffMe } from '@shop/core/api/admin';
import { expectClosedTo, firstPage, renderApp, staffMe, where } from '../test/render-app';

const server = stubServerPerTest();
const emptyOrders = firstPage([]);
const emptyAudit = firstPage([]);

const menuLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: '后台菜单' });
  return within(nav)
    .queryAllByRole('menuitem')
    .map((item) => item.textContent);
};

describe('the side menu by permission', () => {
  it('shows customer service the dashboard, the orders, the dealers and the service area, with the name and role in the header', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service'], '客服专员'),
      'GET /api/admin/orders': () => emptyOrders,
    });
    const { router } = renderApp('/orders');
    await screen.findByText('暂无符合条件的订单');
    expect(await menuLabels()).toEqual([
      '看板',
      '订单管理',
      '经销商管理',
      '资源共享',
      '客服中心',
      '群发消息',
      '积分商城',
      '赠品订单',
      '积分账户',
    ]);
    expect(screen.getByTestId('staff-name').textContent).toBe('客服专员');
    expect(screen.getByTestId('staff-roles').textContent).toBe('客服');
    expect(where(router)).toBe('/orders');
  });

  it('shows finance the orders, the finance screens, the price-protection compensations and the audit log, and the administrator everything', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['finance'], '财务专员'),
      'GET /api/admin/orders': () => emptyOrders,
      'GET /api/admin/audit': () => emptyAudit,
    });
    const first = renderApp('/audit');
    expect(await menuLabels()).toEqual([
      '看板',
      '订单管理',
      '信用额度',
      '回款登记',
      '特批订单',
      '对账单',
      '价保补偿',
      '操作日志',
    ]);
    await screen.findByText('暂无操作记录');
    first.unmount();

    server.use({ 'GET /api/admin/auth/me': () => staffMe(['administrator'], '系统管理员') });
    renderApp('/audit');
    expect(await menuLabels()).toEqual([
      '看板',
      '订单管理',
      '商品管理',
      '商品分类',
      '车型管理',
      '价格管理',
      '库存管理',
      'ERP 导入',
      '经销商管理',
      '资源共享',
      '首页内容',
      '学习中心',
      '营销海报',
      '优惠券',
      '活动管理',
      '客服中心',
      '群发消息',
      '积分商城',
      '赠品订单',
      '积分账户',
      '信用额度',
      '回款登记',
      '特批订单',
      '对账单',
      '价保补偿',
      '员工管理',
      '操作日志',
    ]);
  });

  it('tells a role without the permission why a screen is closed, and asks the server nothing for it', async () => {
    await expectClosedTo(server, ['customer_service'], '/staff', 'GET /api/admin/staff');
  });

  it('greets a member without a screen instead of an empty page', async () => {
    server.use({ 'GET /api/admin/auth/me': () => staffMe([], '新员工') });
    renderApp('/');
    expect(await screen.findByText('欢迎，新员工')).toBeTruthy();
    expect(await menuLabels()).toEqual([]);
  });

  it('opens the catalog team on the dashboard, with the shop content in the menu', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/dashboard/not-found': () => ({ days: 7, searches: [], vins: [] }),
    });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: '看板' })).toBeTruthy();
    expect(await menuLabels()).toEqual([
      '看板',
      '商品管理',
      '商品分类',
      '车型管理',
      '价格管理',
      '库存管理',
      'ERP 导入',
      '首页内容',
      '学习中心',
      '营销海报',
      '优惠券',
      '活动管理',
    ]);
    expect(where(router)).toBe('/');
  });

  it('logs out: the server ends the session and the login page shows', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['customer_service']),
      'GET /api/admin/orders': () => emptyOrders,
      'POST /api/admin/auth/logout': () => null,
    });
    const { router } = renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    fireEvent.click(await screen.findByRole('button', { name: '退出' }));
    await screen.findByRole('button', { name: '登录' });
    expect(server.callsTo('POST /api/admin/auth/logout')).toHaveLength(1);
    expect(where(router)).toBe('/login');
  });
});

describe('the menu and routes by the brand’s modules', () => {
  /** The back office of `brand` for `me` at `path`, whose screen is off there (页面不存在); the menu's labels. */
  async function missingPageOfBrand(brand: BrandKey, me: StaffMe, path: string) {
    window.__SHOP_VARIANT__ = BRAND_VARIANTS[brand];
    server.use({ 'GET /api/admin/auth/me': () => me });
    renderApp(path);
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    return menuLabels();
  }

  afterEach(() => {
    delete window.__SHOP_VARIANT__;
  });

  it('leaves out the points screens where the brand has points off, and their addresses answer 页面不存在', async () => {
    expect(BRAND_VARIANTS.autoline.modules).toMatchObject({ points: false, coupon: true });
    const labels = await missingPageOfBrand('autoline', staffMe(['administrator'], '系统管理员'), '/points/gifts');
    expect(labels).toContain('优惠券');
    expect(labels).toContain('活动管理');
    for (const gone of ['积分商城', '赠品订单', '积分账户']) expect(labels).not.toContain(gone);
    expect(server.callsTo('GET /api/admin/points/gifts')).toHaveLength(0);
  });

  it('leaves out resource share where the brand has it off, and its address answers 页面不存在', async () => {
    expect(BRAND_VARIANTS.autoline.modules.resourceShare).toBe(false);
    const labels = await missingPageOfBrand('autoline', staffMe(['customer_service']), '/resource-share');
    expect(labels).toContain('经销商管理');
    expect(labels).not.toContain('资源共享');
    expect(server.callsTo('GET /api/admin/resource-share')).toHaveLength(0);
  });

  it('leaves out points and coupons where the brand has both off', async () => {
    expect(BRAND_VARIANTS.partsky.modules).toMatchObject({ points: false, coupon: false });
    const labels = await missingPageOfBrand('partsky', staffMe(['administrator'], '系统管理员'), '/coupons');
    for (const gone of ['优惠券', '活动管理', '积分商城', '赠品订单', '积分账户']) expect(labels).not.toContain(gone);
    expect(labels).toContain('订单管理');
    expect(server.callsTo('GET /api/admin/coupon/vouchers')).toHaveLength(0);
  });

  it('opens the points screens where the brand has points on', async () => {
    window.__SHOP_VARIANT__ = BRAND_VARIANTS.frey;
    server.use({ 'GET /api/admin/auth/me': () => staffMe(['customer_service']) });
    renderApp('/');
    const labels = await menuLabels();
    expect(labels).toEqual(expect.arrayContaining(['积分商城', '赠品订单', '积分账户']));
  });
});
