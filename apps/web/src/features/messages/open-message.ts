import { useNavigate } from 'react-router';
import { MESSAGE_CATEGORY, READ_TIP_TYPE } from '@shop/core/api/message-rules';
import { hasRoute } from '../../lib/route-registry';
import { useReadTip } from '../../entities/message/message-queries';

/** The bill page of spec.md section 2, where a bill message (category 5) leads. */
export const BILL_PATH = '/profile/bill';
export const MESSAGE_CENTRE_PATH = '/profile/system_msg';
export const MESSAGE_DETAIL_PATH = '/profile/system_msg/detail';

/**
 * Where a message opens: a bill message (category 5) on the bill page once that page exists,
 * every other message (and a bill message before then) on the message detail. `listQuery`
 * carries the list's filters and page so the detail's previous / next stay within that list.
 */
export function messageTarget(message: { id: number; category_id: number }, listQuery = ''): string {
  if (message.category_id === MESSAGE_CATEGORY.bill && hasRoute(BILL_PATH)) return BILL_PATH;
  const params = new URLSearchParams(listQuery);
  params.set('id', String(message.id));
  return `${MESSAGE_DETAIL_PATH}?${params.toString()}`;
}

/**
 * Opens a message (a list row, a popup). The detail page marks the message read itself; a page
 * that is not the detail (the bill page) cannot, so the read is sent before leaving.
 */
export function useOpenMessage() {
  const navigate = useNavigate();
  const readTip = useReadTip();
  return (message: { id: number; category_id: number; read?: 0 | 1 }, listQuery = '') => {
    const target = messageTarget(message, listQuery);
    if (!target.startsWith(MESSAGE_DETAIL_PATH) && message.read !== 1) {
      readTip.mutate({ type: READ_TIP_TYPE.one, tip_id: message.id });
    }
    void navigate(target);
  };
}
