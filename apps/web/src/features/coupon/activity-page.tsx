import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Empty, Spin, Tag } from 'antd';
import { opensActivityZone } from '@shop/core/account-rights';
import { COUPON_TEXTS } from '@shop/core/coupons';
import type { ProductRowPage } from '@shop/core/api/parts';
import { ListPage } from '../../components/part-list-panel/list-page';
import { EmptyState } from '../../components/page-shell/page-shell';
import { userQueries } from '../../entities/user/user-queries';
import { PartListPanel } from '../../components/part-list-panel/part-list-panel';
import { apiPost } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import {
  COUPON_PATH,
  couponKeys,
  couponQueries,
  type ActivityZone,
  useClaimVoucher,
} from '../../entities/coupon/coupon-queries';
import styles from './coupon.module.css';

/**
 * /parts/activity: the activity zone (spec.md sections 2 and 6; docs/coupons.md). The running
 * activities as tabs with their image, the activity's campaign vouchers to claim
 * (getActivityVoucher, sendVoucherNum) and its parts (getList). An account whose profile has
 * activity_flag 0 is told the zone is not open to it (core opensActivityZone, the server's rule).
 */
export default function ActivityPage() {
  const { data: user } = useQuery(userQueries.info());
  // Only for a profile with activity_flag 1 (spec.md sections 2 and 6), as the nav and the server say.
  const open = opensActivityZone(user);
  const slides = useQuery({
    queryKey: [...couponKeys.all(), 'slides'],
    queryFn: ({ signal }) => apiPost<ActivityZone['activities']>(`${COUPON_PATH}/getSlideSecActivity`, {}, { signal }),
    enabled: open,
  });
  const [chosen, setChosen] = useState<number>();
  const list = slides.data ?? [];
  const activity = list.find((a) => a.activity_id === chosen) ?? list[0];
  const crumbs = [{ label: '首页', to: '/home' }, { label: '活动专区' }];
  if (user && !open) {
    // Reached by its address: told why, and the server is not asked.
    return (
      <ListPage title="活动专区" crumbs={crumbs}>
        <EmptyState text={COUPON_TEXTS.zoneClosed}>
          <Link to="/home">返回首页</Link>
        </EmptyState>
      </ListPage>
    );
  }
  if (slides.isPending) return <Spin />;
  if (!activity) {
    return (
      <ListPage title="活动专区" crumbs={crumbs}>
        <Empty description="暂无进行中的活动" />
      </ListPage>
    );
  }
  return (
    <ListPage title="活动专区" crumbs={crumbs}>
      {list.length > 1 && (
        <div className={styles.tabs} role="tablist" aria-label="活动">
          {list.map((a) => (
            <Button
              key={a.activity_id}
              role="tab"
              aria-selected={a.activity_id === activity.activity_id}
              type={a.activity_id === activity.activity_id ? 'primary' : 'default'}
              onClick={() => setChosen(a.activity_id)}
            >
              {a.name}
            </Button>
          ))}
        </div>
      )}
      <div className={styles.banner}>
        {activity.image && <img src={activity.image} alt={activity.name} className={styles.bannerImage} />}
        <div>
          <h2 className={styles.activityName}>{activity.name}</h2>
          <div className={styles.sub}>
            活动时间：{activity.starts_on} 至 {activity.ends_on}
          </div>
          {activity.description && <div>{activity.description}</div>}
        </div>
      </div>
      <ActivityVouchers activityId={activity.activity_id} />
      <PartListPanel
        queryKey={couponKeys.zone(activity.activity_id, 0, 0, 1)}
        fetchPage={(page, limit, signal): Promise<ProductRowPage> =>
          apiPost<ActivityZone>(
            `${COUPON_PATH}/getList`,
            { activity_id: activity.activity_id, page, limit },
            { signal },
          )
        }
      />
    </ListPage>
  );
}

function ActivityVouchers(props: { activityId: number }) {
  const vouchers = useQuery(couponQueries.activityVouchers(props.activityId));
  const claim = useClaimVoucher();
  const list = vouchers.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className={styles.vouchers} aria-label="活动优惠券" role="list">
      {list.map((v) => (
        <div key={v.voucher_id} className={styles.voucher} role="listitem">
          <div className={styles.voucherValue}>¥{v.value.replace(/\.00$/, '')}</div>
          <div className={styles.voucherBody}>
            <Tag color="red">{v.title}</Tag>
            <div>{v.name}</div>
            <div className={styles.sub}>
              {v.scope_text} · {v.valid_from} 至 {v.valid_to} · 已领 {v.claimed}/{v.per_company_uses}
            </div>
          </div>
          <Button
            type="primary"
            danger
            disabled={v.can_claim !== 1}
            loading={claim.isPending && claim.variables === v.voucher_id}
            onClick={() =>
              void claim
                .mutateAsync(v.voucher_id)
                .then((msg) => notify.success(msg))
                .catch(() => {})
            }
          >
            {v.can_claim === 1 ? '立即领取' : v.claimed >= v.per_company_uses ? '已领取' : '已领完'}
          </Button>
        </div>
      ))}
    </div>
  );
}
