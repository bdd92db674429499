import { Table, type TableProps } from 'antd';

/** A small table showing all its rows at once, without a pager (an order's lines, a cart's). */
export function LinesTable<T extends object>(props: TableProps<T>) {
  return <Table<T> size="small" pagination={false} {...props} />;
}
