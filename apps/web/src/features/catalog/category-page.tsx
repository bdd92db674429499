import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Result, Skeleton } from 'antd';
import { Breadcrumb, type BreadcrumbItem } from '../../components/breadcrumb/breadcrumb';
import { CATEGORY_MISSING_TEXT, type CategoryRef } from '@shop/core/api/catalog';
import type { CategoryNode } from '@shop/core/api/home';
import { LoadError } from '../../components/load-error/load-error';
import { isRefusal } from '../../lib/api-client';
import { catalogQueries } from './api/catalog-queries';
import { categoryLink } from './category-path';
import { PartsSection } from './components/parts-section';
import { usePaging } from '../../lib/use-paging';
import styles from './components/catalog.module.css';

function crumbsFor(path: CategoryRef[]): BreadcrumbItem[] {
  return [
    { label: '首页', to: '/home' },
    { label: '配件', to: '/parts/list' },
    ...path.map((c, i) => ({ label: c.l_name_zh, to: categoryLink(c.product_type_id, i + 1) })),
  ];
}

/**
 * /parts/category and /parts/sub_categories without an id: every top-level category with its
 * second-level categories as tiles (from the category tree the header's panel reads too).
 */
function AllCategories() {
  const tree = useQuery(catalogQueries.categoryTree());
  return (
    <div className={styles.page}>
      <Breadcrumb items={[...crumbsFor([]), { label: '全部分类' }]} />
      <div className={styles.heading}>
        <h1>全部分类</h1>
      </div>
      {tree.isPending ? (
        <div className={styles.pad}>
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      ) : tree.isError ? (
        <LoadError error={tree.error} onRetry={() => void tree.refetch()} retrying={tree.isFetching} />
      ) : tree.data.length === 0 ? (
        <Empty description="暂无分类" />
      ) : (
        tree.data.map((group: CategoryNode) => (
          <section key={group.product_type_id} aria-label={group.l_name_zh} className={styles.group}>
            <h2 className={styles.groupTitle}>
              <Link to={categoryLink(group.product_type_id, 1)}>{group.l_name_zh}</Link>
            </h2>
            {group.children.length > 0 && (
              <nav className={styles.tiles} aria-label={`${group.l_name_zh}的下级分类`}>
                {group.children.map((c) => (
                  <Link key={c.product_type_id} className={styles.tile} to={categoryLink(c.product_type_id, 2)}>
                    {c.l_name_zh}
                  </Link>
                ))}
              </nav>
            )}
          </section>
        ))
      )}
    </div>
  );
}

/**
 * /parts/category?id= (second level: its children as tiles, then its parts) and
 * /parts/sub_categories?id= (third level: its parts). Both with the breadcrumb path; without an
 * id, the list of all categories.
 */
export function CategoryPage({ level }: { level: 2 | 3 }) {
  const [search] = useSearchParams();
  return search.get('id') ? <OneCategory level={level} /> : <AllCategories />;
}

/** The category of the address's id (a missing or refused one: '分类不存在'). */
function OneCategory({ level }: { level: 2 | 3 }) {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const { page, limit, setPaging } = usePaging();
  const child = useQuery({ ...catalogQueries.categoryChild(id), enabled: id > 0 });
  const parts = useQuery({ ...catalogQueries.productList({ page, limit, product_type_id: id }), enabled: id > 0 });

  // A category the server refuses ('分类不存在') is missing; any other failure can be retried.
  if (child.isError && !child.data && !isRefusal(child.error)) {
    return (
      <div className={styles.page}>
        <Breadcrumb items={crumbsFor([])} />
        <LoadError error={child.error} onRetry={() => void child.refetch()} retrying={child.isFetching} />
      </div>
    );
  }
  if (id <= 0 || (child.isError && !child.data)) {
    return (
      <div className={styles.page}>
        <Breadcrumb items={crumbsFor([])} />
        <Result
          status="404"
          title={CATEGORY_MISSING_TEXT}
          // The server's reason, unless it only says the same again.
          subTitle={child.error?.message === CATEGORY_MISSING_TEXT ? undefined : child.error?.message}
          extra={<Link to="/parts/list">查看全部配件</Link>}
        />
      </div>
    );
  }
  const path = child.data?.breadcrumbs ?? [];
  const name = path.at(-1)?.l_name_zh;

  return (
    <div className={styles.page}>
      <Breadcrumb items={crumbsFor(path)} />
      <div className={styles.heading}>
        <h1>{name ?? '\u00a0'}</h1>
        {parts.data && <span className={styles.headingNote}>共 {parts.data.total} 个配件</span>}
      </div>
      {level === 2 &&
        (child.isPending ? (
          <div className={styles.pad}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </div>
        ) : (
          child.data.list.length > 0 && (
            <nav className={styles.tiles} aria-label="下级分类">
              {child.data.list.map((c) => (
                <Link key={c.product_type_id} className={styles.tile} to={categoryLink(c.product_type_id, c.level)}>
                  {c.l_name_zh}
                </Link>
              ))}
            </nav>
          )
        ))}
      <PartsSection query={parts} page={page} limit={limit} onPage={setPaging} emptyText="该分类下暂无配件" />
    </div>
  );
}

export function SecondLevelCategoryPage() {
  return <CategoryPage level={2} />;
}

export function ThirdLevelCategoryPage() {
  return <CategoryPage level={3} />;
}
