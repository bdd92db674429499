import { z } from 'zod';
import { pageLimit, pageOf } from './page';
import { ID_MAX } from '../constants';
import { idInput } from './id-input';
import { dayFilter } from './fields';
export * from './message-rules';

/**
 * The message centre and the live push (spec.md sections 3 'System message', 'Live push message',
 * 'Unread status', 4 'Messages', 'Live connection' and 7 'Messages and statements'):
 * /api/Tip.Tip/menu_list, shop_tip_list, readTip, /api/Shop.Message/unreadStatus and the socket
 * at /ws. Shared by the server (answers, pushes) and the web app (pages, badge, popups).
 */

/** A menu entry: a category with its unread count. */
export const MessageMenuEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  unread_num: z.number().int(),
});
export type MessageMenuEntry = z.infer<typeof MessageMenuEntry>;

export const MessageMenu = z.object({
  list: z.array(MessageMenuEntry),
  /** Unread messages of every shown category. */
  unread_total: z.number().int(),
  /**
   * The newest message of the account (0: none): the live client's first identity carries it, so
   * a message written between this answer and the socket's opening is pushed all the same.
   */
  last_tip_id: z.number().int(),
});
export type MessageMenu = z.infer<typeof MessageMenu>;

/** A message as the centre lists it (spec.md 'System message'). */
export const SystemMessage = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** Title. */
  tip_name: z.string(),
  /** One line: what the list and the popup show under the title. */
  tip_description: z.string(),
  /** The whole text (the detail page). */
  tip_word: z.string(),
  /** ISO time. */
  create_time: z.string(),
  /** 'YYYY-MM-DD HH:mm' in China time. */
  create_time_text: z.string(),
  read: z.union([z.literal(0), z.literal(1)]),
  is_eject: z.union([z.literal(0), z.literal(1)]),
  pop_type: z.number().int(),
  /** The web path the message is about ('' when none), e.g. /profile/myorder/detail?id=12. */
  link: z.string(),
  /** The order, return or part number it is about ('' when none). */
  number: z.string(),
});
export type SystemMessage = z.infer<typeof SystemMessage>;

export const TipListRequest = z.object({
  limit: pageLimit(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** 0 or absent: every shown category. */
  category_id: z.coerce.number().int().min(0).max(1000).default(0),
  type: z.coerce.number().int().min(0).max(2).default(0),
  /** Part of the title. */
  tip_name: z.string().trim().max(100).default(''),
  /** Part of the order, return or part number. */
  number: z.string().trim().max(100).default(''),
  /** A day 'YYYY-MM-DD' (China time) the message was written on; '' for any. */
  adjust_price_time: dayFilter,
  /** One message by id (the detail page); 0 for none. */
  tip_id: z.coerce.number().int().min(0).max(ID_MAX, '消息编号格式不正确').default(0),
});
export type TipListRequest = z.infer<typeof TipListRequest>;

export const TipList = z.object({ list: z.array(SystemMessage), total: z.number().int() });
export type TipList = z.infer<typeof TipList>;

export const ReadTipRequest = z.object({
  tip_id: z.coerce.number().int().min(0).max(ID_MAX, '消息编号格式不正确').default(0),
  type: z.coerce.number().int().min(1).max(2).default(1),
  category_id: z.coerce.number().int().min(0).max(1000).default(0),
});
export type ReadTipRequest = z.infer<typeof ReadTipRequest>;

export const ReadTipResponse = z.object({ unread_total: z.number().int() });
export type ReadTipResponse = z.infer<typeof ReadTipResponse>;

export const UnreadStatus = z.object({
  development_has_unread: z.union([z.literal(0), z.literal(1)]),
  feedback_has_unread: z.union([z.literal(0), z.literal(1)]),
});
export type UnreadStatus = z.infer<typeof UnreadStatus>;

export const TipIdInput = idInput('消息编号格式不正确');

/**
 * A pushed message (spec.md 'Live push message'), with what the client needs to refresh only
 * the queries it concerns: the web path and the order it is about.
 */
export const PushMessage = z.object({
  tip_id: z.number().int(),
  category_id: z.number().int(),
  tip_name: z.string(),
  pop_type: z.number().int(),
  tip_word: z.string(),
  tip_description: z.string(),
  create_time: z.string(),
  is_eject: z.union([z.literal(0), z.literal(1)]),
  link: z.string(),
  order_id: z.number().int().nullable(),
});
export type PushMessage = z.infer<typeof PushMessage>;

// ---- staff broadcast (/api/admin/messages/broadcast) ----

/** Who receives a broadcast: every dealer account, the companies grouped under a brand, or chosen companies. */
export const BroadcastAudience = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('brand'), brand: z.string().trim().min(1, '请选择品牌').max(50, '品牌名称过长') }),
  z.object({
    type: z.literal('companies'),
    company_ids: z.array(idInput('公司编号不正确')).min(1, '请选择接收的公司').max(5000, '一次最多选择 5000 家公司'),
  }),
]);
export type BroadcastAudience = z.infer<typeof BroadcastAudience>;

export const BroadcastRequest = z.object({
  tip_name: z.string().trim().min(1, '请输入消息标题').max(100, '消息标题不能超过 100 字'),
  tip_word: z.string().trim().min(1, '请输入消息内容').max(5000, '消息内容不能超过 5000 字'),
  /** One line for the list and the popup; '' uses the start of tip_word. */
  tip_description: z.string().trim().max(200, '消息摘要不能超过 200 字').default(''),
  is_eject: z.union([z.literal(0), z.literal(1)]).default(0),
  pop_type: z.union([z.literal(1), z.literal(2)]).default(1),
  audience: BroadcastAudience,
  /**
   * Made by the client once per message it sends (e.g. a UUID): the same key again answers the
   * broadcast already sent instead of sending twice.
   */
  request_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号格式不正确'),
});
export type BroadcastRequest = z.infer<typeof BroadcastRequest>;

export const Broadcast = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  tip_name: z.string(),
  tip_description: z.string(),
  tip_word: z.string(),
  is_eject: z.number().int(),
  pop_type: z.number().int(),
  audience: BroadcastAudience,
  /** Accounts that received it. */
  recipients: z.number().int(),
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  created_at: z.string(),
});
export type Broadcast = z.infer<typeof Broadcast>;

export const BroadcastListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type BroadcastListQuery = z.infer<typeof BroadcastListQuery>;

export const BroadcastList = pageOf(Broadcast);
export type BroadcastList = z.infer<typeof BroadcastList>;

/** GET /api/admin/messages/audience: the brands to pick and the companies matching a keyword. */
export const BroadcastAudienceQuery = z.object({
  /** Part of a company's name, or its id. */
  keyword: z.string().trim().max(50).default(''),
});
export const AUDIENCE_COMPANIES_SHOWN = 20;
export const BroadcastAudienceOptions = z.object({
  /** Every brand grouping of the companies, sorted. */
  brands: z.array(z.string()),
  /** Up to AUDIENCE_COMPANIES_SHOWN companies matching the keyword (by name or id), by id. */
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BroadcastAudienceOptions = z.infer<typeof BroadcastAudienceOptions>;

export const BROADCAST_TEXTS = {
  sent: '消息已发送',
  noRecipients: '没有可接收该消息的账号',
  unknownCompany: '公司不存在',
} as const;
