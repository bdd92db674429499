import type { CartItem } from '@shop/core/api/cart';
import type { DevelopmentDetail, DevelopmentItem } from '@shop/core/api/development';
import type { FeedbackDetail, FeedbackItem } from '@shop/core/api/feedback';
import type { ProductRow, ProductRowPage } from '@shop/core/api/parts';
import type { UserProfile } from '@shop/core/api/user';
import { testProductRow, testProfile } from '../fixtures';

/**
 * Factories of the answers the stub server gives: one per domain, each with defaults a test
 * overrides for what it is about.
 */
export const makeProfile = (over: Partial<UserProfile> = {}): UserProfile => testProfile(over);

export const makePartRow = (id: number, over: Partial<ProductRow> = {}): ProductRow => testProductRow(id, over);

/** A page of rows as the list calls answer it. */
export function makePage<T>(list: T[], page = 1, limit = 10, total = list.length) {
  return { total, page, limit, list };
}

export const partFactory = {
  row: makePartRow,
  page: (rows: ProductRow[], page = 1, limit = 10): ProductRowPage => makePage(rows, page, limit),
};

/** A cart line (getList's cart_list) in Guangzhou. */
export function makeCartLine(id: number, over: Partial<CartItem> = {}): CartItem {
  return {
    pd_cart_id: id,
    product_id: 100 + id,
    frey_no: `FR-${id}`,
    number: `OE-${id}`,
    l_name_zh: `配件${id}`,
    l_model_zh: '宝马 5系',
    pic: '',
    price: '10.10',
    quantity: 2,
    tootal_price: '20.20',
    warehouse_type: 1,
    stock: 5,
    beijing_stock: 0,
    is_delisting: 0,
    is_orderable: 1,
    is_coming_soon: 0,
    user_name: 'demo',
    created_at: '2026-11-22T00:00:00.000Z',
    ...over,
  };
}

/** One of the account's feedbacks (index), without a reply unless given. */
export function makeFeedback(id: number, over: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    id,
    text: `反馈内容${id}`,
    file_type: '',
    file_name: '',
    file_size: 0,
    file_url: '',
    reply: '',
    reply_time: null,
    unread: 0,
    created_at: '2026-11-20T02:00:00.000Z',
    ...over,
  };
}

export function makeFeedbackDetail(item: FeedbackItem, replies: FeedbackDetail['replies'] = []): FeedbackDetail {
  return { ...item, unread: 0, replies };
}

/** A development request as the lists answer it (someone else's, not liked, unless given). */
export function makeDevelopment(id: number, over: Partial<DevelopmentItem> = {}): DevelopmentItem {
  return {
    id,
    part_name: `配件需求${id}`,
    vehicle: '宝马 530Li 2019',
    oe_number: `OE${id}`,
    monthly_quantity: 10,
    description: '',
    pictures: [],
    status: 'pending',
    status_text: '待评估',
    like_count: 0,
    liked: 0,
    mine: 0,
    unread: 0,
    created_at: '2026-11-20 10:00:00',
    ...over,
  };
}

export function makeDevelopmentDetail(
  item: DevelopmentItem,
  replies: DevelopmentDetail['replies'] = [],
): DevelopmentDetail {
  return { ...item, unread: 0, replies };
}
