import { PAGE_SHOWS_ERRORS } from '../../lib/query-client';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Spin, Tag } from 'antd';
import { POINTS_TEXTS } from '@shop/core/points-rules';
import { EmptyState, PageShell } from '../../components/page-shell/page-shell';
import { idOf } from '@shop/core/api/id-input';
import { LoadError } from '../../components/load-error/load-error';
import { notify } from '../../lib/notify';
import { LinesTable } from '../../components/lines-table/lines-table';
import { pointsQueries, useConfirmGift } from './api/points-api';

/** /profile/my_gift_detail?id=: a gift order with its lines, address and shipment; 确认收货 once shipped. */
export default function GiftDetailPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const gift = useQuery({ ...pointsQueries.gift(id ?? 0), enabled: id !== undefined, meta: PAGE_SHOWS_ERRORS });
  const confirm = useConfirmGift();
  // A malformed id asks nothing of the server: the answer would be the same.
  if (id === undefined) {
    return (
      <PageShell title="赠品详情">
        <EmptyState text={POINTS_TEXTS.giftNotFound} />
      </PageShell>
    );
  }
  if (gift.isError) return <LoadError error={gift.error} onRetry={() => void gift.refetch()} />;
  if (!gift.data) return <Spin />;
  const g = gift.data;
  const a = g.address;
  return (
    <PageShell
      title={`赠品订单 ${g.gift_no}`}
      actions={
        g.status === 'shipped' ? (
          <Button
            type="primary"
            loading={confirm.isPending}
            onClick={() =>
              void confirm.mutateAsync(g.gift_id).then(
                (r) => notify.success(r.msg),
                () => {},
              )
            }
          >
            确认收货
          </Button>
        ) : undefined
      }
    >
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="状态">
          <Tag>{g.status_cn}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="消耗积分">{g.points_total}</Descriptions.Item>
        <Descriptions.Item label="兑换时间">{g.create_time}</Descriptions.Item>
        <Descriptions.Item label="收货地址">
          {a ? `${a.contacts} ${a.mobile} ${a.province}${a.city}${a.district}${a.street}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="物流">{g.carrier ? `${g.carrier} ${g.tracking_no}` : '待发货'}</Descriptions.Item>
        <Descriptions.Item label="签收时间">{g.received_at || '—'}</Descriptions.Item>
        {g.remark ? <Descriptions.Item label="备注">{g.remark}</Descriptions.Item> : null}
      </Descriptions>
      <LinesTable
        rowKey="points_product_id"
        dataSource={g.items}
        columns={[
          { title: '赠品', dataIndex: 'l_name_zh' },
          { title: '积分单价', dataIndex: 'points_price', width: 100 },
          { title: '数量', dataIndex: 'quantity', width: 80 },
          { title: '积分小计', dataIndex: 'points_amount', width: 100 },
        ]}
      />
    </PageShell>
  );
}
