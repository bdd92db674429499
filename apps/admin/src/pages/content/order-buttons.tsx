import { Button, Popconfirm, Space, Table, type TableColumnsType, type TableColumnType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { moved } from './content-api';

/** Up and down for a row of an ordered list: sends the whole new order (disabled while one is sent). */
export function OrderButtons({
  ids,
  index,
  busy,
  onReorder,
}: {
  ids: readonly number[];
  index: number;
  busy: boolean;
  onReorder: (ids: number[]) => void;
}) {
  return (
    <Space size={4}>
      <Button
        size="small"
        aria-label="上移"
        icon={<ArrowUpOutlined />}
        disabled={busy || index === 0}
        onClick={() => onReorder(moved(ids, index, -1))}
      />
      <Button
        size="small"
        aria-label="下移"
        icon={<ArrowDownOutlined />}
        disabled={busy || index === ids.length - 1}
        onClick={() => onReorder(moved(ids, index, 1))}
      />
    </Space>
  );
}

/** The order column of a list staff put in order: up and down on each row. */
export function orderColumn<T>(
  ids: readonly number[],
  reorder: { isPending: boolean; mutate: (ids: number[]) => void },
): TableColumnType<T> {
  return {
    title: '顺序',
    width: 100,
    render: (_: unknown, _row: T, index: number) => (
      <OrderButtons ids={ids} index={index} busy={reorder.isPending} onReorder={(next) => reorder.mutate(next)} />
    ),
  };
}

/** A whole ordered list of content rows (banners, hot keywords) on one table, with its order column. */
export function OrderedTable<T extends { id: number }>({
  query,
  reorder,
  emptyText,
  columns,
}: {
  query: UseQueryResult<T[]>;
  reorder: { isPending: boolean; mutate: (ids: number[]) => void };
  emptyText: string;
  columns: TableColumnsType<T>;
}) {
  const rows = query.data ?? [];
  return (
    <Table<T>
      size="middle"
      rowKey="id"
      loading={query.isFetching}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: query.isPending ? '加载中…' : emptyText }}
      columns={[
        orderColumn<T>(
          rows.map((r) => r.id),
          reorder,
        ),
        ...columns,
      ]}
    />
  );
}

/** Removes a row after a confirm (disabled while a removal is sent). */
export function RemoveButton({
  title,
  label = '删除',
  busy,
  onConfirm,
}: {
  title: string;
  label?: string;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <Popconfirm title={title} okText={label} cancelText="取消" onConfirm={() => onConfirm().catch(() => undefined)}>
      <Button size="small" danger disabled={busy}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/** The 操作 column of a content list: 编辑 opens the row's dialog, 删除 removes it after `confirmTitle`. */
export function editRemoveColumn<T extends { id: number }>(
  onEdit: (row: T) => void,
  remove: { isPending: boolean; mutateAsync: (id: number) => Promise<unknown> },
  confirmTitle: (row: T) => string,
): TableColumnType<T> {
  return {
    title: '操作',
    render: (_: unknown, row: T) => (
      <Space>
        <Button size="small" onClick={() => onEdit(row)}>
          编辑
        </Button>
        <RemoveButton title={confirmTitle(row)} busy={remove.isPending} onConfirm={() => remove.mutateAsync(row.id)} />
      </Space>
    ),
  };
}
