import { Link } from 'react-router';
import type { TableColumnsType } from 'antd';
import type { AdjustItem } from '@shop/core/api/price-protection';
import { PRICE_PROTECTION_TEXTS as T } from '@shop/core/price-protection';
import { AdjustListPage } from './adjust-list-page';
import { PartCell, PriceChange } from './price-parts';
import styles from './price-protection.module.css';

/**
 * /profile/price_adjustment_record: the price changes that compensated the company, each with its
 * lines, amount, what returns took back and the net; its lines on /profile/price_protection.
 */
export default function PriceAdjustmentRecordPage() {
  const columns: TableColumnsType<AdjustItem> = [
    { title: '商品', key: 'part', render: (_, r) => <PartCell item={r} withPic={false} /> },
    { title: '调价', key: 'price', width: 200, render: (_, r) => <PriceChange item={r} shown /> },
    { title: '调价时间', dataIndex: 'adjust_time', key: 'time', width: 165 },
    { title: '补偿行数', dataIndex: 'lines', key: 'lines', width: 90 },
    {
      title: '补偿 / 扣回 / 净额',
      key: 'amount',
      width: 220,
      render: (_, r) => (
        <>
          <span className={styles.amount}>¥{r.amount}</span> / ¥{r.reversed_amount} / ¥{r.net_amount}
        </>
      ),
    },
    {
      title: '操作',
      key: 'go',
      width: 90,
      render: (_, r) => <Link to={`/profile/price_protection?adjust_id=${r.adjust_id}`}>查看明细</Link>,
    },
  ];
  return (
    <AdjustListPage
      scope="mine"
      title={T.recordTitle}
      hint="每次降价为您补偿的金额"
      actions={<Link to="/profile/price_protection">价格保护明细</Link>}
      columns={columns}
      emptyText={T.emptyRecord}
    />
  );
}
