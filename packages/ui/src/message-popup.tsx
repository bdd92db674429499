import type { CSSProperties, ReactNode } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import styles from './message-popup.module.css';

/**
 * One pushed message's popup (pop_type 2 `small`: the title alone; otherwise a card with the
 * title, the summary and the time). The dealer's popups open the message and close on a click
 * (`onOpen`, `onClose`: buttons); the back office's preview draws the same card without them.
 */
export function MessagePopupCard({
  small,
  title,
  summary,
  time,
  onOpen,
  onClose,
  closeLabel,
  role,
  label,
  style,
}: {
  small: boolean;
  title: ReactNode;
  summary?: ReactNode;
  time: ReactNode;
  onOpen?: () => void;
  onClose?: () => void;
  closeLabel?: string;
  role: string;
  label?: string;
  style?: CSSProperties;
}) {
  const lines = (
    <>
      <span className={styles.title}>{title}</span>
      {!small && summary ? <span className={styles.text}>{summary}</span> : null}
      {!small ? <span className={styles.time}>{time}</span> : null}
    </>
  );
  return (
    <div
      className={small ? styles.small : styles.card}
      role={role}
      aria-label={label}
      data-pop={small ? 'small' : 'normal'}
      style={style}
    >
      {onOpen ? (
        <button type="button" className={styles.body} onClick={onOpen}>
          {lines}
        </button>
      ) : (
        <div className={styles.body}>{lines}</div>
      )}
      {onClose ? (
        <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
          <CloseOutlined />
        </button>
      ) : (
        <span className={styles.close}>
          <CloseOutlined />
        </span>
      )}
    </div>
  );
}
