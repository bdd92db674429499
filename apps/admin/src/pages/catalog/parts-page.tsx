import { Button, Form, Input, Select, Space, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PART_FLAG_TEXT, PART_FLAGS, type AdminPartSummary, type PartFlag } from '@shop/core/api/admin-catalog';
import { FilterBar } from '../../components/filter-bar';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { useUrlQuery } from '../../lib/use-url-query';
import { catalogQueries } from './catalog-api';
import { categoryTree } from './catalog-options';

const KEYS = ['keyword', 'category_id', 'make_id', 'flag'] as const;

interface Filters {
  keyword?: string;
  category_id?: number;
  make_id?: number;
  flag?: PartFlag;
}

const idOf = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : undefined);

export function flagTags(p: Pick<AdminPartSummary, 'is_coming_soon' | 'is_delisting' | 'is_orderable'>) {
  return (
    <Space size={4} wrap>
      {p.is_coming_soon ? <Tag color="blue">{PART_FLAG_TEXT.coming_soon}</Tag> : null}
      {p.is_delisting ? <Tag color="orange">{PART_FLAG_TEXT.delisting}</Tag> : null}
      {p.is_orderable ? <Tag color="green">可订购</Tag> : <Tag>{PART_FLAG_TEXT.not_orderable}</Tag>}
    </Space>
  );
}

const columns: TableColumnsType<AdminPartSummary> = [
  {
    title: '本厂编码',
    dataIndex: 'frey_no',
    render: (no: string, p) => <Link to={`/catalog/parts/${p.id}`}>{no}</Link>,
  },
  { title: 'OE 号', dataIndex: 'oe_number' },
  { title: '配件名称', dataIndex: 'l_name_zh' },
  { title: '商品全称', dataIndex: 'product_name' },
  { title: '品牌', dataIndex: 'make_name' },
  { title: '分类', dataIndex: 'category_name' },
  { title: '状态', key: 'flags', render: (_, p) => flagTags(p) },
  { title: '更新时间', dataIndex: 'updated_at' },
];

/** /admin/catalog/parts: every part, searched by code, number or name and filtered (all in the address). */
export function PartsPage() {
  const paging = useUrlQuery(KEYS);
  const { filters, page, limit, setFilters } = paging;
  const search = {
    keyword: filters.keyword || undefined,
    category_id: idOf(filters.category_id),
    make_id: idOf(filters.make_id),
    flag: (PART_FLAGS as readonly string[]).includes(filters.flag) ? (filters.flag as PartFlag) : undefined,
  };
  const query = useQuery(catalogQueries.parts({ ...search, page, limit }));
  const categories = useQuery(catalogQueries.categories());
  const vehicles = useQuery(catalogQueries.vehicles());

  return (
    <PageShell
      title="商品管理"
      extra={
        <Link to="/catalog/parts/new">
          <Button type="primary" icon={<PlusOutlined />}>
            新建商品
          </Button>
        </Link>
      }
    >
      <FilterBar<Filters>
        initial={search}
        onSearch={(v) =>
          setFilters({
            keyword: v.keyword,
            category_id: v.category_id?.toString(),
            make_id: v.make_id?.toString(),
            flag: v.flag,
          })
        }
      >
        <Form.Item name="keyword" label="搜索">
          <Input placeholder="本厂编码、OE/替换/旧号或名称" allowClear maxLength={60} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="category_id" label="分类">
          <TreeSelect
            placeholder="全部分类"
            allowClear
            showSearch
            treeNodeFilterProp="title"
            style={{ width: 180 }}
            loading={categories.isPending}
            treeData={categoryTree(categories.data ?? [])}
          />
        </Form.Item>
        <Form.Item name="make_id" label="品牌">
          <Select
            placeholder="全部品牌"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 140 }}
            loading={vehicles.isPending}
            options={(vehicles.data ?? []).map((m) => ({ value: m.id, label: m.name_zh }))}
          />
        </Form.Item>
        <Form.Item name="flag" label="状态">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 120 }}
            options={PART_FLAGS.map((f) => ({ value: f, label: PART_FLAG_TEXT[f] }))}
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<AdminPartSummary>
        query={query}
        columns={columns}
        rowKey="id"
        paging={paging}
        emptyText="暂无符合条件的商品"
      />
    </PageShell>
  );
}
