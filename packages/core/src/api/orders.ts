import { z } from 'zod';
import { PageFields, pageOf } from './page';
import { idInput } from './id-input';
import { PageRequest } from './parts';
import { RETURN_REASON_MAX, RETURN_PICTURES_MAX, RETURN_TEXTS } from '../return-request';
import { ORDER_STATUSES, RETURN_STATUS_TEXT } from '../order-status';
import { labelKeys } from '../labels';
import { dayFilter, flag01, idsText, money, orderRef, statusFields, trackingFields } from './fields';

export {
  RETURN_FIELDS,
  RETURN_PICTURE_MAX_BYTES,
  RETURN_PICTURES_MAX,
  RETURN_REASON_MAX,
  RETURN_TEXTS,
} from '../return-request';

/**
 * Shapes of the order calls (spec.md section 7 'Orders'; states and rules in docs/orders.md).
 * Field names are spec.md's where it gives them. Money is a string with two decimals.
 */
const warehouseType = z.union([z.literal(1), z.literal(2)]);

/** A JSON list may come as a JSON string (urlencoded and multipart bodies). */
function jsonList<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, z.array(item));
}

const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === 0 || v === '0' ? undefined : v),
  idInput('编号格式不正确').optional(),
);

/** A part as an order's lines show it: its id, brand code, OE number, name and picture. */
const partOfLine = {
  product_id: z.number().int(),
  frey_no: z.string(),
  number: z.string(),
  l_name_zh: z.string(),
  pic: z.string(),
};

export const OrderCartLine = z.object({
  cart_id: idInput('编号格式不正确'),
  product_id: idInput('编号格式不正确'),
  cart_number: z.coerce.number().int().min(0),
  warehouse_type: z.coerce.number().int().min(1).max(2).default(1),
});
export type OrderCartLine = z.infer<typeof OrderCartLine>;

export const REMARK_MAX = 200;

/** POST /api/Shop.Order/add. The server takes quantities and prices from the cart and catalog. */
export const AddOrderRequest = z.object({
  cart: jsonList(OrderCartLine).optional(),
  /** Comma-joined cart line ids; the lines to order (or the cart list's cart_id when absent). */
  pd_cart_ids: idsText.optional(),
  address_id: optionalId,
  remark: z.string().trim().max(REMARK_MAX, `备注不能超过 ${REMARK_MAX} 个字`).optional().default(''),
  points_cart_id: idsText.optional().default(''),
  frey_coin: z.coerce.number().min(0).optional().default(0),
  voucher_orders_id: idsText.optional().default(''),
  /** Two warehouses: the Beijing lines' address and remark. */
  other_address_id: optionalId,
  beijing_remark: z.string().trim().max(REMARK_MAX, `北京仓备注不能超过 ${REMARK_MAX} 个字`).optional().default(''),
  shopv2_activity_flag: z.coerce.number().int().optional(),
  deduction_ratio: z.coerce.number().optional(),
  is_special_approval: z.coerce.number().int().optional(),
  repurchaseProduct: z.unknown().optional(),
  /** Same as the Idempotency-Key header, for clients that cannot set headers. */
  idempotency_key: z.string().max(100).optional(),
});
export type AddOrderRequest = z.input<typeof AddOrderRequest>;

/** A line that could not be supplied in full (return_data). order_type 1 缺货, 2 库存不足. */
export const LackItem = z.object({
  lack_id: z.number().int(),
  ...partOfLine,
  warehouse_type: warehouseType,
  order_type: z.union([z.literal(1), z.literal(2)]),
  order_type_cn: z.string(),
  /** Quantity asked for. */
  quantity: z.number().int(),
  /** Quantity supplied in this order. */
  supplied_number: z.number().int(),
  /** Quantity not supplied. */
  lack_number: z.number().int(),
  price: money,
  /** A restock alert is open for the part (addToSubscription). */
  is_apply: flag01,
});
export type LackItem = z.infer<typeof LackItem>;

export const AddOrderResponse = z.object({
  order_id: z.number().int(),
  orders_no: z.string(),
  total_amount: money,
  /** The voucher's deduction ('0.00' without one). */
  voucher_amount: money,
  return_data: z.array(LackItem),
  /** 1 when this answer is the earlier order of a repeated submit. */
  repeated: flag01,
  /** Points module: the gift order of the points cart lines sent with it, its points, the frey coins used. */
  gift_order_id: z.number().int().optional(),
  points_total: z.number().int().optional(),
  frey_coin: z.number().int().optional(),
  /** 1: past the credit limit, sent with is_special_approval = 1, the order waits for finance staff's approval. */
  awaiting_approval: flag01.optional(),
});
export type AddOrderResponse = z.infer<typeof AddOrderResponse>;

export const OrderIdQuery = z.object({
  order_id: idInput('订单编号不正确'),
});

export const AddressSnapshot = z.object({
  address_id: z.number().int(),
  contacts: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  street: z.string(),
});
export type AddressSnapshot = z.infer<typeof AddressSnapshot>;

export const OrderStatusKey = z.enum(ORDER_STATUSES);

export const PurchaseListRequest = PageRequest.extend({
  status: z
    .union([OrderStatusKey, z.literal('')])
    .optional()
    .default(''),
  /** Order number (part of it). */
  orders_no: z.string().trim().max(40).optional().default(''),
  /** Part number or name in the order. */
  keyword: z.string().trim().max(60).optional().default(''),
  /** yyyy-mm-dd, inclusive. */
  start_date: dayFilter,
  end_date: dayFilter,
  warehouse_type: z.coerce.number().int().min(0).max(2).optional().default(0),
});
export type PurchaseListRequest = z.input<typeof PurchaseListRequest>;

/** An order's amounts: the dealers' and the back office's lists show the same. */
export const orderAmounts = {
  /** The lines' sum. */
  total_amount: money,
  /** The voucher's deduction ('0.00' without one). */
  voucher_amount: money,
  /** What the frey coins took off ('0.00' without; points module). */
  frey_coin_amount: money,
  /** To pay: total_amount less the deductions, never below 0. */
  pay_amount: money,
};

export const OrderSummary = z.object({
  ...orderRef,
  ...statusFields,
  create_date: z.string(),
  ...orderAmounts,
  /** Lines and units supplied. */
  item_count: z.number().int(),
  total_quantity: z.number().int(),
  lack_count: z.number().int(),
  warehouse_types: z.array(warehouseType),
  user_name: z.string(),
  remark: z.string(),
  /** The status still allows cancelling (whoever asks). */
  is_cancellable: flag01,
  /** This account may cancel the order now: the status allows it and it placed the order or is the main account. */
  can_cancel: flag01,
  /** Some package is shipped and not yet received. */
  can_receipt: flag01,
  delivery_count: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const PurchaseListResponse = z.object({
  ...PageFields,
  list: z.array(OrderSummary),
  /** Orders per status for the tabs. */
  status_counts: z.record(z.string(), z.number().int()),
});
export type PurchaseListResponse = z.infer<typeof PurchaseListResponse>;

export const OrderLine = z.object({
  order_item_id: z.number().int(),
  ...partOfLine,
  warehouse_type: warehouseType,
  price: money,
  quantity: z.number().int(),
  total_price: money,
  shipped_quantity: z.number().int(),
  returned_quantity: z.number().int(),
  /** Units the dealer may still ask to return: received, less returned and in open return requests. */
  returnable_quantity: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const DeliverySummary = z.object({
  delivery_id: z.number().int(),
  delivery_no: z.string(),
  ...orderRef,
  warehouse_type: warehouseType,
  ...trackingFields,
  packages: z.number().int(),
  ...statusFields,
  shipped_at: z.string(),
  received_at: z.string(),
  item_count: z.number().int(),
  total_quantity: z.number().int(),
});
export type DeliverySummary = z.infer<typeof DeliverySummary>;

export const OrderDetail = OrderSummary.extend({
  address: AddressSnapshot.nullable(),
  other_address: AddressSnapshot.nullable(),
  beijing_remark: z.string(),
  is_split: flag01,
  items: z.array(OrderLine),
  lack_items: z.array(LackItem),
  deliveries: z.array(DeliverySummary),
  cancelled_at: z.string(),
  completed_at: z.string(),
  /** Points module: frey coins used (frey_coin_amount: the yuan they took off; pay_amount counts them). */
  frey_coin: z.number().int().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const DeliveryIdQuery = z.object({
  delivery_id: idInput('发货单编号不正确'),
});

export const DeliveryLine = z.object({
  ...partOfLine,
  quantity: z.number().int(),
});

export const DeliveryDetail = DeliverySummary.extend({
  address: AddressSnapshot.nullable(),
  items: z.array(DeliveryLine),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetail>;

export const CancelOrderRequest = OrderIdQuery.extend({
  reason: z.string().trim().max(REMARK_MAX).optional().default(''),
});

export const ChangeStatusQuery = OrderIdQuery.extend({
  /** The customer's own moves: completed (confirm receipt of a fully shipped order) or cancelled. */
  status: z.enum(['completed', 'cancelled'], { message: '不支持的订单状态' }),
});

export const BuyAgainRequest = OrderIdQuery.extend({
  /** Comma-joined order_item_ids to buy again; all lines when absent. */
  order_item_ids: idsText.optional().default(''),
});

/** The lines put back into the cart: the cart page checks exactly these. */
export const RepurchaseLine = z.object({
  product_id: z.number().int(),
  warehouse_type: warehouseType,
  quantity: z.number().int(),
});
export const BuyAgainResponse = z.object({
  repurchaseProduct: z.array(RepurchaseLine),
  skipped: z.array(z.object({ product_id: z.number().int(), l_name_zh: z.string(), reason: z.string() })),
});
export type BuyAgainResponse = z.infer<typeof BuyAgainResponse>;

export const RepurchaseProductInfo = z.object({
  ...orderRef,
  list: z.array(
    OrderLine.pick({
      order_item_id: true,
      product_id: true,
      frey_no: true,
      number: true,
      l_name_zh: true,
      pic: true,
      warehouse_type: true,
      quantity: true,
    }).extend({
      /** Today's price and stock in the line's warehouse. */
      price: money,
      stock: z.number().int(),
      is_orderable: flag01,
    }),
  ),
});
export type RepurchaseProductInfo = z.infer<typeof RepurchaseProductInfo>;

export const AddToSubscriptionQuery = z.object({
  order_id: idInput('订单编号不正确'),
  /** Comma-joined lack_ids; all lack items of the order when absent. */
  lack_ids: z.string().optional().default(''),
});
export const AddToSubscriptionResponse = z.object({
  success_ids: z.array(z.number().int()),
  repeated_ids: z.array(z.number().int()),
  in_stock_ids: z.array(z.number().int()),
});

export const ReceiptAllRequest = z.object({
  /** Comma-joined order ids; every shipped package of them is confirmed. */
  order_ids: idsText,
});
export const ReceiptResult = z.object({ received: z.number().int() });

export const ReturnListRequest = PageRequest.extend({
  status: z
    .union([z.enum(labelKeys(RETURN_STATUS_TEXT)), z.literal('')])
    .optional()
    .default(''),
  keyword: z.string().trim().max(40).optional().default(''),
});
export type ReturnListRequest = z.input<typeof ReturnListRequest>;

export const ReturnLine = z.object({
  ...partOfLine,
  quantity: z.number().int(),
  price: money,
  total_price: money,
});

export const ReturnSummary = z.object({
  return_id: z.number().int(),
  return_no: z.string(),
  ...orderRef,
  ...statusFields,
  reason: z.string(),
  staff_note: z.string(),
  total_amount: money,
  total_quantity: z.number().int(),
  create_date: z.string(),
  reviewed_at: z.string(),
});
export type ReturnSummary = z.infer<typeof ReturnSummary>;

export const ReturnListResponse = pageOf(ReturnSummary);
export type ReturnListResponse = z.infer<typeof ReturnListResponse>;

export const ReturnDetailRequest = z.object({
  return_id: idInput('退货单编号不正确'),
});
export const ReturnDetail = ReturnSummary.extend({
  items: z.array(ReturnLine),
  /** 'dealer' (asked from the order's detail) or 'staff' (recorded by customer service). */
  source: z.enum(['dealer', 'staff']),
  /** The dealer's pictures (paths of GET returnPicture, which needs the Authorization header). */
  pictures: z.array(z.string()),
});
export type ReturnDetail = z.infer<typeof ReturnDetail>;

/** getUserMaxFreyCoin: amount is the goods total of the order being settled (optional). */
export const MaxFreyCoinRequest = z.object({
  amount: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, '金额格式不正确'))
    .optional(),
});
export const MaxFreyCoin = z.object({ max_frey_coin: z.number(), frey_coin: z.number(), deduction_ratio: z.number() });
export type MaxFreyCoin = z.infer<typeof MaxFreyCoin>;

/*
 * A dealer's return request (POST /api/Shop.Order/applyReturn, docs/orders.md 'Purchase returns'):
 * lines of one order with units received and not yet returned or asked for, a reason and up to
 * RETURN_PICTURES_MAX pictures. Sent as multipart (fields below, pictures as files named
 * `pictures`) or as JSON without pictures. Limits and texts: ../return-request.ts.
 */
export const ApplyReturnLine = z.object({
  order_item_id: idInput('订单商品编号不正确'),
  quantity: z.coerce.number({ error: '退货数量不正确' }).int('退货数量必须是整数').min(1, '退货数量必须大于 0'),
});
export type ApplyReturnLine = z.infer<typeof ApplyReturnLine>;

export const ReturnReason = z
  .string({ error: RETURN_TEXTS.reasonRequired })
  .trim()
  .min(1, RETURN_TEXTS.reasonRequired)
  .max(RETURN_REASON_MAX, RETURN_TEXTS.reasonTooLong);

export const ApplyReturnRequest = z.object({
  order_id: idInput('订单编号不正确'),
  items: jsonList(ApplyReturnLine).refine((l) => l.length > 0, RETURN_TEXTS.noLines),
  reason: ReturnReason,
  /** One key per opened dialog: a double submit answers the first request. */
  request_key: z
    .string()
    .regex(/^[\w.:-]{8,100}$/, '参数错误：request_key 格式不正确')
    .optional(),
});
export type ApplyReturnRequest = z.input<typeof ApplyReturnRequest>;

export const ApplyReturnResponse = z.object({
  return_id: z.number().int(),
  return_no: z.string(),
  /** 1 when this answers a request already made with the same key. */
  repeated: flag01,
});
export type ApplyReturnResponse = z.infer<typeof ApplyReturnResponse>;

export const ReturnPictureQuery = z.object({
  return_id: idInput('退货单编号不正确'),
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(RETURN_PICTURES_MAX - 1),
});
