import { ListPage } from '../../components/part-list-panel/list-page';
import { PartListPanel } from '../../components/part-list-panel/part-list-panel';
import { fetchNewArrivals, newArrivalKeys } from './api/new-arrival-queries';

/** /parts/new: 新品上架. */
export default function NewArrivalsPage() {
  return (
    <ListPage title="新品上架" crumbs={[{ label: '首页', to: '/home' }, { label: '新品上架' }]}>
      <PartListPanel queryKey={newArrivalKeys.all()} fetchPage={fetchNewArrivals} />
    </ListPage>
  );
}
