/**
 * The message centre's and the live connection's rules without a schema (categories, texts, the
 * socket's protocol), apart from messages.ts so that the shop's header and live connection load
 * them without zod. messages.ts re-exports them.
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

/** shop_tip_list's `type`: 0 every message, 1 unread only, 2 read only. */
export const TIP_LIST_TYPE = { all: 0, unread: 1, read: 2 } as const;

/** readTip's `type`: 1 this message (tip_id), 2 every message (of category_id when given). */
export const READ_TIP_TYPE = { one: 1, all: 2 } as const;

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
