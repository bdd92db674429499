import { Button, Popconfirm, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '../../components/load-error';

/**
 * The pieces the category and vehicle trees share: the whole tree in one table (loading, empty
 * and error states), a delete button that asks first, and the edit dialog that sends once.
 */
export function TreeTable<Q, R extends object>({
  query,
  rows,
  rowKey,
  columns,
  emptyText,
}: {
  query: UseQueryResult<Q>;
  rows: (data: Q) => R[];
  rowKey: keyof R & string;
  columns: TableColumnsType<R>;
  emptyText: string;
}) {
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<R>
      size="middle"
      rowKey={rowKey}
      loading={query.isFetching}
      dataSource={query.data === undefined ? [] : rows(query.data)}
      pagination={false}
      locale={{ emptyText: query.isPending ? '加载中…' : emptyText }}
      columns={columns}
    />
  );
}

export function DeleteButton({
  what,
  disabled,
  onConfirm,
}: {
  what: string;
  disabled: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <Popconfirm
      title={`删除${what}？`}
      okText="删除"
      cancelText="取消"
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button size="small" danger disabled={disabled}>
        删除
      </Button>
    </Popconfirm>
  );
}
