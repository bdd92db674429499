import { ListPage } from '../../components/part-list-panel/list-page';
import { PartListPanel } from '../../components/part-list-panel/part-list-panel';
import { fetchHotRecommends, hotRecommendKeys } from './api/hot-recommend-queries';

/** /parts/hot_recommend: 热门推荐. */
export default function HotRecommendPage() {
  return (
    <ListPage title="热门推荐" crumbs={[{ label: '首页', to: '/home' }, { label: '热门推荐' }]}>
      <PartListPanel queryKey={hotRecommendKeys.all()} fetchPage={fetchHotRecommends} />
    </ListPage>
  );
}
