import { z } from 'zod';
import { pageOf } from './page';
import { ID_MAX } from '../constants';
import { idInput } from './id-input';

/**
 * The message centre and the live push (spec.md sections 3 'System message', 'Live push message',
 * 'Unread status', 4 'Messages', 'Live connection' and 7 'Messages and statements'):
 * /api/Tip.Tip/menu_list, shop_tip_list, readTip, /api/Shop.Message/unreadStatus and the socket
 * at /ws. Shared by the server (answers, pushes) and the web app (pages, badge, popups).
 */

/** The message categories. Category 5 leads to the bill page; category 18 is never shown. */
export const MESSAGE_CATEGORY = {
  order: 1,
  return: 2,
  restock: 3,
  question: 4,
  bill: 5,
  reply: 6,
  priceAdjust: 7,
  announcement: 8,
  hidden: 18,
} as const;
export type MessageCategoryId = (typeof MESSAGE_CATEGORY)[keyof typeof MESSAGE_CATEGORY];

/** The names of the categories the message centre shows, in menu order. */
export const MESSAGE_CATEGORY_NAMES: ReadonlyArray<{ id: MessageCategoryId; name: string }> = [
  { id: MESSAGE_CATEGORY.order, name: '订单消息' },
  { id: MESSAGE_CATEGORY.return, name: '退货消息' },
  { id: MESSAGE_CATEGORY.restock, name: '到货提醒' },
  { id: MESSAGE_CATEGORY.question, name: '咨询回复' },
  { id: MESSAGE_CATEGORY.bill, name: '对账单' },
  { id: MESSAGE_CATEGORY.reply, name: '反馈与开发' },
  { id: MESSAGE_CATEGORY.priceAdjust, name: '调价通知' },
  { id: MESSAGE_CATEGORY.announcement, name: '系统公告' },
];

/** True for the categories a menu may show (spec.md: category 18 is hidden). */
export function isShownCategory(id: number): boolean {
  return id !== MESSAGE_CATEGORY.hidden;
}

/** pop_type 2: the small popup; anything else the normal one. */
export const POP_TYPE_SMALL = 2;

/** Messages are kept this many days (a job deletes older ones). */
export const MESSAGE_KEEP_DAYS = 180;

export const MESSAGE_TEXTS = {
  first: '这是第一条了',
  last: '这是最后一条了',
  invalid: '无效的消息，请反馈',
  connectFailed: 'ws链接连接失败，请检查',
  connected: '消息已连接',
  noWebSocket: '您的浏览器不支持 WebSocket，无法接收实时消息',
  allRead: '已全部标为已读',
} as const;

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

/** shop_tip_list's `type`: 0 every message, 1 unread only, 2 read only. */
export const TIP_LIST_TYPE = { all: 0, unread: 1, read: 2 } as const;

export const TipListRequest = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** 0 or absent: every shown category. */
  category_id: z.coerce.number().int().min(0).max(1000).default(0),
  type: z.coerce.number().int().min(0).max(2).default(0),
  /** Part of the title. */
  tip_name: z.string().trim().max(100).default(''),
  /** Part of the order, return or part number. */
  number: z.string().trim().max(100).default(''),
  /** A day 'YYYY-MM-DD' (China time) the message was written on; '' for any. */
  adjust_price_time: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, '日期格式不正确')
    .default(''),
  /** One message by id (the detail page); 0 for none. */
  tip_id: z.coerce.number().int().min(0).max(ID_MAX, '消息编号格式不正确').default(0),
});
export type TipListRequest = z.infer<typeof TipListRequest>;

export const TipList = z.object({ list: z.array(SystemMessage), total: z.number().int() });
export type TipList = z.infer<typeof TipList>;

/** readTip's `type`: 1 this message (tip_id), 2 every message (of category_id when given). */
export const READ_TIP_TYPE = { one: 1, all: 2 } as const;

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

/**
 * The socket's protocol (spec.md section 4 'Live connection'). The client sends its identity
 * `shop_{subuser_id}`, optionally followed by `:{last tip_id it has}` to receive what it missed;
 * the server answers '1' (accepted) or '0' (refused, then closes), pushes message objects one
 * per frame, and '[]' to clear the popups.
 */
export const LIVE_PATH = '/ws';
export const LIVE_REPLY = { accepted: '1', refused: '0', clearPopups: '[]' } as const;

export function liveIdentity(accountId: number, lastTipId?: number): string {
  return lastTipId ? `shop_${accountId}:${lastTipId}` : `shop_${accountId}`;
}

/** The account id and the last tip_id of an identity frame, or undefined when it is not one. */
export function parseLiveIdentity(frame: string): { accountId: number; lastTipId: number } | undefined {
  const m = /^shop_(\d{1,10})(?::(\d{1,15}))?$/.exec(frame.trim());
  if (!m) return undefined;
  return { accountId: Number(m[1]), lastTipId: m[2] ? Number(m[2]) : 0 };
}

/**
 * Why the server closed a live socket (WebSocket close codes). The client reconnects after any
 * of them except `sessionEnded` and `refused` (it logs in again first); after `catchUp` and
 * `slow` it reconnects with the last tip_id it has and receives what it missed.
 */
export const LIVE_CLOSE = {
  /** The server is shutting down or restarting. */
  goingAway: 1001,
  /** Logout, or the session expired or was ended. */
  sessionEnded: 4001,
  /** Nothing heard for about two keep-alive periods. */
  silent: 4002,
  /** An identity of another account, or a frame that is not an identity. */
  refused: 4003,
  /** Too many frames from the client. */
  tooManyFrames: 4004,
  /** The client reads slower than messages come: its queue was full. */
  slow: 4008,
  /** The server lost news it should have pushed: reconnect with the last tip_id. */
  catchUp: 4012,
} as const;

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

/** 'YYYY-MM-DD HH:mm' in China time, as the message list and the popups show it. */
export function formatPushTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const china = new Date(date.getTime() + 8 * 3_600_000).toISOString();
  return `${china.slice(0, 10)} ${china.slice(11, 16)}`;
}

/**
 * The first line of a text, cut to `max` characters: a message's one-line description (the
 * server writes it; the back office's preview shows the same).
 */
export function oneLine(text: string, max = 80): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export const BROADCAST_TEXTS = {
  sent: '消息已发送',
  noRecipients: '没有可接收该消息的账号',
  unknownCompany: '公司不存在',
} as const;
