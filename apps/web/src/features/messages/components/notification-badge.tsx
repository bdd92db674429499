import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LazyOverlay } from '../../../components/load-on-hover/lazy-overlay';
import { userQueries } from '../../../entities/user/user-queries';
import { messageQueries } from '../../../entities/message/message-queries';
import { useLiveStore } from '../live-store';
import { MESSAGE_CENTRE_PATH } from '../open-message';
import { useLiveMessages, type SocketFactory } from '../use-live-messages';
import { MessagePopups } from './message-popups';
import styles from './notification-badge.module.css';

export const BADGE_TEXTS = {
  disconnected: '已断开',
  reconnectTip: '点击重新连接',
  openTip: '点击打开消息中心',
} as const;

/**
 * The header's notification badge (spec.md section 2 'Notification badge', section 4 'Live
 * connection'): '消息 (n)' with the unread count, flashing while there are unread messages and
 * the connection is live; '已断开' when it failed, a click then reconnects; otherwise a click
 * opens the message centre. It holds the live connection and shows the popups.
 */
export function NotificationBadge({ createSocket }: { createSocket?: SocketFactory }) {
  const navigate = useNavigate();
  const { data: user } = useQuery(userQueries.info());
  const menu = useQuery({ ...messageQueries.menu(), meta: { showError: false } });
  useLiveMessages(user?.subuser_id, createSocket);
  const status = useLiveStore((s) => s.status);
  const reconnect = useLiveStore((s) => s.reconnect);
  const unread = menu.data?.unread_total ?? 0;
  const failed = status === 'failed';
  const flashing = !failed && status === 'open' && unread > 0;
  const onClick = () => {
    if (failed && reconnect) reconnect();
    else void navigate(MESSAGE_CENTRE_PATH);
  };
  return (
    <>
      <LazyOverlay kind="tooltip" title={failed ? BADGE_TEXTS.reconnectTip : BADGE_TEXTS.openTip}>
        {(hover) => (
          <button
            {...hover}
            type="button"
            className={`${styles.badge} ${flashing ? styles.flashing : ''} ${failed ? styles.failed : ''}`}
            onClick={onClick}
            data-state={failed ? 'failed' : flashing ? 'flashing' : 'normal'}
            aria-label={failed ? `${BADGE_TEXTS.disconnected}，${BADGE_TEXTS.reconnectTip}` : `消息 (${unread})`}
          >
            <BellOutlined />
            {failed ? BADGE_TEXTS.disconnected : `消息 (${unread})`}
          </button>
        )}
      </LazyOverlay>
      <MessagePopups />
    </>
  );
}
