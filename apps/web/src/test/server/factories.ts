import type { AddressItem } from '@shop/core/api/address';
import type { CartItem, PointsCartItem } from '@shop/core/api/cart';
import type { DevelopmentDetail, DevelopmentItem } from '@shop/core/api/development';
import type { FeedbackDetail, FeedbackItem } from '@shop/core/api/feedback';
import type { OrderDetail, OrderLine, OrderSummary } from '@shop/core/api/orders';
import type { ProductDetail, ProductRow, ProductRowPage } from '@shop/core/api/parts';
import type { StudyDetail, StudyItem } from '@shop/core/api/learning';
import type { GiftDetail, PointsProduct } from '@shop/core/api/points';
import type { MarketingItem, PosterTemplate } from '@shop/core/api/posters';
import type { PartnerSaleSummary, ReportGroup, ReportMonth, ReportPart } from '@shop/core/api/report';
import type { ResourceEntry, ResourceRow } from '@shop/core/api/resource-share';
import type { UserProfile } from '@shop/core/api/user';
import { testProductRow, testProfile } from '../fixtures';
import type { MyVoucher, OrderVoucherOption } from '@shop/core/api/coupons';

/**
 * Factories of the answers the stub server gives: one per domain, each with defaults a test
 * overrides for what it is about.
 */
export const makeProfile = (over: Partial<UserProfile> = {}): UserProfile => testProfile(over);

export const makePartRow = (id: number, over: Partial<ProductRow> = {}): ProductRow => testProductRow(id, over);

/** A part's detail (getDetail): the row of makePartRow with no gallery, kit, vehicles nor records. */
export function makePartDetail(id: number, over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...makePartRow(id),
    pic: [],
    l_spec_zh: '',
    l_spec_zh_list: [],
    on_way_stock: 0,
    carlist: [],
    oe_list: [],
    order_list: [],
    product_carousel: null,
    attributes: { box: '', type_name: '', oe_amount: 1, shelf_name: '', color: '', description: '' },
    ...over,
  };
}

const STOCK_FIGURES = [
  'frey_stock',
  'available_stock',
  'beijing_stock',
  'stock_zaitu',
  'my_stock',
  'on_way_stock',
] as const;

/**
 * A part (row or detail) as the server sends it behind the view-stock gate: no stock figure,
 * the state the server decided.
 */
export function gatedPart<T extends Pick<ProductRow, 'product_id'>>(part: T, state: 'tight' | 'normal') {
  const rest: Record<string, unknown> = { ...part };
  for (const key of STOCK_FIGURES) delete rest[key];
  return { ...rest, is_view_stock: 0, stock_state: state } as Omit<T, (typeof STOCK_FIGURES)[number]> & {
    is_view_stock: 0;
    stock_state: 'tight' | 'normal';
  };
}

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

/** A saved address in Guangzhou, neither warehouse's default. */
export function makeAddress(id: number, over: Partial<AddressItem> = {}): AddressItem {
  return {
    address_id: id,
    contacts: `收货人${id}`,
    province: '广东省',
    city: '广州市',
    district: '天河区',
    area_code: '440106',
    mobile: '13912345678',
    street: `天河路 ${id} 号`,
    is_main: 0,
    other_is_main: 0,
    logistics_information: '',
    ...over,
  };
}

/** An order of the list, waiting for shipment, that the account may cancel. */
export function makeOrder(id: number, over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orders_id: id,
    orders_no: `SO20261122000000${id}`,
    status: 'pending_shipment',
    status_cn: '待发货',
    create_date: '2026-11-22 10:00:00',
    total_amount: '120.50',
    voucher_amount: '0.00',
    frey_coin_amount: '0.00',
    pay_amount: '120.50',
    item_count: 2,
    total_quantity: 3,
    lack_count: 0,
    warehouse_types: [1, 2],
    user_name: 'regional_c',
    remark: '',
    is_cancellable: 1,
    can_cancel: 1,
    can_receipt: 0,
    delivery_count: 0,
    ...over,
  };
}

/** An order's detail (the order of makeOrder, without lines unless given). */
export function makeOrderDetail(id: number, over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...makeOrder(id),
    address: null,
    other_address: null,
    beijing_remark: '',
    is_split: 0,
    items: [],
    lack_items: [],
    deliveries: [],
    cancelled_at: '',
    completed_at: '',
    ...over,
  };
}

/** A received order line of which `returnable` units may still be returned. */
export function makeOrderLine(id: number, returnable: number, over: Partial<OrderLine> = {}): OrderLine {
  return {
    order_item_id: id,
    product_id: 100 + id,
    frey_no: `OT-${id}`,
    number: `OE ${id}`,
    l_name_zh: `配件${id}`,
    pic: '',
    warehouse_type: 1,
    price: '10.00',
    quantity: 5,
    total_price: '50.00',
    shipped_quantity: 5,
    returned_quantity: 0,
    returnable_quantity: returnable,
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

/** A voucher of the company as the settlement lists it (usable, 满 300 减 50 on every part). */
export function makeOrderVoucher(id: number, over: Partial<OrderVoucherOption> = {}): OrderVoucherOption {
  return {
    voucher_id: id,
    voucher_orders_id: 100 + id,
    name: `满减券${id}`,
    title: '满 300 减 50',
    value: '50.00',
    threshold: '300.00',
    valid_from: '2026-03-01',
    valid_to: '2026-03-31',
    scope: 'all',
    scope_text: '全部商品',
    activity_id: null,
    uses: 1,
    used: 0,
    eligible_amount: '400.00',
    deduction: '50.00',
    usable: 1,
    reason: '',
    ...over,
  };
}

/** A voucher of the company in /profile/coupon. */
export function makeMyVoucher(id: number, over: Partial<MyVoucher> = {}): MyVoucher {
  const { eligible_amount: _e, deduction: _d, usable: _u, reason: _r, ...base } = makeOrderVoucher(id);
  return { ...base, state: 'usable', state_text: '可使用', orders: [], ...over };
}

/** A points mall item (getProductList) at 300 points with stock 10. */
export function makePointsProduct(id: number, over: Partial<PointsProduct> = {}): PointsProduct {
  return {
    points_product_id: id,
    l_name_zh: `积分赠品 ${id}`,
    pic: '',
    description: '',
    customer_sale_price: '300',
    stock: 10,
    cart_number: 0,
    ...over,
  };
}

/** A gift order of one line of 300 points, pending shipment, to 张三 in Guangzhou. */
export function makeGift(id: number, over: Partial<GiftDetail> = {}): GiftDetail {
  return {
    gift_id: id,
    gift_no: `GF20261126${String(id).padStart(4, '0')}`,
    status: 'pending_shipment',
    status_cn: '待发货',
    points_total: 300,
    quantity: 1,
    order_id: 0,
    create_time: '2026-11-26 10:00:00',
    first_name: `积分赠品 ${id}`,
    first_pic: '',
    items: [
      {
        points_product_id: id,
        l_name_zh: `积分赠品 ${id}`,
        pic: '',
        points_price: 300,
        quantity: 1,
        points_amount: 300,
      },
    ],
    address: {
      address_id: 1,
      contacts: '张三',
      mobile: '13800000000',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      street: '天河路 1 号',
    },
    remark: '',
    carrier: '',
    tracking_no: '',
    shipped_at: '',
    received_at: '',
    ...over,
  };
}

/** A points-mall line of the cart (main accounts). */
export function makePointsCartLine(id: number, over: Partial<PointsCartItem> = {}): PointsCartItem {
  return {
    points_cart_id: id,
    points_product_id: 100 + id,
    l_name_zh: `赠品${id}`,
    pic: '',
    customer_sale_price: '30',
    quantity: 1,
    stock: 10,
    ...over,
  };
}

/** The figures of a report row: 2 parts for 100.00 this period, 1 for 80.00 a year earlier (+25.0%). */
const reportFigures = { quantity: 2, amount: '100.00', last_quantity: 1, last_amount: '80.00', yoy: '25.0' };

/** A month of the partner report against the same month a year earlier. */
export function makeReportMonth(month: string, over: Partial<ReportMonth> = {}): ReportMonth {
  const last = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
  return { month, last_month: last, ...reportFigures, ...over };
}

/** A category or make of the partner report. */
export function makeReportGroup(id: number, name: string, over: Partial<ReportGroup> = {}): ReportGroup {
  return { id, name, ...reportFigures, ...over };
}

/** A part of the partner report. */
export function makeReportPart(id: number, over: Partial<ReportPart> = {}): ReportPart {
  return {
    product_id: id,
    frey_no: `FR${id}`,
    l_name_zh: `刹车片${id}`,
    make_name: '奔驰',
    category_name: '制动系统',
    ...reportFigures,
    ...over,
  };
}

/**
 * The partner report of a period (default 2026-01 to 2026-02): one month row per month, one
 * category, one make and one part, each with the figures of the whole period unless given.
 */
export function makeReportSummary(over: Partial<PartnerSaleSummary> = {}): PartnerSaleSummary {
  const start = over.start_month ?? '2026-01';
  const end = over.end_month ?? '2026-02';
  const lastYear = (m: string) => `${Number(m.slice(0, 4)) - 1}${m.slice(4)}`;
  return {
    start_month: start,
    end_month: end,
    last_start_month: lastYear(start),
    last_end_month: lastYear(end),
    total: { quantity: 4, amount: '200.00', last_quantity: 2, last_amount: '160.00', yoy: '25.0' },
    months: [makeReportMonth(start), makeReportMonth(end)],
    categories: [makeReportGroup(1, '制动系统', { quantity: 4, amount: '200.00' })],
    makes: [makeReportGroup(7, '奔驰', { quantity: 4, amount: '200.00' })],
    parts: [makeReportPart(11, { quantity: 4, amount: '200.00' })],
    part_count: 1,
    ...over,
  };
}

/** Another dealer's shared stock entry: 6 front brake pads at 88.50, with its contact. */
export function makeResourceEntry(id: number, over: Partial<ResourceEntry> = {}): ResourceEntry {
  return {
    id,
    number: `RS-${id}`,
    name: `前刹车片${id}`,
    quantity: 6,
    price: '88.50',
    contact: '王经理 13912345678',
    create_time: '2026-11-26 10:00',
    ...over,
  };
}

/** A row of a resource-share import's preview. */
export function makeResourceRow(row: number, over: Partial<ResourceRow> = {}): ResourceRow {
  return { row, number: `RS-${row}`, name: `配件${row}`, quantity: 3, price: '20.00', ...over };
}

/** An article of the learning centre (category 1 产品知识), not read yet. */
export function makeStudyItem(id: number, over: Partial<StudyItem> = {}): StudyItem {
  return {
    id,
    category_id: 1,
    category_name: '产品知识',
    kind: 'article',
    title: `学习内容${id}`,
    summary: `简介${id}`,
    cover: '',
    published_at: '2026-11-20 10:00',
    progress: 0,
    ...over,
  };
}

/** The detail of a learning item: its body paragraphs, no video unless given. */
export function makeStudyDetail(item: StudyItem, over: Partial<StudyDetail> = {}): StudyDetail {
  return { ...item, body: `${item.title}的第一段。\n\n${item.title}的第二段。`, video_url: '', ...over };
}

/** A marketing material of today, without a suggested template unless given. */
export function makeMarketingItem(id: number, over: Partial<MarketingItem> = {}): MarketingItem {
  return {
    id,
    title: `营销活动${id}`,
    summary: `活动说明${id}`,
    picture: '',
    starts_on: '2026-11-20',
    ends_on: '2026-11-30',
    template_id: 0,
    ...over,
  };
}

/** A published poster template of category 1 that holds up to 2 parts. */
export function makePosterTemplate(id: number, over: Partial<PosterTemplate> = {}): PosterTemplate {
  return {
    id,
    category_id: 1,
    name: `模板${id}`,
    headline: `海报标题${id}`,
    subline: '',
    color_from: '#1d4ed8',
    color_to: '#60a5fa',
    accent: '#facc15',
    max_parts: 2,
    ...over,
  };
}
