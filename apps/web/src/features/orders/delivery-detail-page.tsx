import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { type TableColumnsType } from 'antd';
import type { DeliveryDetail } from '@shop/core/api/orders';
import { orderQueries, useReceivePackage } from '../../entities/order/order-queries';
import { LinesTable } from '../../components/lines-table/lines-table';
import { idOf } from '@shop/core/api/id-input';
import * as parts from './order-parts';
import { WAREHOUSE_NAMES } from '@shop/core/constants';
import styles from './orders.module.css';

type Line = DeliveryDetail['items'][number];

/** /profile/myorder/delivery_detail?id=: one package shipment with carrier, tracking number and lines. */
export default function DeliveryDetailPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const detail = useQuery({ ...orderQueries.delivery(id ?? 0), enabled: id !== undefined });
  const receive = useReceivePackage();

  if (id === undefined || !detail.isSuccess) {
    return (
      <parts.DetailFallback
        failed={id === undefined || detail.isError}
        notFound="发货单不存在"
        back={{ to: '/profile/myorder', label: '返回我的订单' }}
      />
    );
  }
  const d = detail.data;
  const columns: TableColumnsType<Line> = [
    parts.partColumn(),
    { title: '数量', dataIndex: 'quantity', key: 'q', width: 90 },
  ];
  return (
    <>
      <section className={styles.card} aria-label="发货信息">
        <div className={styles.head}>
          <h1 className={styles.title}>
            发货单 {d.delivery_no} <parts.StatusTag status={d.status} text={d.status_cn} />
          </h1>
          {d.status === 'shipped' && (
            <parts.ConfirmButton
              confirm={parts.CONFIRM.receivePackage}
              onConfirm={() => receive.mutateAsync(d.delivery_id)}
              type="primary"
            >
              确认收货
            </parts.ConfirmButton>
          )}
        </div>
        <parts.FactList
          facts={[
            { label: '订单号', value: <Link to={`/profile/myorder/detail?id=${d.orders_id}`}>{d.orders_no}</Link> },
            { label: '发货仓库', value: WAREHOUSE_NAMES[d.warehouse_type] },
            { label: '承运商', value: d.carrier },
            { label: '运单号', value: d.tracking_no },
            { label: '包裹数', value: d.packages },
            { label: '发货时间', value: d.shipped_at },
            { label: '签收时间', value: d.received_at, show: Boolean(d.received_at) },
          ]}
        />
      </section>
      {d.address && (
        <section className={styles.card} aria-label="收货地址">
          <parts.AddressBox label="收货地址" address={d.address} />
        </section>
      )}
      <section className={styles.card} aria-label="包裹商品">
        <h2 className={styles.subtitle}>
          包裹商品（{d.item_count} 种 {d.total_quantity} 件）
        </h2>
        <LinesTable<Line> rowKey="product_id" columns={columns} dataSource={d.items} />
      </section>
    </>
  );
}
