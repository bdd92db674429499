import {
  isShownCategory,
  MESSAGE_CATEGORY,
  MESSAGE_CATEGORY_NAMES,
  READ_TIP_TYPE,
  TIP_LIST_TYPE,
  type MessageMenu,
  type PushMessage,
  type SystemMessage,
  type TipList,
} from '@shop/core/api/messages';
import type { StubCall, StubRoutes } from './stub-server';

/**
 * The message centre as the stub server answers it: an in-memory mailbox of one account that
 * menu_list counts, shop_tip_list filters and pages (newest first) and readTip marks, as
 * Tip.Tip does on the server.
 */
export function makeMessage(id: number, over: Partial<SystemMessage> = {}): SystemMessage {
  const day = String(1 + (id % 28)).padStart(2, '0');
  return {
    id,
    category_id: MESSAGE_CATEGORY.order,
    tip_name: `订单已发货 ${id}`,
    tip_description: `您的订单 SO${id} 已发货`,
    tip_word: `您的订单 SO${id} 已发货，请留意查收。`,
    create_time: `2026-11-${day}T02:00:00.000Z`,
    create_time_text: `2026-11-${day} 10:00`,
    read: 0,
    is_eject: 0,
    pop_type: 1,
    link: '',
    number: `SO${id}`,
    ...over,
  };
}

/** The push of a message as the socket sends it. */
export function makePush(tipId: number, over: Partial<PushMessage> = {}): PushMessage {
  const m = makeMessage(tipId);
  return {
    tip_id: tipId,
    category_id: m.category_id,
    tip_name: m.tip_name,
    pop_type: 1,
    tip_word: m.tip_word,
    tip_description: m.tip_description,
    create_time: m.create_time,
    is_eject: 1,
    link: '',
    order_id: null,
    ...over,
  };
}

export interface Mailbox {
  messages: SystemMessage[];
}

function body(call: StubCall): Record<string, unknown> {
  return { ...call.query, ...((call.body as Record<string, unknown> | undefined) ?? {}) };
}

export function messageHandlers(mailbox: Mailbox = { messages: [] }): StubRoutes {
  const shown = () => mailbox.messages.filter((m) => isShownCategory(m.category_id));
  return {
    'GET /api/Tip.Tip/menu_list': (): MessageMenu => {
      const list = MESSAGE_CATEGORY_NAMES.map(({ id, name }) => ({
        id,
        name,
        unread_num: shown().filter((m) => m.category_id === id && m.read === 0).length,
      }));
      // The server never lists category 18; the stub adds it to prove the client hides it too.
      list.push({ id: MESSAGE_CATEGORY.hidden, name: '隐藏分类', unread_num: 1 });
      return {
        list,
        unread_total: shown().filter((m) => m.read === 0).length,
        last_tip_id: Math.max(0, ...mailbox.messages.map((m) => m.id)),
      };
    },
    'POST /api/Tip.Tip/shop_tip_list': (call): TipList => {
      const b = body(call);
      const tipId = Number(b.tip_id ?? 0);
      const limit = Number(b.limit ?? 10);
      const page = Number(b.page ?? 1);
      const category = Number(b.category_id ?? 0);
      const type = Number(b.type ?? 0);
      const matching = shown()
        .filter((m) => (tipId ? m.id === tipId : true))
        .filter((m) => (category ? m.category_id === category : true))
        .filter((m) =>
          type === TIP_LIST_TYPE.unread ? m.read === 0 : type === TIP_LIST_TYPE.read ? m.read === 1 : true,
        )
        .filter((m) => m.tip_name.includes(String(b.tip_name ?? '')))
        .filter((m) => m.number.includes(String(b.number ?? '')))
        .filter((m) => (b.adjust_price_time ? m.create_time_text.startsWith(String(b.adjust_price_time)) : true))
        .sort((a, b2) => b2.id - a.id);
      return { list: matching.slice((page - 1) * limit, page * limit), total: matching.length };
    },
    'POST /api/Tip.Tip/readTip': (call) => {
      const b = body(call);
      for (const m of mailbox.messages) {
        const hit =
          Number(b.type) === READ_TIP_TYPE.one
            ? m.id === Number(b.tip_id)
            : !Number(b.category_id) || m.category_id === Number(b.category_id);
        if (hit) m.read = 1;
      }
      return { unread_total: shown().filter((m) => m.read === 0).length };
    },
  };
}
