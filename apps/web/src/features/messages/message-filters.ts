import { normalizePageSize } from '@shop/core/part-display';
import { CONSTANTS } from '@shop/core/constants';
import { isShownCategory, TIP_LIST_TYPE } from '@shop/core/api/message-rules';
import type { MessageListFilters } from '../../entities/message/message-queries';
import { COOKIE, getCookie, setCookie } from '../../lib/cookies';

/**
 * The message list's filters as they live in the address (strings; '' or the default left out),
 * shared by the list and the detail (whose previous / next stay within the same list).
 */
export const MESSAGE_FILTER_DEFAULTS = {
  category_id: '0',
  type: String(TIP_LIST_TYPE.all),
  tip_name: '',
  number: '',
  adjust_price_time: '',
};
export type MessageFilterParams = typeof MESSAGE_FILTER_DEFAULTS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function whole(value: string, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** The request of one page of the list; an address edited by hand falls back to the defaults. */
export function toListRequest(params: MessageFilterParams, page: number, limit: number): MessageListFilters {
  const category = whole(params.category_id, 0, 1000, 0);
  return {
    category_id: isShownCategory(category) ? category : 0,
    type: whole(params.type, 0, 2, TIP_LIST_TYPE.all),
    tip_name: params.tip_name.trim().slice(0, 100),
    number: params.number.trim().slice(0, 100),
    adjust_price_time: DAY.test(params.adjust_price_time) ? params.adjust_price_time : '',
    page,
    limit,
  };
}

/** The page size of the message list: the system_msg_limit cookie, else 10 (spec.md section 9). */
export function messagePageSize(): number {
  return normalizePageSize(Number(getCookie(COOKIE.systemMsgLimit) ?? CONSTANTS.defaultPageSize));
}

export function rememberMessagePageSize(limit: number): void {
  setCookie(COOKIE.systemMsgLimit, String(limit), CONSTANTS.preferenceCookieDays);
}
