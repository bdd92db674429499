import { Typography } from 'antd';
import { formatPushTime, oneLine, POP_TYPE_SMALL } from '@shop/core/api/messages';
import { MessagePopupCard } from '@shop/ui/message-popup';
import styles from './popup-preview.module.css';

/**
 * How a broadcast pops up at the dealer's bottom right (the web app's MessagePopups): pop_type 2
 * a small one-line popup, otherwise a card with the title, the summary (or the content's first
 * line, as the server fills it in) and the time.
 */
export function PopupPreview({
  title,
  description,
  content,
  popType,
  isEject,
  now,
}: {
  title: string;
  description: string;
  content: string;
  popType: number;
  isEject: boolean;
  now: Date;
}) {
  const small = popType === POP_TYPE_SMALL;
  const summary = description.trim() || oneLine(content);
  return (
    <div>
      <div className={styles.stage}>
        <MessagePopupCard
          small={small}
          role="figure"
          label="弹窗预览"
          style={isEject ? undefined : { opacity: 0.5 }}
          title={title.trim() || '消息标题'}
          summary={summary}
          time={formatPushTime(now.toISOString())}
        />
      </div>
      <Typography.Text type="secondary">
        {isEject ? '经销商在线时，消息在页面右下角弹出；点击打开消息详情。' : '不弹窗：消息只出现在经销商的消息中心。'}
      </Typography.Text>
    </div>
  );
}
