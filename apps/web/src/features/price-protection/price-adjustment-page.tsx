import { Link } from 'react-router';
import type { TableColumnsType } from 'antd';
import type { AdjustItem } from '@shop/core/api/price-protection';
import { cardPriceShown } from '@shop/core/part-display';
import { PRICE_PROTECTION_TEXTS as T } from '@shop/core/price-protection';
import { variant } from '../../lib/brand';
import { usePreferences } from '../../lib/preferences';
import { AdjustListPage } from './adjust-list-page';
import { PartCell, PriceChange } from './price-parts';
import styles from './price-protection.module.css';

/**
 * /parts/price_adjustment: the parts whose dealers' price changed lately (old and new price,
 * newest first; docs/price-protection.md). Keyword, page and size live in the address.
 */
export default function PriceAdjustmentPage() {
  const shown = cardPriceShown(variant, usePreferences((s) => s.showPrice) ? 1 : 2);
  const columns: TableColumnsType<AdjustItem> = [
    { title: '商品', key: 'part', render: (_, r) => <PartCell item={r} /> },
    { title: 'OE号', dataIndex: 'oe_number', key: 'oe', width: 160 },
    { title: '价格变动', key: 'price', width: 220, render: (_, r) => <PriceChange item={r} shown={shown} /> },
    {
      title: '价保天数',
      key: 'days',
      width: 90,
      render: (_, r) => (r.protection_days === null ? '—' : `${r.protection_days} 天`),
    },
    { title: '调价时间', dataIndex: 'adjust_time', key: 'time', width: 170 },
  ];
  return (
    <div className={`shop-container ${styles.page}`}>
      <AdjustListPage
        scope="all"
        title={T.adjustTitle}
        hint="近 180 天经销价调整的商品"
        crumbs={[{ label: '首页', to: '/home' }, { label: T.adjustTitle }]}
        actions={<Link to="/profile/price_protection">我的价格保护</Link>}
        columns={columns}
        emptyText={T.emptyAdjust}
      />
    </div>
  );
}
