import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { CategoryNode } from '@shop/core/api/home';
import { CATEGORY_MISSING_TEXT } from '@shop/core/api/catalog';
import { Breadcrumb, type BreadcrumbItem } from '../../components/breadcrumb/breadcrumb';
import { CategoryTree } from '../../components/category-tree/category-tree';
import { catalogQueries } from './api/catalog-queries';
import { categoryPath } from './category-path';
import { PartsSection } from './components/parts-section';
import { partsOfMakePath } from '../../lib/catalog-paths';
import { usePaging } from '../../lib/use-paging';
import styles from './components/catalog.module.css';

/**
 * /parts/list: every part, optionally of one make (brand_name_zh) and one category of the tree at
 * the side (product_type_id; clicking the active node again removes the filter).
 */
export default function PartsListPage() {
  const { params, setParams, page, limit, setPaging } = usePaging();
  const brand = params.get('brand_name_zh')?.trim() || undefined;
  const typeId = Number(params.get('product_type_id')) || undefined;
  const tree = useQuery(catalogQueries.categoryTree());
  const query = useQuery(catalogQueries.productList({ page, limit, product_type_id: typeId, brand_name_zh: brand }));

  const path = typeId && tree.data ? categoryPath(tree.data, typeId) : [];
  // An old link to a category that is no longer in the tree: not '全部配件' over an empty list.
  const missingCategory = typeId !== undefined && tree.isSuccess && path.length === 0;
  const crumbs: BreadcrumbItem[] = [
    { label: '首页', to: '/home' },
    { label: '配件', to: brand || typeId ? '/parts/list' : undefined },
  ];
  if (brand) crumbs.push({ label: brand, to: partsOfMakePath(brand) });
  for (const node of path) crumbs.push({ label: node.l_name_zh });

  const select = (node: CategoryNode | null) => {
    const next = new URLSearchParams(params);
    if (node) next.set('product_type_id', String(node.product_type_id));
    else next.delete('product_type_id');
    next.set('page', '1');
    setParams(next);
  };

  return (
    <div className={styles.page}>
      <Breadcrumb items={crumbs} />
      <div className={styles.columns}>
        <aside className={styles.side}>
          <div className={styles.sideBox}>
            <div className={styles.sideTitle}>配件分类</div>
            {tree.isPending ? (
              <div className={styles.pad}>
                <Skeleton active title={false} paragraph={{ rows: 8 }} />
              </div>
            ) : tree.isError ? (
              <button type="button" className={styles.pad} onClick={() => void tree.refetch()}>
                分类加载失败，点击重试
              </button>
            ) : (
              <CategoryTree nodes={tree.data} activeId={typeId ?? null} onSelect={select} />
            )}
          </div>
        </aside>
        <main className={styles.main}>
          <div className={styles.heading}>
            <h1>
              {missingCategory
                ? CATEGORY_MISSING_TEXT
                : (path.at(-1)?.l_name_zh ?? (brand ? `${brand}配件` : '全部配件'))}
            </h1>
            {query.data && <span className={styles.headingNote}>共 {query.data.total} 个配件</span>}
          </div>
          <PartsSection query={query} page={page} limit={limit} onPage={setPaging} emptyText="该条件下暂无配件" />
        </main>
      </div>
    </div>
  );
}
