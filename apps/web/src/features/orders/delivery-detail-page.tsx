import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Table, type TableColumnsType } from 'antd';
import type { DeliveryDetail } from '@shop/core/api/orders';
import { orderQueries, useReceivePackage } from '../../entities/order/order-queries';
import { AddressBox, DetailFallback, idParam, PartCell, StatusTag } from './order-parts';
import { WAREHOUSE_NAMES } from '@shop/core/constants';
import styles from './orders.module.css';

type Line = DeliveryDetail['items'][number];

/** /profile/myorder/delivery_detail?id=: one package shipment with carrier, tracking number and lines. */
export default function DeliveryDetailPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const detail = useQuery({ ...orderQueries.delivery(id ?? 0), enabled: id !== undefined });
  const receive = useReceivePackage();

  if (id === undefined || !detail.isSuccess) {
    return (
      <DetailFallback
        failed={id === undefined || detail.isError}
        notFound="发货单不存在"
        back={{ to: '/profile/myorder', label: '返回我的订单' }}
      />
    );
  }
  const d = detail.data;
  const columns: TableColumnsType<Line> = [
    {
      title: '商品',
      key: 'part',
      render: (_, l) => <PartCell pic={l.pic} name={l.l_name_zh} freyNo={l.frey_no} number={l.number} />,
    },
    { title: '数量', dataIndex: 'quantity', key: 'q', width: 90 },
  ];
  return (
    <>
      <section className={styles.card} aria-label="发货信息">
        <div className={styles.head}>
          <h1 className={styles.title}>
            发货单 {d.delivery_no} <StatusTag status={d.status} text={d.status_cn} />
          </h1>
          {d.status === 'shipped' && (
            <Popconfirm
              title="确认已收到该包裹吗？"
              okText="确认收货"
              cancelText="取消"
              onConfirm={() => receive.mutateAsync(d.delivery_id).catch(() => {})}
            >
              <Button type="primary">确认收货</Button>
            </Popconfirm>
          )}
        </div>
        <dl className={styles.info}>
          <div>
            <dt>订单号</dt>
            <dd>
              <Link to={`/profile/myorder/detail?id=${d.orders_id}`}>{d.orders_no}</Link>
            </dd>
          </div>
          <div>
            <dt>发货仓库</dt>
            <dd>{WAREHOUSE_NAMES[d.warehouse_type]}</dd>
          </div>
          <div>
            <dt>承运商</dt>
            <dd>{d.carrier}</dd>
          </div>
          <div>
            <dt>运单号</dt>
            <dd>{d.tracking_no}</dd>
          </div>
          <div>
            <dt>包裹数</dt>
            <dd>{d.packages}</dd>
          </div>
          <div>
            <dt>发货时间</dt>
            <dd>{d.shipped_at}</dd>
          </div>
          {d.received_at && (
            <div>
              <dt>签收时间</dt>
              <dd>{d.received_at}</dd>
            </div>
          )}
        </dl>
      </section>
      {d.address && (
        <section className={styles.card} aria-label="收货地址">
          <AddressBox label="收货地址" address={d.address} />
        </section>
      )}
      <section className={styles.card} aria-label="包裹商品">
        <h2 className={styles.subtitle}>
          包裹商品（{d.item_count} 种 {d.total_quantity} 件）
        </h2>
        <Table<Line> rowKey="product_id" size="small" columns={columns} dataSource={d.items} pagination={false} />
      </section>
    </>
  );
}
