import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, type TableColumnsType } from 'antd';
import type { DeliverySummary, LackItem, OrderLine } from '@shop/core/api/orders';
import { DownloadButton } from '../../components/download-button/download-button';
import { CART_ROUTE, type CartRouteState } from '../../entities/cart/cart-queries';
import {
  downloadExport,
  orderQueries,
  useBuyAgain,
  useCancelOrder,
  useReceivePackage,
  useSubscribeLack,
} from '../../entities/order/order-queries';
import { lackColumns } from '../../components/lack-columns/lack-columns';
import { LinesTable } from '../../components/lines-table/lines-table';
import {
  AddressBox,
  CONFIRM,
  ConfirmButton,
  DetailFallback,
  StatusTag,
  FactList,
  statusColumn,
  partColumn,
} from './order-parts';
import ReturnRequestDialog from './return-request-dialog';
import { idOf } from '@shop/core/api/id-input';
import { WAREHOUSE_NAMES } from '@shop/core/constants';
import styles from './orders.module.css';

/** /profile/myorder/detail?id=: one order with its lines, lack items, packages and actions. */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = idOf(params.get('id'));
  const detail = useQuery({ ...orderQueries.detail(id ?? 0), enabled: id !== undefined });
  const cancel = useCancelOrder();
  const buyAgain = useBuyAgain();
  const receive = useReceivePackage();
  const subscribe = useSubscribeLack();
  /** The line whose 申请退货 was clicked (the dialog is open), or null. */
  const [returning, setReturning] = useState<number | null>(null);

  if (id === undefined || !detail.isSuccess) {
    return (
      <DetailFallback
        failed={id === undefined || detail.isError}
        notFound="订单不存在"
        back={{ to: '/profile/myorder', label: '返回我的订单' }}
      />
    );
  }
  const o = detail.data;
  const again = async () => {
    const result = await buyAgain.mutateAsync(o.orders_id);
    const state: CartRouteState = { repurchase: result.repurchaseProduct };
    void navigate(CART_ROUTE, { state });
  };

  const lineColumns: TableColumnsType<OrderLine> = [
    partColumn(),
    { title: '仓库', key: 'w', width: 80, render: (_, l) => WAREHOUSE_NAMES[l.warehouse_type] },
    { title: '单价', key: 'price', width: 100, render: (_, l) => `¥${l.price}` },
    { title: '数量', dataIndex: 'quantity', key: 'q', width: 70 },
    { title: '已发货', dataIndex: 'shipped_quantity', key: 's', width: 80 },
    { title: '已退货', dataIndex: 'returned_quantity', key: 'r', width: 80 },
    { title: '小计', key: 't', width: 110, render: (_, l) => `¥${l.total_price}` },
    {
      title: '操作',
      key: 'return',
      width: 100,
      render: (_, l) =>
        l.returnable_quantity > 0 ? (
          <Button type="link" size="small" onClick={() => setReturning(l.order_item_id)}>
            申请退货
          </Button>
        ) : null,
    },
  ];
  const lackLineColumns: TableColumnsType<LackItem> = [
    partColumn(),
    lackColumns.warehouse('w'),
    lackColumns.type('类型'),
    { title: '订购', dataIndex: 'quantity', key: 'q', width: 70 },
    { title: '缺货', dataIndex: 'lack_number', key: 'lack', width: 70 },
    lackColumns.apply(90),
  ];
  const deliveryColumns: TableColumnsType<DeliverySummary> = [
    { title: '发货单号', dataIndex: 'delivery_no', key: 'no' },
    { title: '仓库', key: 'w', width: 80, render: (_, d) => WAREHOUSE_NAMES[d.warehouse_type] },
    { title: '承运商', dataIndex: 'carrier', key: 'carrier', width: 100 },
    { title: '运单号', dataIndex: 'tracking_no', key: 'tracking', width: 160 },
    { title: '包裹数', dataIndex: 'packages', key: 'packages', width: 70 },
    { title: '件数', dataIndex: 'total_quantity', key: 'qty', width: 70 },
    { title: '发货时间', dataIndex: 'shipped_at', key: 'at', width: 170 },
    statusColumn(),
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, d) => (
        <div className={styles.actions}>
          <Link to={`/profile/myorder/delivery_detail?id=${d.delivery_id}`}>查看</Link>
          {d.status === 'shipped' && (
            <ConfirmButton
              confirm={CONFIRM.receivePackage}
              onConfirm={() => receive.mutateAsync(d.delivery_id)}
              type="link"
              size="small"
            >
              确认收货
            </ConfirmButton>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <section className={styles.card} aria-label="订单信息">
        <div className={styles.head}>
          <h1 className={styles.title}>
            订单 {o.orders_no} <StatusTag status={o.status} text={o.status_cn} />
          </h1>
          <div className={styles.actions}>
            {o.can_cancel === 1 && (
              <ConfirmButton
                confirm={CONFIRM.cancelOrder}
                onConfirm={() => cancel.mutateAsync({ order_id: o.orders_id })}
                danger
              >
                取消订单
              </ConfirmButton>
            )}
            <Button loading={buyAgain.isPending} onClick={() => void again().catch(() => {})}>
              再次购买
            </Button>
          </div>
        </div>
        <FactList
          facts={[
            { label: '下单时间', value: o.create_date },
            { label: '下单人', value: o.user_name },
            { label: '订单金额', value: `¥${o.total_amount}`, className: styles.amount },
            {
              label: '优惠券抵扣',
              value: `-¥${o.voucher_amount}`,
              className: styles.amount,
              show: o.voucher_amount !== '0.00',
            },
            {
              label: '积分币抵扣',
              value: `${o.frey_coin ?? 0} 个，-¥${o.frey_coin_amount ?? '0.00'}`,
              show: Boolean(o.frey_coin),
            },
            {
              label: '实付金额',
              value: `¥${o.pay_amount}`,
              className: styles.amount,
              show: o.pay_amount !== o.total_amount,
            },
            {
              label: '商品',
              value: `${o.item_count} 种 ${o.total_quantity} 件`,
            },
            { label: '取消时间', value: o.cancelled_at, show: Boolean(o.cancelled_at) },
            { label: '完成时间', value: o.completed_at, show: Boolean(o.completed_at) },
          ]}
        />
      </section>
      {(o.address || o.other_address) && (
        <section className={styles.card} aria-label="收货地址">
          <h2 className={styles.subtitle}>收货地址</h2>
          <div className={styles.addresses}>
            <AddressBox label={o.is_split === 1 ? '广州仓' : '收货地址'} address={o.address} remark={o.remark} />
            {o.is_split === 1 && <AddressBox label="北京仓" address={o.other_address} remark={o.beijing_remark} />}
          </div>
        </section>
      )}
      {!o.address && o.remark && (
        <section className={styles.card} aria-label="备注">
          <span className={styles.muted}>备注：</span>
          {o.remark}
        </section>
      )}
      <section className={styles.card} aria-label="商品清单">
        <h2 className={styles.subtitle}>商品清单</h2>
        <LinesTable<OrderLine> rowKey="order_item_id" columns={lineColumns} dataSource={o.items} />
      </section>
      {o.lack_items.length > 0 && (
        <section className={styles.card} aria-label="缺货商品">
          <div className={styles.head}>
            <h2 className={styles.subtitle}>缺货商品（未下单部分）</h2>
            <Button
              loading={subscribe.isPending}
              disabled={o.lack_items.every((l) => l.is_apply === 1)}
              onClick={() => subscribe.mutate({ order_id: o.orders_id })}
            >
              加入到货提醒
            </Button>
          </div>
          <LinesTable<LackItem> rowKey="lack_id" columns={lackLineColumns} dataSource={o.lack_items} />
        </section>
      )}
      <section className={styles.card} aria-label="发货记录">
        <div className={styles.head}>
          <h2 className={styles.subtitle}>发货记录</h2>
          {o.deliveries.length > 0 && (
            <DownloadButton
              download={(onProgress) =>
                downloadExport('deliveryExport', { order_id: o.orders_id }, '发货单.xlsx', { onProgress })
              }
            >
              导出发货单
            </DownloadButton>
          )}
        </div>
        {o.deliveries.length === 0 ? (
          o.status === 'cancelled' ? (
            <Alert type="info" showIcon title="订单已取消" />
          ) : (
            <Empty description="仓库正在备货，发货后可在此查看物流" />
          )
        ) : (
          <LinesTable<DeliverySummary> rowKey="delivery_id" columns={deliveryColumns} dataSource={o.deliveries} />
        )}
      </section>
      {returning !== null && (
        <ReturnRequestDialog
          orderId={o.orders_id}
          lines={o.items}
          initialLineId={returning}
          onClose={() => setReturning(null)}
          onDone={(r) => void navigate(`/profile/return_orders_detail?id=${r.return_id}`)}
        />
      )}
    </>
  );
}
