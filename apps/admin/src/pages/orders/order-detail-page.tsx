import { useState } from 'react';
import { Button, Descriptions, Popconfirm, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@shop/core/api/admin';
import { deliveryStatusText, isOrderCancellable, returnStatusText } from '@shop/core/order-status';
import { DetailWait, PageShell } from '../../components/page-shell';
import { hasPermission, meQuery } from '../../lib/staff';
import { orderQueries, useCancelOrder, useDeliver, useReturnMove, type ReturnMove } from './orders-api';
import { StatusTag } from './order-status-tag';
import { ReasonDialog } from './reason-dialog';
import { remainingOf, ShipDialog, warehouseName } from './ship-dialog';
import { RowsTable } from '../../components/rows-table';

type Delivery = AdminOrderDetail['deliveries'][number];
type ReturnRow = AdminOrderDetail['returns'][number];

/** /admin/orders/:ordersNo: the order, its lines, deliveries and returns, and what staff may do. */
export function OrderDetailPage() {
  const ordersNo = useParams().ordersNo ?? '';
  const me = useQuery(meQuery).data;
  const query = useQuery(orderQueries.detail(ordersNo));
  const [shipping, setShipping] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const mayShip = hasPermission(me, 'orders.ship');
  const mayReturn = hasPermission(me, 'returns.manage');

  const back = <Link to="/orders">返回订单列表</Link>;
  if (!query.isSuccess) return <DetailWait title={`订单 ${ordersNo}`} back={back} query={query} />;
  const detail = query.data;
  const { order } = detail;
  const unshipped = detail.items.some((l) => remainingOf(l) > 0) && order.status !== 'cancelled';

  return (
    <PageShell
      title={`订单 ${order.orders_no}`}
      extra={
        <Space>
          {back}
          {mayShip && isOrderCancellable(order.status) ? (
            <Button danger onClick={() => setCancelling(true)}>
              取消订单
            </Button>
          ) : null}
          {mayShip && unshipped ? (
            <Button type="primary" onClick={() => setShipping(true)}>
              发货
            </Button>
          ) : null}
        </Space>
      }
    >
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="公司">{`${order.company_name}（${order.company_id}）`}</Descriptions.Item>
        <Descriptions.Item label="下单账号">{order.account_name}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StatusTag status={order.status} text={order.status_cn} />
        </Descriptions.Item>
        <Descriptions.Item label="金额（元）">{order.total_amount}</Descriptions.Item>
        <Descriptions.Item label="下单时间">{order.created_at}</Descriptions.Item>
        {order.status === 'cancelled' ? (
          <Descriptions.Item label="取消原因">{order.cancel_reason || '—'}</Descriptions.Item>
        ) : null}
      </Descriptions>

      <Typography.Title level={5} style={{ marginTop: 20 }}>
        商品明细
      </Typography.Title>
      <RowsTable
        rowKey={(l) => `${l.product_id}-${l.warehouse_id}`}
        rows={detail.items}
        columns={[
          { title: '编号', dataIndex: 'frey_no' },
          { title: '名称', dataIndex: 'l_name_zh' },
          { title: '仓库', dataIndex: 'warehouse_id', render: warehouseName },
          { title: '单价（元）', dataIndex: 'price', align: 'right' },
          { title: '数量', dataIndex: 'quantity', align: 'right' },
          { title: '已发', dataIndex: 'shipped_quantity', align: 'right' },
          { title: '已退', dataIndex: 'returned_quantity', align: 'right' },
        ]}
      />

      <Typography.Title level={5} style={{ marginTop: 20 }}>
        发货记录
      </Typography.Title>
      <Deliveries deliveries={detail.deliveries} mayShip={mayShip} />

      <Typography.Title level={5} style={{ marginTop: 20 }}>
        退货
      </Typography.Title>
      <Returns returns={detail.returns} mayReturn={mayReturn} />

      {shipping ? <ShipDialog order={detail} open={shipping} onClose={() => setShipping(false)} /> : null}
      {cancelling ? <CancelDialog ordersNo={order.orders_no} onClose={() => setCancelling(false)} /> : null}
    </PageShell>
  );
}

function Deliveries({ deliveries, mayShip }: { deliveries: Delivery[]; mayShip: boolean }) {
  const deliver = useDeliver();
  return (
    <RowsTable<Delivery>
      rowKey="delivery_no"
      rows={deliveries}
      emptyText="尚未发货"
      columns={[
        { title: '发货单号', dataIndex: 'delivery_no' },
        { title: '仓库', dataIndex: 'warehouse_id', render: warehouseName },
        { title: '承运商', dataIndex: 'carrier' },
        { title: '运单号', dataIndex: 'tracking_no' },
        { title: '包裹数', dataIndex: 'packages' },
        {
          title: '状态',
          dataIndex: 'status',
          render: (s: string) => <StatusTag status={s} text={deliveryStatusText(s)} />,
        },
        {
          title: '操作',
          render: (_, d) =>
            mayShip && d.status === 'shipped' ? (
              <Popconfirm
                title="确认此包裹已签收？"
                okText="确认签收"
                cancelText="取消"
                onConfirm={() => deliver.mutateAsync(d.delivery_no).catch(() => undefined)}
              >
                <Button
                  size="small"
                  disabled={deliver.isPending}
                  loading={deliver.isPending && deliver.variables === d.delivery_no}
                >
                  签收
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
}

function Returns({ returns, mayReturn }: { returns: ReturnRow[]; mayReturn: boolean }) {
  const move = useReturnMove();
  const [refusing, setRefusing] = useState<string | null>(null);
  const run = (returnNo: string, m: ReturnMove, text = '') =>
    move.mutateAsync({ returnNo, move: m, note: text }).then(
      () => true,
      () => false,
    );
  const busy = move.isPending;

  return (
    <>
      <RowsTable<ReturnRow>
        rowKey="return_no"
        rows={returns}
        emptyText="暂无退货"
        columns={[
          { title: '退货单号', dataIndex: 'return_no' },
          { title: '原因', dataIndex: 'reason' },
          { title: '金额（元）', dataIndex: 'total_amount', align: 'right' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <StatusTag status={s} text={returnStatusText(s)} />,
          },
          { title: '处理说明', dataIndex: 'staff_note' },
          {
            title: '操作',
            render: (_, r) =>
              !mayReturn ? null : r.status === 'pending_review' ? (
                <Space>
                  <Popconfirm
                    title="同意此退货？"
                    okText="同意"
                    cancelText="取消"
                    onConfirm={() => run(r.return_no, 'accept')}
                  >
                    <Button size="small" type="primary" disabled={busy}>
                      同意
                    </Button>
                  </Popconfirm>
                  <Button size="small" danger disabled={busy} onClick={() => setRefusing(r.return_no)}>
                    拒绝
                  </Button>
                </Space>
              ) : r.status === 'accepted' ? (
                <Popconfirm
                  title="确认已收到退回的货物？库存将退回。"
                  okText="确认收货"
                  cancelText="取消"
                  onConfirm={() => run(r.return_no, 'complete')}
                >
                  <Button size="small" disabled={busy}>
                    确认收货
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      {refusing !== null ? (
        <ReasonDialog
          title={`拒绝退货 · ${refusing}`}
          label="拒绝原因"
          okText="确认拒绝"
          cancelText="取消"
          pending={move.isPending}
          submit={(note) =>
            move.mutateAsync({ returnNo: refusing, move: 'refuse', note }).then(() => setRefusing(null))
          }
          onClose={() => setRefusing(null)}
        />
      ) : null}
    </>
  );
}

/** The staff's cancel: a reason (the dealer's message says it), sent once; stock goes back. */
function CancelDialog({ ordersNo, onClose }: { ordersNo: string; onClose: () => void }) {
  const cancel = useCancelOrder(ordersNo);
  return (
    <ReasonDialog
      title={`取消订单 · ${ordersNo}`}
      label="取消原因"
      okText="确认取消订单"
      cancelText="返回"
      hint="未发货的商品库存将退回，客户会收到带取消原因的消息。"
      pending={cancel.isPending}
      submit={(reason) => cancel.mutateAsync(reason).then(onClose)}
      onClose={onClose}
    />
  );
}
