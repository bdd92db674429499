import { Tabs } from 'antd';
import { PageShell } from '../../components/page-shell';
import { useUrlQuery } from '../../lib/use-url-query';
import { BannersTab } from './banners-tab';
import { KeywordsTab } from './keywords-tab';
import { PartsTab } from './parts-tab';

const TABS = [
  { key: 'banners', label: '首页轮播图' },
  { key: 'hot-keywords', label: '热门关键词' },
  { key: 'hot-recommends', label: '热门推荐' },
  { key: 'new-arrivals', label: '新品' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * /admin/content: what the dealers' home shows (content.manage): the banner carousel with its
 * schedule, the hot keywords, the hot recommendations and the new arrivals. The tab is in the
 * address; the dealers see a change at once.
 */
export function ContentPage() {
  const { filters, setFilters } = useUrlQuery(['tab'] as const);
  const tab: TabKey = TABS.some((t) => t.key === filters.tab) ? (filters.tab as TabKey) : 'banners';
  return (
    <PageShell title="首页内容">
      <Tabs
        activeKey={tab}
        onChange={(key) => setFilters({ tab: key === 'banners' ? '' : key })}
        destroyOnHidden
        items={TABS.map((t) => ({
          key: t.key,
          label: t.label,
          children:
            t.key === 'banners' ? (
              <BannersTab />
            ) : t.key === 'hot-keywords' ? (
              <KeywordsTab />
            ) : (
              <PartsTab list={t.key} />
            ),
        }))}
      />
    </PageShell>
  );
}
