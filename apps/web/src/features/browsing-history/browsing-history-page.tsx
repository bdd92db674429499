import { PageShell } from '../../components/page-shell/page-shell';
import { PartListPanel } from '../../components/part-list-panel/part-list-panel';
import { fetchBrowsingHistory, historyKeys } from './api/history-queries';

/** /profile/browsing_history: 浏览记录 (recorded when a part detail is opened). */
export default function BrowsingHistoryPage() {
  return (
    <PageShell title="浏览记录" hint="最近浏览的配件">
      <PartListPanel queryKey={historyKeys.all()} fetchPage={fetchBrowsingHistory} />
    </PageShell>
  );
}
