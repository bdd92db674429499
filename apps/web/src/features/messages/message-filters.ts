import { normalizePageSize } from '@shop/core/part-display';
import { CONSTANTS } from '@shop/core/constants';
import { isShownCategory, TIP_LIST_TYPE } from '@shop/core/api/message-rules';
import { isDay } from '@shop/core/days';
import type { UrlFilterOptions } from '../../components/paged-table/paged-table';
import type { MessageListFilters } from '../../entities/message/message-queries';
import { COOKIE, getCookie, removeCookie, setCookie } from '../../lib/cookies';

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

function whole(value: string, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

const shownCategory = (value: string) => {
  const category = whole(value, 0, 1000, -1);
  return category >= 0 && isShownCategory(category);
};

/** What the list's filters may hold in the address (the list corrects it in place). */
export const MESSAGE_FILTER_RULES: UrlFilterOptions<MessageFilterParams>['rules'] = {
  category_id: (value) => String(Number(value)) === value && shownCategory(value),
  type: Object.values(TIP_LIST_TYPE).map(String),
  adjust_price_time: 'day',
};

/** The request of one page of the list; an address edited by hand falls back to the defaults. */
export function toListRequest(params: MessageFilterParams, page: number, limit: number): MessageListFilters {
  return {
    category_id: shownCategory(params.category_id) ? Number(params.category_id) : 0,
    type: whole(params.type, 0, 2, TIP_LIST_TYPE.all),
    tip_name: params.tip_name.trim().slice(0, 100),
    number: params.number.trim().slice(0, 100),
    adjust_price_time: isDay(params.adjust_price_time) ? params.adjust_price_time : '',
    page,
    limit,
  };
}

/**
 * The page size of the message list: the system_msg_limit cookie, else 10 (spec.md section 9). A
 * cookie holding a size the pagination bar does not offer (one the list would refuse) is dropped,
 * so that the list falls back to 10 instead of failing on every visit for the cookie's year.
 */
export function messagePageSize(): number {
  const saved = getCookie(COOKIE.systemMsgLimit);
  if (saved === undefined) return CONSTANTS.defaultPageSize;
  const size = normalizePageSize(Number(saved));
  if (String(size) !== saved) removeCookie(COOKIE.systemMsgLimit);
  return size;
}

export function rememberMessagePageSize(limit: number): void {
  setCookie(COOKIE.systemMsgLimit, String(limit), CONSTANTS.preferenceCookieDays);
}
