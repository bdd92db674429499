import { type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { DealerCompanySummary } from '@shop/core/api/dealers';
import { ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { dealerQueries } from '../dealers/dealers-api';

const KEYS = ['keyword'] as const;

const columns: TableColumnsType<DealerCompanySummary> = [
  { title: '公司编号', dataIndex: 'id' },
  { title: '公司', dataIndex: 'name' },
  {
    title: '主账号',
    dataIndex: 'main_username',
    render: (name: string, c) => (name ? `${name}（${c.main_phone}）` : '未设主账号'),
  },
  {
    title: '操作',
    key: 'actions',
    render: (_, c) => <Link to={`/points/accounts/${c.id}`}>积分明细与调整</Link>,
  },
];

/** /admin/points/accounts: pick a dealer's company to see its points and coins (积分账户). */
export function PointsAccountsPage() {
  const list = useUrlList(KEYS, (filters) => ({ keyword: filters.keyword || undefined }), dealerQueries.list);
  return (
    <ListPage title="积分账户" list={list} table={{ columns, rowKey: 'id', emptyText: '暂无符合条件的经销商' }}>
      <TextFilter name="keyword" label="关键字" placeholder="公司名称、联系人或账号手机号" maxLength={50} width={240} />
    </ListPage>
  );
}
