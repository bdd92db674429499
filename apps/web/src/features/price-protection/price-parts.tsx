import { Link } from 'react-router';
import { Tag } from 'antd';
import type { AdjustItem } from '@shop/core/api/price-protection';
import { priceProtectionBadge } from '@shop/core/part-display';
import { variant } from '../../lib/brand';
import { PartPic } from '../../components/part-pic/part-pic';
import styles from './price-protection.module.css';

/** A part cell of the price pages: picture, name (to the detail), own code and the protection badge. */
export function PartCell({
  item,
  withPic = true,
}: {
  item: Pick<AdjustItem, 'product_id' | 'pic' | 'l_name_zh' | 'frey_no' | 'scm_classification'>;
  withPic?: boolean;
}) {
  const badge = priceProtectionBadge(variant, item.scm_classification);
  return (
    <div className={styles.part}>
      {withPic && <PartPic className={styles.pic} pic={item.pic} name={item.l_name_zh} lazy />}
      <div>
        <Link to={`/parts/details?id=${item.product_id}`}>{item.l_name_zh}</Link>
        <div className={styles.code}>
          {item.frey_no} {badge && <Tag color="orange">{badge}</Tag>}
        </div>
      </div>
    </div>
  );
}

/** Old → new price, green when it went down. */
export function PriceChange({
  item,
  shown,
}: {
  item: Pick<AdjustItem, 'old_price' | 'new_price' | 'direction'>;
  shown: boolean;
}) {
  if (!shown) return <span className={styles.code}>价格不可见</span>;
  return (
    <span className={item.direction === 'down' ? styles.down : item.direction === 'up' ? styles.up : undefined}>
      {item.old_price === null ? '—' : `¥${item.old_price}`} → {item.new_price === null ? '—' : `¥${item.new_price}`}
      {item.direction === 'down' ? ' ↓' : item.direction === 'up' ? ' ↑' : ''}
    </span>
  );
}
