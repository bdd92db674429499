import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ProductRowPage } from '@shop/core/api/parts';
import { PaginationBar } from '../../../components/pagination-bar/pagination-bar';
import { PartGroup } from '../../../components/part-group/part-group';
import styles from './catalog.module.css';

export interface PartsSectionProps {
  query: UseQueryResult<ProductRowPage>;
  page: number;
  limit: number;
  onPage: (page: number, limit: number) => void;
  /** Searched numbers that matched nothing (red rows). */
  notFound?: string[];
  emptyText?: string;
}

/** A part group with its pagination bar, loading, empty and error states. */
export function PartsSection({ query, page, limit, onPage, notFound, emptyText }: PartsSectionProps) {
  if (query.isError && !query.data) {
    const message = query.error instanceof Error && query.error.message ? query.error.message : '网络异常，请稍后重试';
    return (
      <Result
        status="warning"
        title="加载失败"
        subTitle={message}
        extra={
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            重试
          </Button>
        }
      />
    );
  }
  const data = query.data;
  return (
    <div className={styles.section}>
      <PartGroup
        rows={data?.list ?? []}
        notFound={notFound}
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        emptyText={emptyText}
      />
      {data && data.total > 0 && <PaginationBar total={data.total} page={page} limit={limit} onChange={onPage} />}
    </div>
  );
}
