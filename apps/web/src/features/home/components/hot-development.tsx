import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { LikeOutlined } from '@ant-design/icons';
import type { DevelopmentItem } from '@shop/core/api/development';
import { LazyEmpty } from '../../../components/lazy-empty/lazy-empty';
import styles from './hot-development.module.css';

/**
 * The home floor 热门开发: the most liked development requests, each with its vehicle, OE number,
 * status and likes; a click leads to the 'I want to develop' page where dealers like and add.
 */
export function HotDevelopment({ items, loading }: { items: DevelopmentItem[] | undefined; loading: boolean }) {
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!items || items.length === 0) {
    return (
      <LazyEmpty description="暂无开发需求">
        <Link to="/profile/product_develop">提交开发需求</Link>
      </LazyEmpty>
    );
  }
  return (
    <ol className={styles.list}>
      {items.map((item, i) => (
        <li key={item.id} className={styles.item}>
          <span className={styles.rank}>{i + 1}</span>
          <Link to="/profile/product_develop?tab=hot" className={styles.name} title={item.part_name}>
            {item.part_name}
          </Link>
          <span className={styles.meta}>{[item.vehicle, item.oe_number].filter(Boolean).join(' · ') || '—'}</span>
          <span className={styles.status}>{item.status_text}</span>
          <span className={styles.likes} aria-label={`${item.like_count} 个赞`}>
            <LikeOutlined /> {item.like_count}
          </span>
        </li>
      ))}
    </ol>
  );
}
