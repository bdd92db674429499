import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import type { AdjustItem, AdjustListRequest } from '@shop/core/api/price-protection';
import { FilterBar } from '../../components/paged-table/filter-bar';
import { PagedListPage, type PagedListPageProps } from '../../components/paged-table/paged-list-page';
import { useUrlFilters } from '../../components/paged-table/paged-table';
import { keepPriceQueries } from './api/keep-price-queries';

const DEFAULTS = { keyword: '' };

export interface AdjustListPageProps extends Pick<
  PagedListPageProps<AdjustItem>,
  'title' | 'hint' | 'actions' | 'crumbs' | 'emptyText'
> {
  /** The shop's price changes ('all') or those that compensated the company ('mine'). */
  scope: AdjustListRequest['scope'];
  columns: TableColumnsType<AdjustItem>;
}

/** A page of price changes searched by keyword; keyword, page and size live in the address. */
export function AdjustListPage({ scope, columns, ...page }: AdjustListPageProps) {
  const { filters, setFilters, paging } = useUrlFilters(DEFAULTS);
  const list = useQuery(
    keepPriceQueries.adjust({ scope, keyword: filters.keyword, page: paging.page, limit: paging.limit }),
  );
  return (
    <PagedListPage<AdjustItem> {...page} rowKey="adjust_id" columns={columns} query={list} paging={paging}>
      <FilterBar
        filters={filters}
        onSearch={setFilters}
        inputs={[{ name: 'keyword', placeholder: '商品名称 / 编码 / OE号' }]}
      />
    </PagedListPage>
  );
}
