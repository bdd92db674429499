import { ListPage } from '../../components/part-list-panel/list-page';
import { PartListPanel } from '../../components/part-list-panel/part-list-panel';
import { fetchBrowsingHistory, historyKeys } from './api/history-queries';

/** /profile/browsing_history: 浏览记录 (recorded when a part detail is opened). */
export default function BrowsingHistoryPage() {
  return (
    <ListPage
      title="浏览记录"
      hint="最近浏览的配件"
      crumbs={[{ label: '首页', to: '/home' }, { label: '个人中心' }, { label: '浏览记录' }]}
    >
      <PartListPanel queryKey={historyKeys.all()} fetchPage={fetchBrowsingHistory} />
    </ListPage>
  );
}
