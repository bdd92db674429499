import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tabs, Tag } from 'antd';
import type { MyVoucher } from '@shop/core/api/coupons';
import { GRANT_STATES, type GrantState } from '@shop/core/coupons';
import { Link } from 'react-router';
import { PageShell } from '../../components/page-shell/page-shell';
import { PaginationBar } from '../../components/pagination-bar/pagination-bar';
import { couponQueries } from '../../entities/coupon/coupon-queries';
import styles from './coupon.module.css';

const TABS: GrantState[] = ['usable', 'used', 'expired'];

function VoucherCard({ v }: { v: MyVoucher }) {
  return (
    <div className={`${styles.voucher} ${v.state === 'usable' ? '' : styles.voucherOff}`} role="listitem">
      <div className={styles.voucherValue}>¥{v.value.replace(/\.00$/, '')}</div>
      <div className={styles.voucherBody}>
        <Tag color={v.state === 'usable' ? 'red' : 'default'}>{v.title}</Tag>
        <b>{v.name}</b>
        <div className={styles.sub}>
          {v.scope_text} · 有效期 {v.valid_from} 至 {v.valid_to} · 可用 {v.uses - v.used}/{v.uses} 次
        </div>
        {v.orders.length > 0 && (
          <div className={styles.sub}>
            已用于：
            {v.orders.map((o) => (
              <Link key={o.orders_id} to={`/profile/myorder/detail?id=${o.orders_id}`} className={styles.orderLink}>
                {o.orders_no}（-¥{o.amount}）
              </Link>
            ))}
          </div>
        )}
      </div>
      <Tag>{v.state_text}</Tag>
    </div>
  );
}

/** /profile/coupon: the company's vouchers in three tabs (usable, used, expired; docs/coupons.md). */
export default function CouponPage() {
  const [state, setState] = useState<GrantState>('usable');
  const [page, setPage] = useState(1);
  const list = useQuery(couponQueries.mine(state, page));
  const rows = list.data?.list ?? [];
  return (
    <PageShell title="优惠券" hint="下单时在确认订单页选择使用">
      <Tabs
        activeKey={state}
        onChange={(key) => {
          setState(key as GrantState);
          setPage(1);
        }}
        items={TABS.map((key) => ({ key, label: GRANT_STATES[key] }))}
      />
      {list.isPending ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description="暂无优惠券" />
      ) : (
        <div className={styles.vouchers} role="list" aria-label={GRANT_STATES[state]}>
          {rows.map((v) => (
            <VoucherCard key={v.voucher_orders_id} v={v} />
          ))}
        </div>
      )}
      {(list.data?.total ?? 0) > 10 && (
        <PaginationBar total={list.data?.total ?? 0} page={page} limit={10} onChange={(p) => setPage(p)} />
      )}
    </PageShell>
  );
}
