import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { STOCK_ROUTE_NAME } from '@shop/core/part-display';
import { ListPage } from '../../components/part-list-panel/list-page';
import { PartListPanel } from '../../components/part-list-panel/part-list-panel';
import {
  STOCK_ARRIVAL_TABS,
  isStockArrivalTab,
  stockArrivalFetcher,
  stockArrivalKeys,
  type StockArrivalTab,
} from './api/stock-arrival-queries';

/**
 * /parts/stock (the route named 'stock'): 到货通知 with out-of-stock parts, ordered parts that
 * arrived and the account's arrival notices. On this route exact stock shows without the
 * 'view stock' link (spec.md section 2).
 */
export default function StockArrivalPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: StockArrivalTab = isStockArrivalTab(raw) ? raw : 'out';

  return (
    <ListPage title="到货通知" crumbs={[{ label: '首页', to: '/home' }, { label: '到货通知' }]}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={STOCK_ARRIVAL_TABS.map((t) => ({ key: t.key, label: t.label }))}
      />
      <PartListPanel
        key={tab}
        queryKey={stockArrivalKeys.list(tab)}
        fetchPage={stockArrivalFetcher(tab)}
        routeName={STOCK_ROUTE_NAME}
      />
    </ListPage>
  );
}
