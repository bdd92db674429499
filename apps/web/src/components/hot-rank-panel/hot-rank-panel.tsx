import { useState } from 'react';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { HotSalesAndSearch } from '@shop/core/api/parts';
import { hotRankQuery } from './hot-rank-queries';
import styles from './hot-rank-panel.module.css';

export type HotRankItem = HotSalesAndSearch['hot_sales_list'][number];

export const HOT_RANK_FAILED_TEXT = '加载失败，请刷新';
export const HOT_RANK_EMPTY_TEXT = '暂无数据，请刷新';

const TABS = [
  { key: 'hot_sales_list', label: '热销榜' },
  { key: 'hot_search_list', label: '热搜榜' },
] as const;

/**
 * The hot rank panel (spec.md section 2): tabs '热销榜' / '热搜榜', rank numbers with the top
 * three highlighted, number and name. A click calls `onItemClick` (the page opens the detail
 * drawer or navigates). The failure and empty texts refresh on click.
 */
export function HotRankPanel({ onItemClick }: { onItemClick: (item: HotRankItem) => void }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('hot_sales_list');
  const query = useQuery(hotRankQuery());
  const items = query.data?.[tab] ?? [];

  return (
    <section className={styles.panel} aria-label="排行榜">
      <div className={styles.tabs} role="tablist">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            className={`${styles.tab} ${tab === t.key ? styles.tabActive : ''}`}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <div className={styles.body}>
          <Skeleton active title={false} paragraph={{ rows: 6 }} />
        </div>
      ) : query.isError || items.length === 0 ? (
        <button type="button" className={styles.message} onClick={() => void query.refetch()}>
          {query.isError ? HOT_RANK_FAILED_TEXT : HOT_RANK_EMPTY_TEXT}
        </button>
      ) : (
        <ol className={styles.list}>
          {items.map((item, index) => (
            <li key={`${item.product_id}-${index}`}>
              <button type="button" className={styles.item} onClick={() => onItemClick(item)}>
                <span className={`${styles.rank} ${index < 3 ? styles.top : ''}`}>{index + 1}</span>
                <span className={styles.text}>
                  <span className={styles.number}>{item.number}</span>
                  <span className={styles.name}>{item.product_name}</span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
