import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { renderRoutes } from '../../test/render-route';
import { MAX_PAGE } from '@shop/core/api/page';
import { FilterBar } from './filter-bar';
import { PagedTable, useUrlFilters } from './paged-table';

interface Row {
  id: number;
  name: string;
}

/** 35 rows whose name contains the keyword's letters; the calls are recorded. */
const calls: { keyword: string; page: number; limit: number }[] = [];
async function fetchRows(keyword: string, page: number, limit: number) {
  calls.push({ keyword, page, limit });
  const all = Array.from({ length: 35 }, (_, i) => ({ id: i + 1, name: `${keyword || '行'}-${i + 1}` }));
  return { total: all.length, list: all.slice((page - 1) * limit, page * limit) };
}

function List() {
  const { filters, setFilters, paging } = useUrlFilters({ keyword: '' });
  const query = useQuery({
    queryKey: ['rows', filters, paging.page, paging.limit],
    queryFn: () => fetchRows(filters.keyword, paging.page, paging.limit),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Input.Search aria-label="关键词" defaultValue={filters.keyword} onSearch={(v) => setFilters({ keyword: v })} />
      <PagedTable<Row>
        rowKey="id"
        columns={[{ title: '名称', dataIndex: 'name', key: 'name' }]}
        query={query}
        paging={paging}
      />
    </>
  );
}

const renderAt = (url: string) => renderRoutes([{ path: '/list', element: <List /> }], [url]);

/** A list with a tab, an id and a date range, each with its rule; what it asks is recorded. */
const asked: Record<string, string | number>[] = [];
const TAB_DEFAULTS = { tab: 'new', group: '', start: '', end: '' };
function RuledList() {
  const { filters, setFilters, paging } = useUrlFilters(TAB_DEFAULTS, {
    rules: { tab: ['new', 'hot'], group: 'id', start: 'day', end: 'day' },
  });
  const query = useQuery({
    queryKey: ['ruled', filters, paging.page, paging.limit],
    queryFn: async () => {
      asked.push({ ...filters, page: paging.page, limit: paging.limit });
      return fetchRows(filters.tab, paging.page, paging.limit);
    },
  });
  return (
    <>
      <div data-testid="tab">{filters.tab}</div>
      <FilterBar
        filters={filters}
        onSearch={setFilters}
        inputs={[]}
        dateRange={{ start: 'start', end: 'end', label: '日期', placeholder: ['开始日期', '结束日期'] }}
      />
      <PagedTable<Row> rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} query={query} paging={paging} />
    </>
  );
}
const renderRuled = (url: string) => renderRoutes([{ path: '/list', element: <RuledList /> }], [url]);

beforeEach(() => {
  calls.length = 0;
  asked.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PagedTable', { timeout: 20_000 }, () => {
  it('reads its filters, page and size from the address (a reload keeps them)', async () => {
    renderAt('/list?keyword=abc&page=2&limit=20');
    expect(await screen.findByText('abc-21')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ keyword: 'abc', page: 2, limit: 20 });
    expect(screen.getByText('共 35 条')).toBeTruthy();
    expect(screen.getByTestId('page-indicator').textContent).toBe('2 / 2');
  });

  it('defaults to page 1 of 10; a size outside 10–200 becomes 10', async () => {
    renderAt('/list?limit=7');
    expect(await screen.findByText('行-1')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ keyword: '', page: 1, limit: 10 });
    expect(screen.queryByText('行-11')).toBeNull();
  });

  it('puts the page in the address: back and forward move between pages', async () => {
    const router = renderAt('/list');
    await screen.findByText('行-1');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('行-11')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2&limit=10');
    await router.navigate(-1);
    expect(await screen.findByText('行-1')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    await router.navigate(1);
    expect(await screen.findByText('行-11')).toBeTruthy();
  });

  it('a new filter goes back to page 1 and keeps the size, in a new history entry', async () => {
    const router = renderAt('/list?page=2&limit=20');
    await screen.findByText('行-21');
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: 'xy' } });
    fireEvent.keyDown(screen.getByLabelText('关键词'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('xy-1')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(router.state.location.search).toContain('limit=20');
    expect(router.state.location.search).toContain('keyword=xy');
    await router.navigate(-1);
    expect(await screen.findByText('行-21')).toBeTruthy();
  });

  it('a failed load shows the reason and a retry that loads again', async () => {
    let fail = true;
    function Failing() {
      const { paging } = useUrlFilters({});
      const query = useQuery({
        queryKey: ['failing'],
        queryFn: async () => {
          if (fail) throw new Error('网络异常，请稍后重试');
          return { total: 1, list: [{ id: 1, name: '恢复了' }] };
        },
      });
      return (
        <PagedTable<Row> rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} query={query} paging={paging} />
      );
    }
    renderRoutes([{ path: '/list', element: <Failing /> }], ['/list']);
    expect(await screen.findByText('网络异常，请稍后重试')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(screen.getByText('恢复了')).toBeTruthy());
  });

  it('reads an unknown tab, a bad id, an impossible day, a malformed page and size as their defaults, and corrects the address in place', async () => {
    const router = renderRuled('/list?tab=evil&group=-3&start=2024-13-45&end=2024-02-30&page=abc&limit=7&other=1');
    expect(await screen.findByText('new-1')).toBeTruthy();
    expect(screen.getByTestId('tab').textContent).toBe('new');
    expect(asked).toEqual([{ tab: 'new', group: '', start: '', end: '', page: 1, limit: 10 }]);
    // No rolled-over day in the picker (2024-13-45 is not 2025-02-14).
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('');
    expect((screen.getByPlaceholderText('结束日期') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&other=1'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the values its rules allow, and shows one end of a date range alone', async () => {
    const router = renderRuled('/list?tab=hot&group=12&end=2024-02-29&page=2&limit=20');
    expect(await screen.findByText('hot-21')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ tab: 'hot', group: '12', start: '', end: '2024-02-29', page: 2, limit: 20 });
    expect((screen.getByPlaceholderText('结束日期') as HTMLInputElement).value).toBe('2024-02-29');
    expect(router.state.location.search).toBe('?tab=hot&group=12&end=2024-02-29&page=2&limit=20');
  });

  it('a page below 1 reads as 1; a huge one asks no more than the server takes, then shows the last page', async () => {
    const low = renderRuled('/list?page=-1');
    expect(await screen.findByText('new-1')).toBeTruthy();
    await waitFor(() => expect(low.state.location.search).toBe('?page=1'));
    cleanup();
    asked.length = 0;
    const high = renderRuled('/list?page=99999999999');
    expect(await screen.findByText('new-31')).toBeTruthy();
    expect(asked[0]).toMatchObject({ page: MAX_PAGE });
    expect(asked.every((a) => Number(a.page) <= MAX_PAGE)).toBe(true);
    await waitFor(() => expect(high.state.location.search).toBe('?page=4&limit=10'));
  });

  it('a page past the end of an empty list goes back to page 1', async () => {
    function Empty() {
      const { paging } = useUrlFilters({});
      const query = useQuery({
        queryKey: ['empty', paging.page],
        queryFn: async () => ({ total: 0, list: [] as Row[] }),
      });
      return (
        <PagedTable<Row> rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} query={query} paging={paging} />
      );
    }
    const router = renderRoutes([{ path: '/list', element: <Empty /> }], ['/list?page=3']);
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&limit=10'));
    await waitFor(() => expect(screen.getByTestId('page-indicator').textContent).toBe('1 / 1'));
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });
});
