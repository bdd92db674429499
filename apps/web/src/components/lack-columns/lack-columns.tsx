import { Tag, type TableColumnType } from 'antd';
import type { LackItem } from '@shop/core/api/orders';
import { WAREHOUSE_NAMES } from '@shop/core/constants';

/** The columns an order's shortage lines share (order detail, the success page after settling). */
export const lackColumns = {
  warehouse: (key: string): TableColumnType<LackItem> => ({
    title: '仓库',
    key,
    width: 80,
    render: (_, l) => WAREHOUSE_NAMES[l.warehouse_type],
  }),
  type: (title: string): TableColumnType<LackItem> => ({
    title,
    key: 'type',
    width: 100,
    render: (_, l) => <Tag color={l.order_type === 1 ? 'red' : 'orange'}>{l.order_type_cn}</Tag>,
  }),
  apply: (width: number): TableColumnType<LackItem> => ({
    title: '到货提醒',
    key: 'apply',
    width,
    render: (_, l) => (l.is_apply === 1 ? <Tag color="green">已订阅</Tag> : <Tag>未订阅</Tag>),
  }),
};
