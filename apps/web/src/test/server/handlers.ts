import type { AddressItem } from '@shop/core/api/address';
import type { BatchSearchResult } from '@shop/core/api/bulk-search';
import type { CartItem, PointsCartItem } from '@shop/core/api/cart';
import type { ActivitySummary, MyVoucher, OrderVoucherOption } from '@shop/core/api/coupons';
import type { DevelopmentItem } from '@shop/core/api/development';
import type { FeedbackItem } from '@shop/core/api/feedback';
import type { HomeIndex } from '@shop/core/api/home';
import type { BuyAgainResponse, OrderDetail, OrderSummary, PurchaseListResponse } from '@shop/core/api/orders';
import type { HotSalesAndSearch, ProductDetail, ProductRow, ProductRowPage, QuestionList } from '@shop/core/api/parts';
import type { UserProfile } from '@shop/core/api/user';
import {
  makeAddress,
  makeDevelopmentDetail,
  makeFeedbackDetail,
  makeOrderDetail,
  makePage,
  makeProfile,
} from './factories';
import { reply, type StubRoutes } from './stub-server';

/**
 * Per-domain route sets for the stub server, each answering like the server does for the
 * common case; a test spreads the ones it needs and overrides single routes.
 */

/** The logged-in account: info (the route guard, header, rows) and index. */
export function userHandlers(profile: UserProfile = makeProfile()): StubRoutes {
  return {
    'GET /api/Shop.User/info': () => profile,
  };
}

/**
 * What the shop's frame asks on every page: the account, login and logout, the header's cart and
 * hot keywords (none).
 */
export function shopLayoutHandlers(profile: UserProfile = makeProfile()): StubRoutes {
  return {
    ...userHandlers(profile),
    ...cartHandlers(),
    'POST /api/Shop.User/login': () =>
      reply.ok(
        { token: 'new', expires_at: new Date(Date.now() + 86_400_000).toISOString(), user: profile },
        '登录成功',
      ),
    'POST /api/Shop.User/logout': () => reply.ok(null, '退出成功'),
    'GET /api/Shop.Index/hot_keywords_list': () => ({ hot_keywords: '' }),
  };
}

/**
 * A part's actions: favourite toggle (flips per part), the stock call (the row's figures, or
 * `stock`), the restock alert (refused as a repeat the second time, as the server does).
 */
export function partHandlers(
  options: { stock?: Partial<ProductRow> & Pick<ProductRow, 'product_id'>; favourites?: Set<number> } = {},
): StubRoutes {
  const favourites = options.favourites ?? new Set<number>();
  const alerts = new Set<number>();
  return {
    'POST /api/Shop.Collection/toggle': ({ body }) => {
      const id = (body as { product_id: number }).product_id;
      if (favourites.has(id)) favourites.delete(id);
      else favourites.add(id);
      return { is_sub: favourites.has(id) ? 1 : 0 };
    },
    'GET /api/Shop.Accessory/getProductStock': ({ query }) => ({
      product_id: Number(query.product_id),
      frey_stock: 8,
      beijing_stock: 0,
      available_stock: 8,
      my_stock: 8,
      stock_zaitu: 0,
      is_view_stock: 1,
      ...options.stock,
    }),
    'POST /api/Shop.Accessory/applyForReplenishment': ({ body }) => {
      const id = (body as { product_id: number }).product_id;
      if (alerts.has(id)) return reply.refused('已提交，不能重复提交');
      alerts.add(id);
      return null;
    },
  };
}

/**
 * The cart as the server keeps it: `cart.lines` (read at each call, so a test may replace them)
 * listed, counted and changed by addMore; add answers the new line. `cart.points` are the
 * points-mall lines merged for a main account.
 */
export function cartHandlers(cart: { lines?: CartItem[]; points?: PointsCartItem[] } = {}): StubRoutes {
  let added = 0;
  let addedQuantity = 0;
  const lines = () => cart.lines ?? [];
  const unique = (values: string[]) => [...new Set(values)];
  return {
    'POST /api/Shop.Cart/add': ({ body }) => {
      const { quantity } = body as { quantity: number };
      added += 1;
      addedQuantity += quantity;
      return reply.ok({ pd_cart_id: lines().length + added, quantity }, '操作成功');
    },
    'GET /api/Shop.Cart/count': () => ({
      cart_number: lines().length + added,
      total_quantity: lines().reduce((n, l) => n + l.quantity, addedQuantity),
    }),
    'POST /api/Shop.Cart/getList': () => ({
      cart_list: lines(),
      points_cart_list: cart.points ?? [],
      is_settlement: lines().length || added ? 1 : 0,
    }),
    'GET /api/Shop.Cart/paramsList': () => ({
      l_model_zh_list: unique(lines().map((l) => l.l_model_zh)),
      user_name_list: unique(lines().map((l) => l.user_name)),
    }),
    'POST /api/Shop.Cart/addMore': ({ body }) => {
      const { pd_cart_id, quantity } = body as { pd_cart_id: number; quantity: number };
      cart.lines = lines().map((l) => (l.pd_cart_id === pd_cart_id ? { ...l, quantity } : l));
      return { pd_cart_id, quantity };
    },
  };
}

/** The address book as the server keeps it: a save answers the id and shows in the next list. */
export function addressHandlers(addresses: AddressItem[] = []): StubRoutes {
  let next = 20;
  return {
    'GET /api/Shop.Address/getAddress': () => ({ list: addresses }),
    'POST /api/Shop.Address/addAddress': ({ body }) => {
      const address = makeAddress(next++, body as Partial<AddressItem>);
      addresses.push(address);
      return reply.ok({ address_id: address.address_id }, '添加成功');
    },
    'POST /api/Shop.Address/editAddress': ({ body }) => {
      const edited = body as AddressItem;
      const i = addresses.findIndex((a) => a.address_id === edited.address_id);
      if (i < 0) return reply.refused('地址不存在');
      addresses[i] = { ...addresses[i]!, ...edited };
      return reply.ok({ address_id: edited.address_id }, '修改成功');
    },
  };
}

/**
 * The company's orders: the list filtered by the status tab with the counts per status, the
 * detail, cancel (the order becomes cancelled) and buy again (answers `repurchase`).
 */
export function orderHandlers(
  orders: OrderSummary[] = [],
  options: { detail?: (id: number) => OrderDetail; repurchase?: BuyAgainResponse } = {},
): StubRoutes {
  const countOf = (status: string) => orders.filter((o) => o.status === status).length;
  return {
    'POST /api/Shop.Order/getPurchaseList': ({ body }) => {
      const { status = '', page = 1, limit = 10 } = body as { status?: string; page?: number; limit?: number };
      const rows = orders.filter((o) => !status || o.status === status);
      const counts: Record<string, number> = { all: orders.length };
      for (const o of orders) counts[o.status] = countOf(o.status);
      return { ...makePage(rows, page, limit), status_counts: counts } satisfies PurchaseListResponse;
    },
    'GET /api/Shop.Order/getDetail': ({ query }) => {
      const id = Number(query.order_id);
      if (options.detail) return options.detail(id);
      const order = orders.find((o) => o.orders_id === id);
      return order ? makeOrderDetail(id, order) : reply.refused('订单不存在');
    },
    'POST /api/Shop.Order/cancelOrder': ({ body }) => {
      const id = (body as { order_id: number }).order_id;
      const i = orders.findIndex((o) => o.orders_id === id);
      if (i < 0) return reply.refused('订单不存在');
      orders[i] = { ...orders[i]!, status: 'cancelled', status_cn: '已取消', can_cancel: 0, is_cancellable: 0 };
      return reply.ok(null, '订单已取消，库存已退回');
    },
    'POST /api/Shop.Order/buyAgain': () =>
      reply.ok(options.repurchase ?? { repurchaseProduct: [], skipped: [] }, '已加入购物车'),
  };
}

/** The favourites list (page of rows) kept with the favourite toggle of partHandlers. */
export function collectionHandlers(rows: ProductRow[] = []): StubRoutes {
  const favourites = new Set(rows.map((r) => r.product_id));
  const parts = partHandlers({ favourites });
  return {
    'POST /api/Shop.Collection/list': ({ body }) => {
      const { page = 1, limit = 10 } = body as { page?: number; limit?: number };
      const list = rows.filter((r) => favourites.has(r.product_id));
      return makePage(list, page, limit);
    },
    'POST /api/Shop.Collection/toggle': parts['POST /api/Shop.Collection/toggle']!,
  };
}

/**
 * A part's detail page: the detail (an unknown id is refused as the server does), its questions
 * (none unless given; marking read and asking answer success) and no videos.
 */
export function partDetailHandlers(
  detail: ProductDetail,
  questions: QuestionList = { list: [], has_unread: 0 },
): StubRoutes {
  return {
    'GET /api/Shop.Accessories/getDetail': ({ query }) =>
      Number(query.id) === detail.product_id ? detail : reply.refused('商品不存在'),
    'GET /api/Shop.RelatedQuestions/getList': () => questions,
    'POST /api/Shop.RelatedQuestions/markAllAsRead': () => null,
    'POST /api/Shop.RelatedQuestions/add': () => reply.ok(null, '提问成功，请等待回复'),
    'POST /api/Tools.Video/search': () => ({ data: [] }),
  };
}

/** The hot-sales and hot-search ranks beside the search results (empty unless given). */
export function hotRankHandlers(ranks: HotSalesAndSearch = { hot_sales_list: [], hot_search_list: [] }): StubRoutes {
  return { 'GET /api/Shop.Index/getHotSalesAndHotSearchList': () => ranks };
}

type SearchRequest = { keyword: string; page: number; limit: number };

/**
 * The searches of the result page: the keyword search (a page from `search`), the multi-number
 * search (the `batch` result for the keyword), batch add to the cart, and the hot ranks.
 */
export function searchHandlers(
  answers: {
    search?: (request: SearchRequest) => ProductRowPage;
    batch?: BatchSearchResult | ((keyword: string) => BatchSearchResult);
  } = {},
): StubRoutes {
  const { search, batch } = answers;
  return {
    ...hotRankHandlers(),
    'POST /api/Shop.Accessory/index': ({ body }) =>
      search
        ? search(body as SearchRequest)
        : makePage([], (body as SearchRequest).page, (body as SearchRequest).limit),
    'POST /api/Shop.Accessory/batchSearch': ({ body }) => {
      const { keyword } = body as { keyword: string };
      if (typeof batch === 'function') return batch(keyword);
      return batch ?? { groups: [], found: 0, not_found: 0 };
    },
    'POST /api/Shop.Cart/batchAdd': () => ({ lines: [] }),
  };
}

/**
 * The catalog (Shop.Index): the home index (categories, carousel, recommends; all empty unless
 * given), the parts of a list (`parts`: all of them, paged as the server does), a category's
 * children (an unknown id is refused as the server does).
 */
export function catalogHandlers(
  catalog: { home?: Partial<HomeIndex>; parts?: ProductRow[]; children?: Record<number, unknown> } = {},
): StubRoutes {
  return {
    'GET /api/Shop.Index/index': () => ({
      shop_carousel_list: [],
      hot_recommends: [],
      category_list: [],
      ...catalog.home,
    }),
    'POST /api/Shop.Index/product_list': ({ body }) => {
      const { page = 1, limit = 10 } = body as { page?: number; limit?: number };
      const parts = catalog.parts ?? [];
      return makePage(parts.slice((page - 1) * limit, page * limit), page, limit, parts.length);
    },
    'GET /api/Shop.Index/getCategoryChild': ({ query }) =>
      catalog.children?.[Number(query.product_type_id)] ?? reply.refused('分类不存在'),
  };
}

function pageOf<T>(list: T[], query: Record<string, string>) {
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? 10);
  return { list: list.slice((page - 1) * limit, page * limit), total: list.length };
}

/**
 * The account's feedback: index (paged, newest first as given), detail (marks read), mark all
 * read, add (JSON, prepended) and the unread status, all over one list the test passes in.
 */
export function feedbackHandlers(items: FeedbackItem[] = []): StubRoutes {
  const unreadStatus = () => ({ feedback_has_unread: items.some((f) => f.unread === 1) ? 1 : 0 });
  return {
    'GET /api/Shop.ShopFeedback/index': ({ query }) => pageOf(items, query),
    'GET /api/Shop.ShopFeedback/detail': ({ query }) => {
      const item = items.find((f) => f.id === Number(query.id));
      if (!item) return reply.refused('反馈不存在');
      item.unread = 0;
      return makeFeedbackDetail(item, item.reply ? [{ content: item.reply, created_at: item.reply_time ?? '' }] : []);
    },
    'POST /api/Shop.ShopFeedback/markAllAsRead': () => {
      for (const f of items) f.unread = 0;
      return reply.ok(null, '已全部标记为已读');
    },
    'GET /api/Shop.Message/unreadStatus': () => ({ development_has_unread: 0, ...unreadStatus() }),
  };
}

/**
 * 'I want to develop' over one list: list (sort new as given, hot by likes), myList (mine = 1),
 * detail of one's own, like (once, as the server: a second answers '您已经点过赞了'), add (JSON,
 * prepended as the account's), mark all read, and the unread status.
 */
export function developmentHandlers(items: DevelopmentItem[] = []): StubRoutes {
  let nextId = 1000;
  return {
    'GET /api/Shop.CustomerProductDevelopment/list': ({ query }) => {
      const sorted = query.sort === 'hot' ? [...items].sort((a, b) => b.like_count - a.like_count) : items;
      return pageOf(sorted, query);
    },
    'GET /api/Shop.CustomerProductDevelopment/myList': ({ query }) =>
      pageOf(
        items.filter((r) => r.mine === 1),
        query,
      ),
    'GET /api/Shop.CustomerProductDevelopment/detail': ({ query }) => {
      const item = items.find((r) => r.id === Number(query.id) && r.mine === 1);
      if (!item) return reply.refused('开发需求不存在');
      item.unread = 0;
      return makeDevelopmentDetail(item);
    },
    'POST /api/Shop.CustomerProductDevelopment/like': ({ body }) => {
      const item = items.find((r) => r.id === (body as { id: number }).id);
      if (!item) return reply.refused('开发需求不存在');
      if (item.liked === 1) return reply.refused('您已经点过赞了');
      item.liked = 1;
      item.like_count += 1;
      return reply.ok({ like_count: item.like_count }, '点赞成功');
    },
    'POST /api/Shop.CustomerProductDevelopment/add': ({ body }) => {
      const fields = body as Record<string, string>;
      nextId += 1;
      items.unshift({
        id: nextId,
        part_name: fields.part_name ?? '',
        vehicle: fields.vehicle ?? '',
        oe_number: fields.oe_number ?? '',
        monthly_quantity: Number(fields.monthly_quantity),
        description: fields.description ?? '',
        pictures: [],
        status: 'pending',
        status_text: '待评估',
        like_count: 0,
        liked: 0,
        mine: 1,
        unread: 0,
        created_at: '2026-11-26 10:00:00',
      });
      return reply.ok({ id: nextId }, '提交成功');
    },
    'POST /api/Shop.CustomerProductDevelopment/markAllAsRead': () => {
      for (const r of items) r.unread = 0;
      return reply.ok(null, '已全部标记为已读');
    },
    'GET /api/Shop.Message/unreadStatus': () => ({
      development_has_unread: items.some((r) => r.unread === 1) ? 1 : 0,
      feedback_has_unread: 0,
    }),
  };
}

/**
 * Vouchers and activities (Shop.ActivityProductV2): the settlement's options, the account
 * centre's tabs (by state), the activity zone (no activity unless given) and claims.
 */
export function couponHandlers(
  data: { options?: OrderVoucherOption[]; mine?: MyVoucher[]; activity?: ActivitySummary; parts?: ProductRow[] } = {},
): StubRoutes {
  return {
    'POST /api/Shop.ActivityProductV2/getOrdersVoucherMsg': () => ({ list: data.options ?? [] }),
    'GET /api/Shop.ActivityProductV2/myVoucherList': ({ query }) => {
      const rows = (data.mine ?? []).filter((v) => v.state === (query.state ?? 'usable'));
      return makePage(rows, Number(query.page ?? 1), Number(query.limit ?? 10));
    },
    'POST /api/Shop.ActivityProductV2/getSlideSecActivity': () => (data.activity ? [data.activity] : []),
    'POST /api/Shop.ActivityProductV2/getList': ({ body }) => {
      if (!data.activity) return reply.refused('活动不存在或已结束');
      const { page = 1, limit = 10 } = body as { page?: number; limit?: number };
      return { ...makePage(data.parts ?? [], page, limit), activity: data.activity, activities: [data.activity] };
    },
    'GET /api/Shop.ActivityProductV2/getActivityVoucher': () => [],
    'POST /api/Shop.ActivityProductV2/sendVoucherNum': () =>
      reply.ok({ voucher_orders_id: 1, uses: 1, used: 0 }, '领取成功'),
  };
}
