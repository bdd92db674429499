import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import type { ReturnDetail } from '@shop/core/api/orders';
import { apiDownload } from '../../lib/api-client';
import { orderQueries } from '../../entities/order/order-queries';
import { LinesTable } from '../../components/lines-table/lines-table';
import { idOf } from '@shop/core/api/id-input';
import { DetailFallback, StatusTag, FactList, partColumn } from './order-parts';
import styles from './orders.module.css';
import { notifyError } from '../../lib/notify';

type Line = ReturnDetail['items'][number];

/** Opens a return picture in a new tab (it needs the login header, so it is fetched first). */
async function openPicture(path: string): Promise<void> {
  const [pathname, search = ''] = path.split('?');
  const file = await apiDownload(pathname!, Object.fromEntries(new URLSearchParams(search)), '图片').catch(
    (err: unknown) => {
      notifyError(err);
      return undefined;
    },
  );
  if (!file) return;
  const url = URL.createObjectURL(file.blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** /profile/return_orders_detail?id=: one purchase return with its lines and the review note. */
export default function ReturnDetailPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const detail = useQuery({ ...orderQueries.returnDetail(id ?? 0), enabled: id !== undefined });
  if (id === undefined || !detail.isSuccess) {
    return (
      <DetailFallback
        failed={id === undefined || detail.isError}
        notFound="退货单不存在"
        back={{ to: '/profile/return_orders', label: '返回退货单' }}
      />
    );
  }
  const r = detail.data;
  const columns: TableColumnsType<Line> = [
    partColumn(),
    { title: '单价', key: 'price', width: 100, render: (_, l) => `¥${l.price}` },
    { title: '数量', dataIndex: 'quantity', key: 'q', width: 70 },
    { title: '小计', key: 't', width: 110, render: (_, l) => `¥${l.total_price}` },
  ];
  return (
    <>
      <section className={styles.card} aria-label="退货信息">
        <div className={styles.head}>
          <h1 className={styles.title}>
            退货单 {r.return_no} <StatusTag status={r.status} text={r.status_cn} />
          </h1>
        </div>
        <FactList
          facts={[
            { label: '订单号', value: <Link to={`/profile/myorder/detail?id=${r.orders_id}`}>{r.orders_no}</Link> },
            { label: '申请时间', value: r.create_date },
            { label: '退货金额', value: `¥${r.total_amount}`, className: styles.amount },
            { label: '退货原因', value: r.reason || '—' },
            { label: '审核时间', value: r.reviewed_at || '—' },
            { label: '审核说明', value: r.staff_note || '—' },
            { label: '申请方式', value: r.source === 'dealer' ? '自助申请' : '客服代办' },
            {
              label: '图片',
              value: (
                <>
                  {r.pictures.map((path, i) => (
                    <Button key={path} type="link" size="small" onClick={() => void openPicture(path)}>
                      图片 {i + 1}
                    </Button>
                  ))}
                </>
              ),
              className: styles.actions,
              show: r.pictures.length > 0,
            },
          ]}
        />
      </section>
      <section className={styles.card} aria-label="退货商品">
        <h2 className={styles.subtitle}>退货商品（{r.total_quantity} 件）</h2>
        <LinesTable<Line> rowKey="product_id" columns={columns} dataSource={r.items} />
      </section>
    </>
  );
}
