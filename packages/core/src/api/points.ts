import { z } from 'zod';
import { idInput } from './id-input';
import { pageOf, pageQuery as pageQueryOf, plainText } from './page';
import { PointsCartItem } from './cart';
import { AddressSnapshot } from './orders';
import { POINTS_CART_QUANTITY_MAX, POINTS_TEXTS } from '../points-rules';
import { labelKeys } from '../labels';
import { companyFields, dayInput, flag01, formRequestKey, idsText, statusFields, trackingFields } from './fields';

/**
 * Points, the points mall, frey coins and gift orders (spec.md sections 3 and 7, docs/points.md):
 * /api/Shop.Points/* and /api/Shop.Gift/*, and the back office's /api/admin/points*.
 */
const text = plainText;
const pageQuery = pageQueryOf(999);
const day = dayInput('日期格式不正确')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const PointsCarousel = z.object({ picture: z.string(), address: z.string() });

/** GET index: the points overview (spec.md section 3) and this month's sign-ins. */
export const PointsOverview = z.object({
  max_frey_coin: z.number().int(),
  frey_coin: z.number().int(),
  fullname: z.string(),
  points: z.number().int(),
  rule_description: z.string(),
  todaySignedIn: flag01,
  consumed_frey_coin: z.number().int(),
  consumed_points: z.number().int(),
  carousels: z.array(PointsCarousel),
  /** Today in China ('2026-03-10') and the days of its month signed in on. */
  today: z.string(),
  signed_days: z.array(z.number().int()),
  sign_in_points: z.number().int(),
  points_per_frey_coin: z.number().int(),
  deduction_ratio: z.number(),
  /** Points that expire within 30 days, and the earliest such moment ('' when none). */
  expiring_points: z.number().int(),
  expiring_at: z.string(),
});
export type PointsOverview = z.infer<typeof PointsOverview>;

export const SignInResult = z.object({
  points: z.number().int(),
  sign_in_points: z.number().int(),
  todaySignedIn: flag01,
});
export type SignInResult = z.infer<typeof SignInResult>;

/** A mall item as dealers see it (getProductList). customer_sale_price: its price in points. */
export const PointsProduct = z.object({
  points_product_id: z.number().int(),
  l_name_zh: z.string(),
  pic: z.string(),
  description: z.string(),
  customer_sale_price: z.string(),
  stock: z.number().int(),
  cart_number: z.number().int(),
});
export type PointsProduct = z.infer<typeof PointsProduct>;

export const PointsProductListQuery = z.object({
  ...pageQuery,
  keyword: text(50, '关键词过长').optional().default(''),
});
export const PointsProductList = pageOf(PointsProduct);
export type PointsProductList = z.infer<typeof PointsProductList>;

const quantity = z.coerce
  .number({ error: POINTS_TEXTS.quantity })
  .int(POINTS_TEXTS.quantity)
  .min(1, POINTS_TEXTS.quantity)
  .max(POINTS_CART_QUANTITY_MAX, POINTS_TEXTS.quantity);

export const AddPointsCartRequest = z.object({
  points_product_id: idInput(POINTS_TEXTS.itemNotFound),
  quantity: quantity.optional().default(1),
});
export const PointsCartIdRequest = z.object({ points_cart_id: idInput(POINTS_TEXTS.cartNotFound) });
export const UpdatePointsCartRequest = PointsCartIdRequest.extend({ quantity });
export const DelPointsCartQuery = z.object({ ids: idsText });

/** A line of the points cart (spec.md's points cart item plus what the cart page shows). */
export const PointsCartLine = PointsCartItem.extend({ is_on_shelf: flag01 });
export type PointsCartLine = z.infer<typeof PointsCartLine>;

export const PointsCartListQuery = z.object(pageQuery);
export const PointsCartList = pageOf(PointsCartLine).extend({ points: z.number().int() });
export type PointsCartList = z.infer<typeof PointsCartList>;

export const ExchangeFreyCoinRequest = z.object({
  frey_coin: z.coerce
    .number({ error: POINTS_TEXTS.exchangeCount })
    .int(POINTS_TEXTS.exchangeCount)
    .min(1, POINTS_TEXTS.exchangeCount)
    .max(100_000, POINTS_TEXTS.exchangeCount),
});
export const ExchangeResult = z.object({ points: z.number().int(), frey_coin: z.number().int() });

/** myPointsList: the points ledger (kind=points) or the coin ledger (kind=coin), newest first. */
export const LedgerQuery = z.object({
  ...pageQuery,
  kind: z.enum(['points', 'coin'], { message: '明细类型不正确' }).optional().default('points'),
  cause: z
    .string()
    .max(40)
    .regex(/^[a-z_]*$/, '变动原因不正确')
    .optional()
    .default(''),
  /** 1 only gains, 2 only spendings. */
  direction: z.coerce.number().int().min(0).max(2).optional().default(0),
  start_date: day,
  end_date: day,
});
export type LedgerQuery = z.input<typeof LedgerQuery>;

export const LedgerEntry = z.object({
  id: z.number().int(),
  change: z.number().int(),
  balance_after: z.number().int(),
  cause: z.string(),
  cause_cn: z.string(),
  note: z.string(),
  create_time: z.string(),
  /** When the points of a gain expire ('' for spendings and coins). */
  expires_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const LedgerList = pageOf(LedgerEntry);
export type LedgerList = z.infer<typeof LedgerList>;

// ---- gift orders ----

export const GIFT_STATUS = {
  pending_shipment: '待发货',
  shipped: '已发货',
  received: '已签收',
  cancelled: '已取消',
} as const;
export type GiftStatus = keyof typeof GIFT_STATUS;

export const GiftListQuery = z.object({
  ...pageQuery,
  status: z
    .enum(['', ...labelKeys(GIFT_STATUS)], { message: '状态不正确' })
    .optional()
    .default(''),
});
export const GiftIdQuery = z.object({ gift_id: idInput(POINTS_TEXTS.giftNotFound) });

export const GiftSummary = z.object({
  gift_id: z.number().int(),
  gift_no: z.string(),
  ...statusFields,
  points_total: z.number().int(),
  quantity: z.number().int(),
  /** The parts order placed with it (0: a gift order alone). */
  order_id: z.number().int(),
  create_time: z.string(),
  first_name: z.string(),
  first_pic: z.string(),
});
export type GiftSummary = z.infer<typeof GiftSummary>;
export const GiftList = pageOf(GiftSummary);
export type GiftList = z.infer<typeof GiftList>;

export const GiftLine = z.object({
  points_product_id: z.number().int(),
  l_name_zh: z.string(),
  pic: z.string(),
  points_price: z.number().int(),
  quantity: z.number().int(),
  points_amount: z.number().int(),
});
export const GiftDetail = GiftSummary.extend({
  items: z.array(GiftLine),
  address: AddressSnapshot.nullable(),
  remark: z.string(),
  ...trackingFields,
  shipped_at: z.string(),
  received_at: z.string(),
});
export type GiftDetail = z.infer<typeof GiftDetail>;

// ---- back office ----

export const MallItemInput = z.object({
  name: text(60, '名称最多 60 个字').pipe(z.string().min(1, '请填写名称')),
  description: text(500, '说明最多 500 个字').optional().default(''),
  /** The picture's address as /api/admin/points/media answered it ('' for none). */
  pic: z
    .string()
    .trim()
    .max(300)
    .regex(/^(\/media\/[\w./-]+)?$/, '图片地址不正确')
    .optional()
    .default(''),
  points_price: z.coerce
    .number({ error: '积分价格必须是正整数' })
    .int('积分价格必须是正整数')
    .min(1, '积分价格必须是正整数')
    .max(10_000_000),
  stock: z.coerce.number({ error: '库存必须是整数' }).int('库存必须是整数').min(0, '库存不能小于 0').max(1_000_000),
  on_shelf: z.coerce.number().int().min(0).max(1).optional().default(1),
  sort: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  /**
   * Editing: the stock the form showed. Exchanges meanwhile are kept: a form that leaves the
   * stock as shown keeps the stock as it is now; one that changes it is refused if it moved.
   */
  expected_stock: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type MallItemInput = z.input<typeof MallItemInput>;

export const MallItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  pic: z.string(),
  points_price: z.number().int(),
  stock: z.number().int(),
  on_shelf: flag01,
  sort: z.number().int(),
  updated_at: z.string(),
});
export type MallItem = z.infer<typeof MallItem>;
export const MallItemList = pageOf(MallItem);
export type MallItemList = z.infer<typeof MallItemList>;
export const MallItemListQuery = z.object({ ...pageQuery, keyword: text(50, '关键词过长').optional().default('') });

export const AdminGiftListQuery = GiftListQuery.extend({ keyword: text(50, '关键词过长').optional().default('') });
export const AdminGift = GiftDetail.extend({ company_id: z.number().int(), company_name: z.string() });
export type AdminGift = z.infer<typeof AdminGift>;
export const AdminGiftList = pageOf(AdminGift.omit({ items: true }));
export type AdminGiftList = z.infer<typeof AdminGiftList>;
export const GiftShipInput = z.object({
  carrier: text(40, '物流公司最多 40 个字').pipe(z.string().min(1, '请填写物流公司')),
  tracking_no: text(60, '运单号最多 60 个字').pipe(z.string().min(1, '请填写运单号')),
});

export const CompanyPoints = z.object({
  ...companyFields,
  points: z.number().int(),
  frey_coin: z.number().int(),
  ledger: LedgerList,
});
export type CompanyPoints = z.infer<typeof CompanyPoints>;
export const PointsAdjustInput = z.object({
  kind: z.enum(['points', 'coin'], { message: '调整类型不正确' }).optional().default('points'),
  change: z.coerce.number({ error: '调整数量必须是整数' }).int('调整数量必须是整数').min(-1_000_000).max(1_000_000),
  reason: text(200, '原因最多 200 个字').pipe(z.string().min(1, POINTS_TEXTS.reasonRequired)),
  /** The opened form's key: a double submit or a retry of it adjusts once. */
  request_key: formRequestKey.optional(),
});
export type PointsAdjustInput = z.input<typeof PointsAdjustInput>;
