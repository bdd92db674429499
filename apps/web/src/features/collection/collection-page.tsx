import { PageShell } from '../../components/page-shell/page-shell';
import { PartListPanel } from '../../components/part-list-panel/part-list-panel';
import { collectionKeys, fetchFavourites } from './api/collection-queries';

/** /profile/collection: 我的收藏. Cancelling a favourite removes the row (the list is fetched again). */
export default function CollectionPage() {
  return (
    <PageShell title="我的收藏">
      <PartListPanel
        queryKey={collectionKeys.all()}
        fetchPage={fetchFavourites}
        leavesList={(patch) => patch.is_sub === 0}
      />
    </PageShell>
  );
}
