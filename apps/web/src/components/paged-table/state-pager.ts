import type { TablePaginationConfig } from 'antd';

/** A table's pager whose page lives in the screen's state (not the address): a fixed size, no size changer. */
export function statePager(
  page: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
): TablePaginationConfig {
  return { current: page, pageSize, total: total ?? 0, showSizeChanger: false, onChange };
}
