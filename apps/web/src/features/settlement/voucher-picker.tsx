import { useQuery } from '@tanstack/react-query';
import { Radio, Spin, Tag } from 'antd';
import type { OrderVoucherOption } from '@shop/core/api/coupons';
import { couponQueries } from '../../entities/coupon/coupon-queries';
import styles from './settlement.module.css';

/**
 * The settlement's 优惠券 block (module coupon, docs/coupons.md): the company's vouchers for the
 * chosen lines (getOrdersVoucherMsg) with what each deducts, or why it cannot be used; one may be
 * chosen. The order checks it again on what it supplies.
 */
export function VoucherPicker(props: {
  cartIds: string;
  value: number | undefined;
  onChange: (option: OrderVoucherOption | undefined) => void;
}) {
  const options = useQuery(couponQueries.forOrder(props.cartIds));
  const list = options.data?.list ?? [];
  return (
    <section className={styles.card} aria-label="优惠券">
      <div className={styles.cardHead}>
        <h2 className={styles.title}>优惠券</h2>
      </div>
      {options.isPending ? (
        <Spin size="small" />
      ) : list.length === 0 ? (
        <span className={styles.sub}>暂无可用优惠券</span>
      ) : (
        <Radio.Group
          className={styles.vouchers}
          value={props.value ?? 0}
          onChange={(e) => props.onChange(list.find((o) => o.voucher_orders_id === Number(e.target.value)))}
          aria-label="选择优惠券"
        >
          <Radio value={0}>不使用优惠券</Radio>
          {list.map((o) => (
            <Radio key={o.voucher_orders_id} value={o.voucher_orders_id} disabled={o.usable !== 1}>
              <Tag color={o.usable === 1 ? 'red' : 'default'}>{o.title}</Tag>
              {o.name}（{o.scope_text}，{o.valid_from} 至 {o.valid_to}）
              {o.usable === 1 ? (
                <b className={styles.deduction}> 可抵扣 ¥{o.deduction}</b>
              ) : (
                <span className={styles.sub}> {o.reason}</span>
              )}
            </Radio>
          ))}
        </Radio.Group>
      )}
    </section>
  );
}
