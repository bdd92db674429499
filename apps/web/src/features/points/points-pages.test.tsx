import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { POINTS_TEXTS } from '@shop/core/points-rules';
import { notesPerTest } from '../../test/notes';
import { LocationProbe, renderRoutes } from '../../test/render-route';
import { makeAddress, makeGift, makePointsProduct } from '../../test/server/factories';
import { addressHandlers, userHandlers } from '../../test/server/handlers';
import { pointsHandlers, pointsWorld } from '../../test/server/points-handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import GiftDetailPage from './gift-detail-page';
import GiftListPage from './gift-list-page';
import PointsMallPage from './points-mall-page';
import PointsPage from './points-page';

const notes = notesPerTest();
const server = stubServerPerTest(() => userHandlers());

const routes = [
  { path: '/parts/points_mall', element: <PointsMallPage /> },
  { path: '/profile/points', element: <PointsPage /> },
  { path: '/profile/my_gift', element: <GiftListPage /> },
  { path: '/profile/my_gift_detail', element: <GiftDetailPage /> },
  { path: '*', element: <LocationProbe /> },
];
const open = (entry: string) => renderRoutes(routes, [entry], { brand: 'frey' });

describe('/parts/points_mall', () => {
  it('shows the items, puts one in the exchange cart and redeems it to the main address, then opens the gift', async () => {
    const world = pointsWorld({ points: 1000, products: [makePointsProduct(3, { l_name_zh: '品牌保温杯' })] });
    server.use({
      ...pointsHandlers(world),
      ...addressHandlers([makeAddress(1), makeAddress(2, { is_main: 1 })]),
    });
    const router = open('/parts/points_mall');
    expect(await screen.findByText('可用积分 1000')).toBeTruthy();
    const item = await screen.findByLabelText('品牌保温杯');
    expect(within(item).getByText('300 积分')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: '加入兑换车' }));
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith(POINTS_TEXTS.added));
    const cart = screen.getByLabelText('兑换车');
    expect(await within(cart).findByText('品牌保温杯')).toBeTruthy();
    expect(within(cart).getByText('共需 300 积分，可用 1000 积分')).toBeTruthy();

    fireEvent.click(within(cart).getByRole('button', { name: '立即兑换' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/my_gift_detail'));
    expect(router.state.location.search).toBe(`?id=${world.gifts[0]!.gift_id}`);
    expect(await screen.findByText(`赠品订单 ${world.gifts[0]!.gift_no}`)).toBeTruthy();
    expect(server.callsTo('POST /api/Shop.Order/add')).toHaveLength(1);
    const sent = server.callsTo('POST /api/Shop.Order/add')[0]!.body as Record<string, unknown>;
    expect(sent.address_id).toBe(2);
    expect(sent.points_cart_id).toMatch(/^\d+$/);
    expect(sent.idempotency_key).toMatch(/^redeem-/);
    expect(world.points).toBe(700);
    expect(world.gifts).toHaveLength(1);
    expect(notes.success).toHaveBeenCalledWith('兑换成功');
  }, 20_000);

  it('will not redeem more points than the balance', async () => {
    const world = pointsWorld({ points: 100, products: [makePointsProduct(3, { l_name_zh: '品牌保温杯' })] });
    server.use({ ...pointsHandlers(world), ...addressHandlers([makeAddress(1)]) });
    open('/parts/points_mall');
    fireEvent.click(within(await screen.findByLabelText('品牌保温杯')).getByRole('button', { name: '加入兑换车' }));
    const cart = screen.getByLabelText('兑换车');
    await within(cart).findByText('品牌保温杯');
    const button = within(cart).getByRole('button', { name: '积分不足' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(server.callsTo('POST /api/Shop.Order/add')).toHaveLength(0);
  }, 20_000);

  it("shows the server's refusal to add once, and a sold-out item cannot be added", async () => {
    const world = pointsWorld({
      points: 1000,
      products: [
        makePointsProduct(3, { l_name_zh: '品牌保温杯' }),
        makePointsProduct(4, { l_name_zh: '车载香薰', stock: 0 }),
      ],
    });
    server.use({
      ...pointsHandlers(world),
      ...addressHandlers([]),
      'POST /api/Shop.Points/addPointsCart': () => reply.refused(POINTS_TEXTS.itemOffShelf),
    });
    open('/parts/points_mall');
    expect(
      within(await screen.findByLabelText('车载香薰'))
        .getByRole('button', { name: '已兑完' })
        .hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(within(screen.getByLabelText('品牌保温杯')).getByRole('button', { name: '加入兑换车' }));
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith(POINTS_TEXTS.itemOffShelf));
    expect(notes.error).toHaveBeenCalledTimes(1);
    expect(within(screen.getByLabelText('兑换车')).getByText('兑换车是空的')).toBeTruthy();
  }, 20_000);

  it('says when there is nothing to exchange, and shows a failed load with a retry', async () => {
    let fail = true;
    const handlers = pointsHandlers(pointsWorld());
    server.use({
      ...handlers,
      ...addressHandlers([]),
      'GET /api/Shop.Points/getProductList': (call) =>
        fail ? reply.serverError('服务繁忙') : handlers['GET /api/Shop.Points/getProductList']!(call),
    });
    open('/parts/points_mall');
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重新加载|重试/ }));
    expect(await screen.findByText('暂无可兑换的赠品')).toBeTruthy();
  }, 20_000);
});

describe('/profile/points', () => {
  it('signs in once: the points rise by 5, the day is marked and the ledger shows the entry', async () => {
    const world = pointsWorld({ points: 20 });
    server.use(pointsHandlers(world));
    open('/profile/points');
    const balance = await screen.findByLabelText('积分余额');
    expect(within(balance).getByText('20')).toBeTruthy();
    expect(await screen.findByText('暂无明细')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '签到领 5 积分' }));
    await waitFor(() => expect(within(screen.getByLabelText('积分余额')).getByText('25')).toBeTruthy());
    expect(notes.success).toHaveBeenCalledWith('签到成功，积分 +5');
    expect(screen.getByRole('button', { name: '今日已签到' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('26 日已签到')).toBeTruthy();
    expect(await screen.findByText('每日签到')).toBeTruthy();
    expect(server.callsTo('POST /api/Shop.Points/signIn')).toHaveLength(1);
  }, 20_000);

  it("shows the server's refusal of a second sign-in (another window) once", async () => {
    server.use({
      ...pointsHandlers(pointsWorld({ points: 20 })),
      'POST /api/Shop.Points/signIn': () => reply.refused(POINTS_TEXTS.alreadySignedIn),
    });
    open('/profile/points');
    fireEvent.click(await screen.findByRole('button', { name: '签到领 5 积分' }));
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith(POINTS_TEXTS.alreadySignedIn));
    expect(notes.error).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('exchanges points for frey coins, and shows the refusal when the points do not reach', async () => {
    const world = pointsWorld({ points: 120 });
    server.use(pointsHandlers(world));
    open('/profile/points');
    expect(await screen.findByText('10 积分兑换 1 个积分币，最多可兑换 12 个')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('兑换积分币数量'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '兑 换' }));
    await waitFor(() => expect(within(screen.getByLabelText('积分币余额')).getByText('5')).toBeTruthy());
    expect(server.callsTo('POST /api/Shop.Points/exchangeFreyCoin')[0]!.body).toEqual({ frey_coin: 5 });
    expect(world.points).toBe(70);
    expect(notes.success).toHaveBeenCalledWith(POINTS_TEXTS.exchanged);

    server.use({ 'POST /api/Shop.Points/exchangeFreyCoin': () => reply.refused(POINTS_TEXTS.notEnoughPoints) });
    fireEvent.click(screen.getByRole('button', { name: '兑 换' }));
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith(POINTS_TEXTS.notEnoughPoints));
  }, 20_000);

  it('a sub-account reaching the page sees the refusal', async () => {
    server.use({
      'GET /api/Shop.Points/index': () => reply.refused(POINTS_TEXTS.moduleMainOnly),
      'GET /api/Shop.Points/myPointsList': () => reply.refused(POINTS_TEXTS.moduleMainOnly),
    });
    open('/profile/points');
    expect((await screen.findAllByText(POINTS_TEXTS.moduleMainOnly)).length).toBeGreaterThan(0);
  }, 20_000);
});

describe('/profile/my_gift and its detail', () => {
  it('lists the gift orders by status and opens one', async () => {
    const world = pointsWorld({
      gifts: [
        makeGift(8, { first_name: '品牌保温杯', quantity: 2 }),
        makeGift(7, { status: 'shipped', status_cn: '已发货', first_name: '车载香薰' }),
      ],
    });
    server.use(pointsHandlers(world));
    open('/profile/my_gift');
    expect(await screen.findByText('品牌保温杯 等 2 件')).toBeTruthy();
    expect(screen.getByText('车载香薰')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '已发货' }));
    fireEvent.click(await screen.findByRole('link', { name: '查看详情' }));
    expect(screen.queryByText('品牌保温杯 等 2 件')).toBeNull();
    expect(server.callsTo('GET /api/Shop.Gift/list').at(-1)!.query.status).toBe('shipped');
    expect(await screen.findByText(`赠品订单 ${world.gifts[1]!.gift_no}`)).toBeTruthy();
  }, 20_000);

  it('says when there are no gift orders', async () => {
    server.use(pointsHandlers(pointsWorld()));
    open('/profile/my_gift');
    expect(await screen.findByText('暂无赠品订单')).toBeTruthy();
  }, 20_000);

  it('shows a shipped gift with its carrier and confirms receipt', async () => {
    const world = pointsWorld({
      gifts: [makeGift(7, { status: 'shipped', status_cn: '已发货', carrier: '顺丰速运', tracking_no: 'SF123' })],
    });
    server.use(pointsHandlers(world));
    open('/profile/my_gift_detail?id=7');
    expect(await screen.findByText('顺丰速运 SF123')).toBeTruthy();
    expect(screen.getByText('张三 13800000000 广东省广州市天河区天河路 1 号')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认收货' }));
    // The detail is asked again after the receipt: the dealer sees it received.
    expect(await screen.findByText('已签收')).toBeTruthy();
    expect(screen.getByText('2026-11-26 12:00:00')).toBeTruthy();
    expect(notes.success).toHaveBeenCalledWith(POINTS_TEXTS.giftReceived);
    expect(screen.queryByRole('button', { name: '确认收货' })).toBeNull();
  }, 20_000);

  it("answers another company's gift as not found", async () => {
    server.use(pointsHandlers(pointsWorld()));
    open('/profile/my_gift_detail?id=99');
    expect(await screen.findByText(POINTS_TEXTS.giftNotFound)).toBeTruthy();
  }, 20_000);

  it('answers a malformed id as not found, asking nothing of the server', async () => {
    server.use(pointsHandlers(pointsWorld()));
    open('/profile/my_gift_detail?id=abc');
    expect(await screen.findByText(POINTS_TEXTS.giftNotFound)).toBeTruthy();
    expect(server.callsTo('GET /api/Shop.Gift/detail')).toEqual([]);
  }, 20_000);
});
