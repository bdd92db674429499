import type { GiftDetail, LedgerEntry, PointsCartLine, PointsOverview, PointsProduct } from '@shop/core/api/points';
import { POINTS_CAUSES, POINTS_PER_FREY_COIN, POINTS_TEXTS, SIGN_IN_POINTS } from '@shop/core/points-rules';
import { makeGift, makePage } from './factories';
import { reply, type StubRoutes } from './stub-server';

/**
 * The points of the logged-in main account's company as the server keeps them: a balance that
 * sign-in (once a day), exchange and redeeming change with their ledger entries, the mall's items
 * and their stock, the points cart and the gift orders. A test passes the starting state and
 * reads it back (`state.points`, `state.gifts`) after the screen acted.
 */
export interface PointsWorld {
  points: number;
  freyCoin: number;
  signedToday: boolean;
  signedDays: number[];
  products: PointsProduct[];
  cart: PointsCartLine[];
  gifts: GiftDetail[];
  ledger: LedgerEntry[];
}

export function pointsWorld(over: Partial<PointsWorld> = {}): PointsWorld {
  return {
    points: 0,
    freyCoin: 0,
    signedToday: false,
    signedDays: [],
    products: [],
    cart: [],
    gifts: [],
    ledger: [],
    ...over,
  };
}

const TODAY = '2026-11-26';

export function pointsHandlers(state: PointsWorld = pointsWorld()): StubRoutes {
  let nextId = 500;
  const entry = (change: number, cause: keyof typeof POINTS_CAUSES) => {
    state.ledger.unshift({
      id: nextId++,
      change,
      balance_after: state.points,
      cause,
      cause_cn: POINTS_CAUSES[cause],
      note: '',
      create_time: `${TODAY} 10:00:00`,
      expires_at: change > 0 ? '2027-11-27 00:00:00' : '',
    });
  };
  const overview = (): PointsOverview => ({
    max_frey_coin: Math.floor(state.points / POINTS_PER_FREY_COIN),
    frey_coin: state.freyCoin,
    fullname: '测试汽配有限公司',
    points: state.points,
    rule_description: '每日签到得 5 积分；订单完成后每 10 元得 1 积分。',
    todaySignedIn: state.signedToday ? 1 : 0,
    consumed_frey_coin: 0,
    consumed_points: 0,
    carousels: [],
    today: TODAY,
    signed_days: state.signedDays,
    sign_in_points: SIGN_IN_POINTS,
    points_per_frey_coin: POINTS_PER_FREY_COIN,
    deduction_ratio: 0.2,
    expiring_points: 0,
    expiring_at: '',
  });
  const pageOf = <T>(list: T[], query: Record<string, string>) => {
    const page = Number(query.page ?? 1);
    const limit = Number(query.limit ?? 10);
    return makePage(list.slice((page - 1) * limit, page * limit), page, limit, list.length);
  };
  return {
    'GET /api/Shop.Points/index': overview,
    'POST /api/Shop.Points/signIn': () => {
      if (state.signedToday) return reply.refused(POINTS_TEXTS.alreadySignedIn);
      state.signedToday = true;
      state.signedDays = [...state.signedDays, 26];
      state.points += SIGN_IN_POINTS;
      entry(SIGN_IN_POINTS, 'sign_in');
      return reply.ok(
        { points: state.points, sign_in_points: SIGN_IN_POINTS, todaySignedIn: 1 },
        POINTS_TEXTS.signedIn,
      );
    },
    'POST /api/Shop.Points/exchangeFreyCoin': ({ body }) => {
      const coins = Number((body as { frey_coin: number }).frey_coin);
      if (coins * POINTS_PER_FREY_COIN > state.points) return reply.refused(POINTS_TEXTS.notEnoughPoints);
      state.points -= coins * POINTS_PER_FREY_COIN;
      state.freyCoin += coins;
      entry(-coins * POINTS_PER_FREY_COIN, 'exchange');
      return reply.ok({ points: state.points, frey_coin: state.freyCoin }, POINTS_TEXTS.exchanged);
    },
    'GET /api/Shop.Points/myPointsList': ({ query }) => pageOf(query.kind === 'coin' ? [] : state.ledger, query),
    'GET /api/Shop.Points/getProductList': ({ query }) => pageOf(state.products, query),
    'GET /api/Shop.Points/pointsCartList': () => ({ ...makePage(state.cart, 1, 999), points: state.points }),
    'POST /api/Shop.Points/addPointsCart': ({ body }) => {
      const id = (body as { points_product_id: number }).points_product_id;
      const product = state.products.find((p) => p.points_product_id === id);
      if (!product) return reply.refused(POINTS_TEXTS.itemNotFound);
      if (product.stock < 1) return reply.refused(POINTS_TEXTS.itemNoStock);
      const line = state.cart.find((l) => l.points_product_id === id);
      if (line) line.quantity += 1;
      else
        state.cart.push({
          points_cart_id: nextId++,
          points_product_id: id,
          l_name_zh: product.l_name_zh,
          pic: product.pic,
          customer_sale_price: product.customer_sale_price,
          quantity: 1,
          stock: product.stock,
          is_on_shelf: 1,
        });
      return reply.ok(
        state.cart.find((l) => l.points_product_id === id),
        POINTS_TEXTS.added,
      );
    },
    'POST /api/Shop.Points/updatePointsCartQuantity': ({ body }) => {
      const { points_cart_id, quantity } = body as { points_cart_id: number; quantity: number };
      const line = state.cart.find((l) => l.points_cart_id === points_cart_id);
      if (!line) return reply.refused(POINTS_TEXTS.cartNotFound);
      if (quantity < 1 || quantity > 99) return reply.refused(POINTS_TEXTS.quantity);
      line.quantity = quantity;
      return reply.ok(line, '操作成功');
    },
    'GET /api/Shop.Points/delPointsCart': ({ query }) => {
      const ids = String(query.ids).split(',').map(Number);
      state.cart = state.cart.filter((l) => !ids.includes(l.points_cart_id));
      return reply.ok({ deleted: ids.length }, POINTS_TEXTS.deleted);
    },
    'POST /api/Shop.Order/add': ({ body }) => {
      const { points_cart_id, address_id } = body as { points_cart_id: string; address_id: number };
      const ids = String(points_cart_id).split(',').map(Number);
      const lines = state.cart.filter((l) => ids.includes(l.points_cart_id));
      if (lines.length === 0) return reply.refused(POINTS_TEXTS.cartNotFound);
      if (!address_id) return reply.refused(POINTS_TEXTS.addressRequired);
      const total = lines.reduce((n, l) => n + Number(l.customer_sale_price) * l.quantity, 0);
      if (total > state.points) return reply.refused(POINTS_TEXTS.notEnoughPoints);
      state.points -= total;
      entry(-total, 'gift_order');
      const id = nextId++;
      state.gifts.unshift(
        makeGift(id, {
          points_total: total,
          quantity: lines.reduce((n, l) => n + l.quantity, 0),
          first_name: lines[0]!.l_name_zh,
          items: lines.map((l) => ({
            points_product_id: l.points_product_id,
            l_name_zh: l.l_name_zh,
            pic: l.pic,
            points_price: Number(l.customer_sale_price),
            quantity: l.quantity,
            points_amount: Number(l.customer_sale_price) * l.quantity,
          })),
        }),
      );
      state.cart = state.cart.filter((l) => !ids.includes(l.points_cart_id));
      return reply.ok(
        {
          order_id: 0,
          orders_no: '',
          total_amount: '0.00',
          return_data: [],
          repeated: 0,
          gift_order_id: id,
          points_total: total,
        },
        '兑换成功',
      );
    },
    'GET /api/Shop.Gift/list': ({ query }) => {
      const rows = state.gifts
        .filter((g) => !query.status || g.status === query.status)
        .map(
          ({
            items: _i,
            address: _a,
            remark: _r,
            carrier: _c,
            tracking_no: _t,
            shipped_at: _s,
            received_at: _v,
            ...g
          }) => g,
        );
      return pageOf(rows, query);
    },
    'GET /api/Shop.Gift/detail': ({ query }) =>
      state.gifts.find((g) => g.gift_id === Number(query.gift_id)) ?? reply.refused(POINTS_TEXTS.giftNotFound),
    'GET /api/Shop.Gift/confirmReceipt': ({ query }) => {
      const gift = state.gifts.find((g) => g.gift_id === Number(query.gift_id));
      if (!gift) return reply.refused(POINTS_TEXTS.giftNotFound);
      if (gift.status !== 'shipped') return reply.refused(POINTS_TEXTS.giftNotShipped);
      Object.assign(gift, { status: 'received', status_cn: '已签收', received_at: `${TODAY} 12:00:00` });
      return reply.ok(null, POINTS_TEXTS.giftReceived);
    },
  };
}
