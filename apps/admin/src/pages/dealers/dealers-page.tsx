import { useState } from 'react';
import { Space, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { DealerCompanySummary } from '@shop/core/api/dealers';
import { AddButton } from '../../components/add-button';
import { ChoiceFilter, ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { CompanyDialog } from './company-dialog';
import { dealerQueries } from './dealers-api';

const KEYS = ['keyword', 'is_regional_warehouse', 'activity_flag', 'enabled', 'brand'] as const;
type FlagKey = 'is_regional_warehouse' | 'activity_flag' | 'enabled';

/** A 0/1 filter of the address, or nothing when it is anything else. */
const flagOf = (value: string): 0 | 1 | undefined => (value === '1' ? 1 : value === '0' ? 0 : undefined);

const FLAG_FILTERS: { key: FlagKey; label: string; yes: string; no: string }[] = [
  { key: 'is_regional_warehouse', label: '区域（北京仓）', yes: '区域客户', no: '非区域客户' },
  { key: 'activity_flag', label: '活动专区', yes: '有活动账号', no: '无活动账号' },
  { key: 'enabled', label: '状态', yes: '启用', no: '停用' },
];

export const enabledTag = (enabled: 0 | 1) => (
  <Tag color={enabled ? 'green' : 'default'}>{enabled ? '启用' : '停用'}</Tag>
);

const columns: TableColumnsType<DealerCompanySummary> = [
  { title: '公司', dataIndex: 'name', render: (name: string, c) => <Link to={`/dealers/${c.id}`}>{name}</Link> },
  {
    title: '联系人',
    dataIndex: 'contact_name',
    render: (name: string, c) => [name, c.contact_phone].filter(Boolean).join(' ') || '—',
  },
  {
    title: '主账号',
    dataIndex: 'main_username',
    render: (name: string, c) => (name ? `${name}（${c.main_phone}）` : '未设主账号'),
  },
  { title: '账号数', dataIndex: 'account_count', align: 'right' },
  {
    title: '标记',
    key: 'flags',
    render: (_, c) => (
      <Space size={4} wrap>
        {c.is_regional_warehouse ? <Tag color="blue">北京仓</Tag> : null}
        {c.activity_flag ? <Tag color="orange">活动</Tag> : null}
      </Space>
    ),
  },
  {
    title: '品牌分组',
    dataIndex: 'brand_groupings',
    render: (brands: string[]) => (brands.length > 0 ? brands.join('、') : '—'),
  },
  { title: '状态', dataIndex: 'enabled', render: enabledTag },
  { title: '创建时间', dataIndex: 'created_at' },
];

/** /admin/dealers: the dealers' companies, searched and filtered (in the address), paged. */
export function DealersPage() {
  const list = useUrlList(
    KEYS,
    (filters) => ({
      keyword: filters.keyword || undefined,
      is_regional_warehouse: flagOf(filters.is_regional_warehouse),
      activity_flag: flagOf(filters.activity_flag),
      enabled: flagOf(filters.enabled),
      brand: filters.brand || undefined,
    }),
    dealerQueries.list,
  );
  const [creating, setCreating] = useState(false);

  return (
    <ListPage
      title="经销商管理"
      extra={<AddButton onClick={() => setCreating(true)}>添加公司</AddButton>}
      list={list}
      table={{ columns, rowKey: 'id', emptyText: '暂无符合条件的经销商' }}
      after={creating ? <CompanyDialog onClose={() => setCreating(false)} /> : null}
    >
      <TextFilter name="keyword" label="关键字" placeholder="公司名称、联系人或账号手机号" maxLength={50} width={240} />
      {FLAG_FILTERS.map((f) => (
        <ChoiceFilter
          key={f.key}
          name={f.key}
          label={f.label}
          placeholder="全部"
          width={130}
          values={['1', '0']}
          texts={{ 1: f.yes, 0: f.no }}
        />
      ))}
      <TextFilter name="brand" label="品牌" placeholder="如 奔驰" maxLength={40} width={120} />
    </ListPage>
  );
}
