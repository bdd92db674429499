import { idOf } from '@shop/core/api/id-input';
import { useState } from 'react';
import { Button, Descriptions, Image, Popconfirm, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminGift } from '@shop/core/api/points';
import { RowsTable } from '../../components/rows-table';
import { CarrierFields } from '../../components/carrier-fields';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { BadIdPage, DetailWait, PageShell } from '../../components/page-shell';
import { giftStatusTag } from './gifts-page';
import { pointsQueries, useDeliverGift, useShipGift } from './points-api';

type Line = AdminGift['items'][number];

/** /admin/points/gifts/:id: a gift order, its lines and address; 发货 (carrier, tracking number) and 登记签收. */
export function GiftDetailPage() {
  const id = idOf(useParams().id ?? '') ?? 0;
  const query = useQuery({ ...pointsQueries.gift(id), enabled: id > 0 });
  const deliver = useDeliverGift(id);
  const [shipping, setShipping] = useState(false);

  const back = <Link to="/points/gifts">返回赠品订单</Link>;
  if (id === 0) return <BadIdPage title="赠品订单" back={back} problem="赠品订单编号不正确" />;
  if (!query.isSuccess) return <DetailWait title="赠品订单" back={back} query={query} />;
  const gift = query.data;
  const a = gift.address;

  return (
    <PageShell
      title={`赠品订单 ${gift.gift_no}`}
      extra={
        <Space>
          {back}
          {gift.status === 'pending_shipment' ? (
            <Button type="primary" onClick={() => setShipping(true)}>
              发货
            </Button>
          ) : null}
          {gift.status === 'shipped' ? (
            <Popconfirm
              title="确认该赠品订单已签收？"
              okText="确定"
              cancelText="取消"
              onConfirm={() => deliver.mutateAsync(undefined).catch(() => undefined)}
            >
              <Button loading={deliver.isPending} disabled={deliver.isPending}>
                登记签收
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      }
    >
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="状态">{giftStatusTag(gift.status, gift.status_cn)}</Descriptions.Item>
        <Descriptions.Item label="公司">
          <Link to={`/points/accounts/${gift.company_id}`}>{gift.company_name}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="下单时间">{gift.create_time}</Descriptions.Item>
        <Descriptions.Item label="积分合计">{gift.points_total}</Descriptions.Item>
        <Descriptions.Item label="件数">{gift.quantity}</Descriptions.Item>
        <Descriptions.Item label="随单订单">{gift.order_id ? `订单 ${gift.order_id}` : '单独兑换'}</Descriptions.Item>
        <Descriptions.Item label="收货地址" span={3}>
          {a ? `${a.contacts} ${a.mobile} ${a.province}${a.city}${a.district}${a.street}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={3}>
          {gift.remark || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="物流公司">{gift.carrier || '—'}</Descriptions.Item>
        <Descriptions.Item label="运单号">{gift.tracking_no || '—'}</Descriptions.Item>
        <Descriptions.Item label="发货时间">{gift.shipped_at || '—'}</Descriptions.Item>
        <Descriptions.Item label="签收时间">{gift.received_at || '—'}</Descriptions.Item>
      </Descriptions>
      <RowsTable<Line>
        style={{ marginTop: 24 }}
        size="middle"
        rowKey="points_product_id"
        rows={gift.items}
        columns={[
          {
            title: '图片',
            dataIndex: 'pic',
            render: (pic: string, l) =>
              pic ? <Image src={pic} width={56} height={42} style={{ objectFit: 'contain' }} alt={l.l_name_zh} /> : '—',
          },
          { title: '赠品', dataIndex: 'l_name_zh' },
          { title: '积分单价', dataIndex: 'points_price', align: 'right' },
          { title: '数量', dataIndex: 'quantity', align: 'right' },
          { title: '积分小计', dataIndex: 'points_amount', align: 'right' },
        ]}
      />
      {shipping ? <GiftShipDialog gift={gift} onClose={() => setShipping(false)} /> : null}
    </PageShell>
  );
}

interface ShipForm {
  carrier: string;
  tracking_no: string;
}

/** 发货: the carrier and the tracking number; a double click ships once. */
function GiftShipDialog({ gift, onClose }: { gift: AdminGift; onClose: () => void }) {
  const ship = useShipGift(gift.gift_id);
  const dialog = useDialogForm<ShipForm>(onClose, async (v) => {
    await ship.mutateAsync({ carrier: v.carrier.trim(), tracking_no: v.tracking_no.trim() });
  });
  return (
    <FormDialog {...dialog} title={`发货 · ${gift.gift_no}`} okText="确认发货">
      <CarrierFields />
    </FormDialog>
  );
}
