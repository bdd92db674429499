import type { DevelopmentItem } from '@shop/core/api/development';
import type { FeedbackItem } from '@shop/core/api/feedback';
import type { ProductRow } from '@shop/core/api/parts';
import type { UserProfile } from '@shop/core/api/user';
import { makeDevelopmentDetail, makeFeedbackDetail, makeProfile } from './factories';
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

/** The cart: add (answers the line), count, an empty list. */
export function cartHandlers(): StubRoutes {
  let lines = 0;
  let total = 0;
  return {
    'POST /api/Shop.Cart/add': ({ body }) => {
      const { quantity } = body as { quantity: number };
      lines += 1;
      total += quantity;
      return reply.ok({ pd_cart_id: lines, quantity }, '操作成功');
    },
    'GET /api/Shop.Cart/count': () => ({ cart_number: lines, total_quantity: total }),
    'POST /api/Shop.Cart/getList': () => ({ cart_list: [], points_cart_list: [], is_settlement: 1 }),
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
