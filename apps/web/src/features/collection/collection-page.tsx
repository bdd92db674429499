import { ListPage } from '../../components/part-list-panel/list-page';
import { PartListPanel } from '../../components/part-list-panel/part-list-panel';
import { collectionKeys, fetchFavourites } from './api/collection-queries';

/** /profile/collection: 我的收藏. Cancelling a favourite removes the row (the list is fetched again). */
export default function CollectionPage() {
  return (
    <ListPage title="我的收藏" crumbs={[{ label: '首页', to: '/home' }, { label: '个人中心' }, { label: '我的收藏' }]}>
      <PartListPanel
        queryKey={collectionKeys.all()}
        fetchPage={fetchFavourites}
        leavesList={(patch) => patch.is_sub === 0}
      />
    </ListPage>
  );
}
