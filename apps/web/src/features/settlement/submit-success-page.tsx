import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Spin, type TableColumnsType } from 'antd';
import type { LackItem } from '@shop/core/api/orders';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb';
import { orderQueries, useSubscribeLack } from '../../entities/order/order-queries';
import { lackColumns } from '../../components/lack-columns/lack-columns';
import { LinesTable } from '../../components/lines-table/lines-table';
import type { SubmitSuccessState } from './settlement-page';
import styles from './settlement.module.css';
import { payableAmount } from '@shop/core/coupons';

/**
 * /settlement/submit_success?id=: the order just placed and its lack items (return_data) with
 * 'add to subscription' (restock alerts). The answer of the order call comes as router state;
 * after a reload the order is read again (getDetail).
 */
export default function SubmitSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const id = Number(params.get('id'));
  const state = location.state as SubmitSuccessState | null;
  const fromState = state?.result.order_id === id ? state.result : undefined;
  const detail = useQuery({ ...orderQueries.detail(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const subscribe = useSubscribeLack();

  const ordersNo = fromState?.orders_no ?? detail.data?.orders_no;
  const voucher = fromState?.voucher_amount ?? detail.data?.voucher_amount ?? '0.00';
  const total = fromState ? payableAmount(fromState.total_amount, fromState.voucher_amount) : detail.data?.pay_amount;
  const lack: LackItem[] = detail.data?.lack_items ?? fromState?.return_data ?? [];
  const allApplied = lack.length > 0 && lack.every((l) => l.is_apply === 1);

  const columns: TableColumnsType<LackItem> = [
    { title: '编码', dataIndex: 'frey_no', key: 'frey_no', width: 130 },
    { title: 'OE号', dataIndex: 'number', key: 'number', width: 150 },
    { title: '商品名称', dataIndex: 'l_name_zh', key: 'name' },
    lackColumns.warehouse('warehouse'),
    lackColumns.type('缺货类型'),
    { title: '订购数量', dataIndex: 'quantity', key: 'quantity', width: 90 },
    { title: '已订到', dataIndex: 'supplied_number', key: 'supplied', width: 80 },
    { title: '缺货数量', dataIndex: 'lack_number', key: 'lack', width: 90 },
    lackColumns.apply(100),
  ];

  if (!Number.isSafeInteger(id) || id <= 0) {
    return (
      <div className={`shop-container ${styles.page}`}>
        <Result status="warning" title="订单不存在" extra={<Link to="/profile/myorder">查看我的订单</Link>} />
      </div>
    );
  }
  if (!fromState && detail.isPending) {
    return (
      <div className={`shop-container ${styles.page}`}>
        <Spin className={styles.loading} />
      </div>
    );
  }
  if (!fromState && detail.isError) {
    return (
      <div className={`shop-container ${styles.page}`}>
        <Result status="warning" title="订单加载失败" extra={<Link to="/profile/myorder">查看我的订单</Link>} />
      </div>
    );
  }

  return (
    <div className={`shop-container ${styles.page}`}>
      <Breadcrumb items={[{ label: '首页', to: '/home' }, { label: '下单成功' }]} />
      <section className={styles.card}>
        <Result
          status="success"
          title="订单提交成功"
          subTitle={`订单号：${ordersNo ?? ''}，${voucher !== '0.00' ? `优惠券抵扣：¥${voucher}，` : ''}应付总额：¥${total ?? ''}`}
          extra={[
            <Link key="detail" to={`/profile/myorder/detail?id=${id}`}>
              <Button type="primary">查看订单</Button>
            </Link>,
            <Link key="list" to="/profile/myorder">
              <Button>我的订单</Button>
            </Link>,
            <Link key="home" to="/home">
              <Button>继续购物</Button>
            </Link>,
          ]}
        />
      </section>
      {lack.length > 0 && (
        <section className={styles.card} aria-label="缺货商品">
          <div className={styles.cardHead}>
            <h2 className={styles.title}>
              缺货商品 <span className={styles.count}>（{lack.length} 种，未生成订单的部分）</span>
            </h2>
            <Button
              type="primary"
              loading={subscribe.isPending}
              disabled={subscribe.isPending || allApplied}
              onClick={() => subscribe.mutate({ order_id: id })}
            >
              {allApplied ? '已加入到货提醒' : '加入到货提醒'}
            </Button>
          </div>
          <Alert
            type="warning"
            showIcon
            className={styles.lackHint}
            title="以下商品库存不足，缺货部分未下单；加入到货提醒后，到货时会通知您。"
          />
          <LinesTable<LackItem> rowKey="lack_id" columns={columns} dataSource={lack} />
        </section>
      )}
    </div>
  );
}
