import { formatPushTime, POP_TYPE_SMALL } from '@shop/core/api/message-rules';
import type { PushMessage } from '@shop/core/api/messages';
import { MessagePopupCard } from '@shop/ui/message-popup';
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
      {popups.map((message) => (
        <MessagePopupCard
          key={message.tip_id}
          small={message.pop_type === POP_TYPE_SMALL}
          role="alert"
          title={message.tip_name}
          summary={message.tip_description}
          time={formatPushTime(message.create_time)}
          onOpen={() => open(message)}
          onClose={() => dismiss(message.tip_id)}
          closeLabel={`关闭消息 ${message.tip_name}`}
        />
      ))}
    </div>
  );
}
