import { Button, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { moved } from './content-api';

/** Up and down for a row of an ordered list: sends the whole new order (disabled while one is sent). */
export function OrderButtons({
  ids,
  index,
  busy,
  onReorder,
}: {
  ids: readonly number[];
  index: number;
  busy: boolean;
  onReorder: (ids: number[]) => void;
}) {
  return (
    <Space size={4}>
      <Button
        size="small"
        aria-label="上移"
        icon={<ArrowUpOutlined />}
        disabled={busy || index === 0}
        onClick={() => onReorder(moved(ids, index, -1))}
      />
      <Button
        size="small"
        aria-label="下移"
        icon={<ArrowDownOutlined />}
        disabled={busy || index === ids.length - 1}
        onClick={() => onReorder(moved(ids, index, 1))}
      />
    </Space>
  );
}
