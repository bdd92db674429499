import { Empty, Table } from 'antd';
import { Link } from 'react-router';
import type { ProductDetail } from '@shop/core/api/parts';
import { formatPrice } from '../../product-card/product-card-format';
import styles from '../part-detail-view.module.css';

export const NO_PURCHASES_TEXT = '未查询到购买记录';

/** 购买记录: the company's orders of this part, linking to the order detail. */
export function PurchaseTab({ orders }: { orders: ProductDetail['order_list'] }) {
  if (orders.length === 0) return <Empty description={NO_PURCHASES_TEXT} />;
  return (
    <Table
      size="small"
      bordered
      pagination={orders.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      rowKey="key"
      dataSource={orders.map((o, index) => ({ ...o, key: index }))}
      columns={[
        { title: '日期', dataIndex: 'create_date', width: 180 },
        {
          title: '订单号',
          dataIndex: 'orders_no',
          render: (no: string, r) => (
            <Link className={styles.link} to={`/profile/myorder/detail?id=${r.orders_id}`}>
              {no}
            </Link>
          ),
        },
        { title: '订单状态', dataIndex: 'status_cn', width: 120 },
        { title: '数量', dataIndex: 'quantity', width: 90, align: 'right' },
        { title: '单价', dataIndex: 'price', width: 120, align: 'right', render: (p: string) => formatPrice(p) },
      ]}
    />
  );
}
