import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import type { DevelopmentItem } from '@shop/core/api/development';
import { MarkAllReadButton } from '../../components/mark-all-read/mark-all-read-button';
import { AuthImage } from '../../components/auth-image/auth-image';
import { PagedListPage } from '../../components/paged-table/paged-list-page';
import { useUrlFilters } from '../../components/paged-table/paged-table';
import { developmentQueries, useMarkAllDevelopmentRead } from '../../entities/development/development-queries';
import { unreadStatusQueries } from '../../entities/unread-status/unread-status-queries';
import { DevelopmentAddDialog } from './development-add-dialog';
import { LikeButton } from './like-button';
import { StatusTag } from './status-tag';

const TABS = [
  { key: 'new', label: '最新需求' },
  { key: 'hot', label: '最多点赞' },
  { key: 'mine', label: '我的需求' },
] as const;
type Tab = (typeof TABS)[number]['key'];

const DEFAULTS = { tab: 'new' };
const RULES = { tab: TABS.map((t) => t.key) };

/**
 * /profile/product_develop ('我要开发'): everyone's requests, newest or most liked first, and the
 * account's own (with a dot for unread replies; those open their detail). Likes count at once.
 * Tab, page and size live in the address.
 */
export default function DevelopmentPage() {
  const { filters, setFilters, paging } = useUrlFilters(DEFAULTS, { rules: RULES });
  const tab = filters.tab as Tab;
  const pageOf = { page: paging.page, limit: paging.limit };
  const everyone = useQuery({
    ...developmentQueries.list({ ...pageOf, sort: tab === 'hot' ? 'hot' : 'new' }),
    enabled: tab !== 'mine',
  });
  const mine = useQuery({ ...developmentQueries.mine(pageOf), enabled: tab === 'mine' });
  const unread = useQuery(unreadStatusQueries.status());
  const markAll = useMarkAllDevelopmentRead();
  const [adding, setAdding] = useState(false);

  const columns: TableColumnsType<DevelopmentItem> = [
    {
      title: '图片',
      key: 'pic',
      width: 80,
      render: (_, r) => (r.pictures[0] ? <AuthImage path={r.pictures[0]} alt={r.part_name} size={48} /> : '—'),
    },
    {
      title: '配件名称',
      key: 'name',
      render: (_, r) => {
        const name =
          r.mine === 1 ? <Link to={`/profile/product_develop_detail?id=${r.id}`}>{r.part_name}</Link> : r.part_name;
        return (
          <Space size={4}>
            <Badge dot={r.unread === 1} offset={[4, 0]} data-testid={r.unread === 1 ? 'development-unread' : undefined}>
              {name}
            </Badge>
            {r.mine === 1 && tab !== 'mine' && <Tag color="blue">我的</Tag>}
          </Space>
        );
      },
    },
    { title: '适用车型', dataIndex: 'vehicle', key: 'vehicle', ellipsis: true, render: (v: string) => v || '—' },
    { title: 'OE 号', dataIndex: 'oe_number', key: 'oe', width: 140, render: (v: string) => v || '—' },
    { title: '月需求量', dataIndex: 'monthly_quantity', key: 'qty', width: 90 },
    { title: '状态', key: 'status', width: 90, render: (_, r) => <StatusTag status={r.status} text={r.status_text} /> },
    { title: '点赞', key: 'like', width: 90, render: (_, r) => <LikeButton item={r} /> },
    { title: '提交时间', key: 'time', width: 150, render: (_, r) => r.created_at.slice(0, 16) },
  ];

  return (
    <PagedListPage<DevelopmentItem>
      title="我要开发"
      hint="找不到的配件告诉我们，点赞多的优先开发"
      actions={
        <Space>
          <MarkAllReadButton mark={markAll} hasUnread={unread.data?.development_has_unread === 1} />
          <Button type="primary" onClick={() => setAdding(true)}>
            提交需求
          </Button>
        </Space>
      }
      rowKey="id"
      columns={columns}
      query={tab === 'mine' ? mine : everyone}
      paging={paging}
      emptyText={tab === 'mine' ? '您还没有提交过开发需求' : '暂无开发需求，快来提交第一个吧'}
      after={<DevelopmentAddDialog open={adding} onClose={() => setAdding(false)} />}
    >
      <Tabs activeKey={tab} onChange={(key) => setFilters({ tab: key })} items={[...TABS]} />
    </PagedListPage>
  );
}
