import { CloseOutlined } from '@ant-design/icons';
import { formatPushTime, POP_TYPE_SMALL, type PushMessage } from '@shop/core/api/messages';
import { useLiveStore } from '../live-store';
import { useOpenMessage } from '../open-message';
import styles from './message-popups.module.css';

/**
 * The popups of pushed messages with is_eject = 1, newest first, at the bottom right: pop_type 2
 * a small one-line popup, otherwise a card with the title, the summary and the time. A click
 * opens the message (the bill page for category 5) and closes the popup; a push of '[]' clears
 * them all.
 */
export function MessagePopups() {
  const popups = useLiveStore((s) => s.popups);
  const dismiss = useLiveStore((s) => s.dismissPopup);
  const openMessage = useOpenMessage();
  if (popups.length === 0) return null;
  const open = (message: PushMessage) => {
    dismiss(message.tip_id);
    openMessage({ id: message.tip_id, category_id: message.category_id, read: 0 });
  };
  return (
    <div className={styles.stack} role="region" aria-label="新消息">
      {popups.map((message) => {
        const small = message.pop_type === POP_TYPE_SMALL;
        return (
          <div
            key={message.tip_id}
            className={small ? styles.small : styles.card}
            role="alert"
            data-pop={small ? 'small' : 'normal'}
          >
            <button type="button" className={styles.body} onClick={() => open(message)}>
              <span className={styles.title}>{message.tip_name}</span>
              {!small && message.tip_description && <span className={styles.text}>{message.tip_description}</span>}
              {!small && <span className={styles.time}>{formatPushTime(message.create_time)}</span>}
            </button>
            <button
              type="button"
              className={styles.close}
              aria-label={`关闭消息 ${message.tip_name}`}
              onClick={() => dismiss(message.tip_id)}
            >
              <CloseOutlined />
            </button>
          </div>
        );
      })}
    </div>
  );
}
