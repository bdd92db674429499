import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isMultiNumberKeyword } from '@shop/core/multi-number';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb';
import { DetailDrawer } from '../../components/detail-drawer/detail-drawer';
import { HotRankPanel } from '../../components/hot-rank-panel/hot-rank-panel';
import { MultiNumberBox } from '../../components/multi-number-box/multi-number-box';
import { catalogQueries } from './api/catalog-queries';
import { PartsSection } from './components/parts-section';
import { usePaging } from '../../lib/use-paging';
import { MultiNumberResult } from './multi-number-result';
import { notFoundNumbers, searchedLine } from './search-result';
import styles from './components/catalog.module.css';

/**
 * /parts/result?keyword=&t=: the search results, with the multi-number box and the hot rank
 * panel at the side; a click on a hot-rank item opens the detail drawer (spec.md 'Hot rank
 * panel'). A keyword of several lines (or 'number=quantity') is a multi-number search: one group
 * per line (MultiNumberResult).
 */
export default function SearchResultPage() {
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const { params, page, limit, setPaging } = usePaging();
  const keyword = params.get('keyword')?.trim() ?? '';
  const t = params.get('t') ?? '';
  const multi = isMultiNumberKeyword(keyword);
  const query = useQuery({
    ...catalogQueries.search(keyword, page, limit, t),
    enabled: keyword.length > 0 && !multi,
  });
  const shown = searchedLine(keyword);

  return (
    <div className={styles.page}>
      <Breadcrumb items={[{ label: '首页', to: '/home' }, { label: '搜索结果' }]} />
      <div className={styles.columns}>
        <main className={styles.main}>
          <div className={styles.heading}>
            <h1>搜索结果</h1>
            {keyword && !multi && (
              <span className={styles.headingNote}>
                关键词 <span className={styles.keyword}>“{shown}”</span>
                {query.data && `，共找到 ${query.data.total} 个配件`}
              </span>
            )}
          </div>
          {multi ? (
            // A new search (another keyword, or the same one again: t) starts afresh: the quantities
            // typed and the rows ticked belong to the search they were made on.
            <MultiNumberResult key={`${t}\n${keyword}`} keyword={keyword} t={t} />
          ) : keyword ? (
            <PartsSection
              query={query}
              page={page}
              limit={limit}
              onPage={setPaging}
              notFound={notFoundNumbers(keyword, query.data?.total)}
              emptyText="未找到相关配件，请换个关键词试试"
            />
          ) : (
            <div className={styles.pad}>请先输入搜索关键词</div>
          )}
        </main>
        <aside className={styles.side}>
          <MultiNumberBox key={`${keyword}|${t}`} initialText={multi ? keyword : ''} className={styles.sideBlock} />
          <HotRankPanel onItemClick={(item) => setDrawerId(item.product_id)} />
        </aside>
      </div>
      <DetailDrawer productId={drawerId} onClose={() => setDrawerId(null)} />
    </div>
  );
}
