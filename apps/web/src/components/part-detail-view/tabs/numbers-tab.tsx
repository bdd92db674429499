import { Empty } from 'antd';
import type { ProductDetail } from '@shop/core/api/parts';
import { LinesTable } from '../../lines-table/lines-table';

export const NO_NUMBERS_TEXT = '暂无通用/替换号数据';

/** 通用/替换号: factory and number. */
export function NumbersTab({ oeList }: { oeList: ProductDetail['oe_list'] }) {
  if (oeList.length === 0) return <Empty description={NO_NUMBERS_TEXT} />;
  return (
    <LinesTable
      bordered
      rowKey="key"
      dataSource={oeList.map((n, index) => ({ ...n, key: index }))}
      columns={[
        { title: '厂家', dataIndex: 'factory', width: 240 },
        { title: '号码', dataIndex: 'display_number' },
      ]}
    />
  );
}
