import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Radio, Tag, type TableColumnsType } from 'antd';
import type { GiftSummary } from '@shop/core/api/points';
import { PageShell } from '../../components/page-shell/page-shell';
import { DownloadButton } from '../../components/download-button/download-button';
import { apiDownload, saveDownloadedFile } from '../../lib/api-client';
import { StatePagedTable } from '../../components/paged-table/state-paged-table';
import { pointsQueries } from './api/points-api';
import styles from './points.module.css';

const STATUS_COLORS: Record<string, string> = {
  pending_shipment: 'orange',
  shipped: 'blue',
  received: 'green',
  cancelled: 'default',
};

/** /profile/my_gift: 我的赠品 (the company's gift orders). */
export default function GiftListPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const gifts = useQuery(pointsQueries.gifts(page, status));
  const columns: TableColumnsType<GiftSummary> = [
    {
      title: '赠品',
      render: (_, g) => (
        <span className={styles.gift}>
          {g.first_pic ? <img src={g.first_pic} alt="" /> : null}
          <span>
            {g.first_name}
            {g.quantity > 1 ? ` 等 ${g.quantity} 件` : ''}
          </span>
        </span>
      ),
    },
    { title: '赠品单号', dataIndex: 'gift_no', width: 190 },
    { title: '兑换时间', dataIndex: 'create_time', width: 170 },
    { title: '积分', dataIndex: 'points_total', width: 90 },
    {
      title: '状态',
      dataIndex: 'status_cn',
      width: 90,
      render: (v: string, g) => <Tag color={STATUS_COLORS[g.status]}>{v}</Tag>,
    },
    {
      title: '操作',
      width: 90,
      render: (_, g) => <Link to={`/profile/my_gift_detail?id=${g.gift_id}`}>查看详情</Link>,
    },
  ];
  return (
    <PageShell
      title="我的赠品"
      actions={
        <DownloadButton
          download={async (onProgress) =>
            saveDownloadedFile(await apiDownload('/api/Shop.Gift/export', { status }, '赠品订单.xlsx', { onProgress }))
          }
        >
          导出
        </DownloadButton>
      }
    >
      <Radio.Group
        style={{ marginBottom: 12 }}
        optionType="button"
        value={status}
        onChange={(e) => {
          setStatus(String(e.target.value));
          setPage(1);
        }}
        options={[
          { label: '全部', value: '' },
          { label: '待发货', value: 'pending_shipment' },
          { label: '已发货', value: 'shipped' },
          { label: '已签收', value: 'received' },
          { label: '已取消', value: 'cancelled' },
        ]}
      />
      <StatePagedTable<GiftSummary>
        rowKey="gift_id"
        columns={columns}
        query={gifts}
        page={page}
        onPage={setPage}
        emptyText="暂无赠品订单"
      />
    </PageShell>
  );
}
