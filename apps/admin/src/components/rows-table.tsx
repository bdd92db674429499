import { Table, type TableProps } from 'antd';

export interface RowsTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'locale'> {
  /** Every row: the list is short and loaded with its page (a detail's lines, accounts...). */
  rows: readonly T[];
  /** What an empty list says. */
  emptyText?: string;
}

/** A table of a whole (short) list inside a detail or a dialog: no pager, small unless told. */
export function RowsTable<T extends object>({ rows, emptyText, size = 'small', ...table }: RowsTableProps<T>) {
  return (
    <Table<T>
      size={size}
      pagination={false}
      dataSource={rows}
      locale={emptyText === undefined ? undefined : { emptyText }}
      {...table}
    />
  );
}
