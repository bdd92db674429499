import { Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { GIFT_STATUS, type AdminGiftList, type GiftStatus } from '@shop/core/api/points';
import { ChoiceFilter, ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { pointsQueries } from './points-api';
import { oneOf } from '../../components/filter-bar';

const KEYS = ['status', 'keyword'] as const;
const STATUSES = Object.keys(GIFT_STATUS) as GiftStatus[];
const STATUS_COLOR: Record<GiftStatus, string> = {
  pending_shipment: 'orange',
  shipped: 'blue',
  received: 'green',
  cancelled: 'default',
};

export const giftStatusTag = (status: string, text: string) => (
  <Tag color={STATUS_COLOR[status as GiftStatus] ?? 'default'}>{text}</Tag>
);

type Row = AdminGiftList['list'][number];

const columns: TableColumnsType<Row> = [
  {
    title: '赠品单号',
    dataIndex: 'gift_no',
    render: (no: string, g) => <Link to={`/points/gifts/${g.gift_id}`}>{no}</Link>,
  },
  {
    title: '公司',
    dataIndex: 'company_name',
    render: (name: string, g) => <Link to={`/points/accounts/${g.company_id}`}>{name}</Link>,
  },
  {
    title: '赠品',
    dataIndex: 'first_name',
    render: (name: string, g) => (g.quantity > 0 ? `${name} 等 ${g.quantity} 件` : name || '—'),
  },
  { title: '积分', dataIndex: 'points_total', align: 'right' },
  { title: '状态', dataIndex: 'status', render: (s: string, g) => giftStatusTag(s, g.status_cn) },
  { title: '物流', render: (_, g) => (g.tracking_no ? `${g.carrier} ${g.tracking_no}` : '—') },
  { title: '下单时间', dataIndex: 'create_time' },
];

/** /admin/points/gifts: the gift orders of every company (赠品订单), by status, number or company. */
export function GiftsPage() {
  const list = useUrlList(
    KEYS,
    (filters) => ({
      status: oneOf(STATUSES, filters.status),
      keyword: filters.keyword || undefined,
    }),
    pointsQueries.gifts,
  );
  return (
    <ListPage title="赠品订单" list={list} table={{ columns, rowKey: 'gift_id', emptyText: '暂无赠品订单' }}>
      <ChoiceFilter name="status" label="状态" width={130} values={STATUSES} texts={GIFT_STATUS} />
      <TextFilter name="keyword" label="关键字" placeholder="赠品单号或公司名称" maxLength={50} width={220} />
    </ListPage>
  );
}
