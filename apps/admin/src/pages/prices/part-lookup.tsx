import { Form, Input } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../../components/paged-table';
import { FilterBar } from '../../components/filter-bar';
import { apiGet } from '../../lib/api';
import { useUrlQuery } from '../../lib/use-url-query';

const KEYS = ['keyword'] as const;

/**
 * The parts of a prices or stock screen: the keyword (own code, OE number or name) and page in
 * the address, one page of parts from `path` (/api/admin/prices or /api/admin/stock).
 */
export function usePartLookup<T>(path: string, key: string) {
  const paging = useUrlQuery(KEYS);
  const params = { keyword: paging.filters.keyword || undefined, page: paging.page, limit: paging.limit };
  const query = useQuery({
    queryKey: ['admin', key, 'list', params],
    queryFn: () => apiGet<Page<T>>(path, params),
    placeholderData: keepPreviousData,
    meta: { showError: false },
  });
  const filterBar = (
    <FilterBar<{ keyword?: string }>
      initial={{ keyword: paging.filters.keyword || undefined }}
      onSearch={(v) => paging.setFilters({ keyword: v.keyword })}
    >
      <Form.Item name="keyword" label="配件">
        <Input allowClear maxLength={60} placeholder="编号、OE号或名称" style={{ width: 220 }} />
      </Form.Item>
    </FilterBar>
  );
  return { paging, query, filterBar };
}
