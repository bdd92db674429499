import { idOf } from '@shop/core/api/id-input';
import { Form, Select, Space, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PART_FLAG_TEXT, PART_FLAGS, type AdminPartSummary } from '@shop/core/api/admin-catalog';
import { AddButton } from '../../components/add-button';
import { idLabel, oneOf } from '../../components/filter-bar';
import { ChoiceFilter, ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { catalogQueries } from './catalog-api';
import { categoryTree, withMissingOption } from './catalog-options';

const KEYS = ['keyword', 'category_id', 'make_id', 'flag'] as const;

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
  const list = useUrlList(
    KEYS,
    (filters) => ({
      keyword: filters.keyword || undefined,
      category_id: idOf(filters.category_id),
      make_id: idOf(filters.make_id),
      flag: oneOf(PART_FLAGS, filters.flag),
    }),
    catalogQueries.parts,
  );
  const categories = useQuery(catalogQueries.categories());
  const vehicles = useQuery(catalogQueries.vehicles());

  return (
    <ListPage
      title="商品管理"
      extra={
        <Link to="/catalog/parts/new">
          <AddButton>新建商品</AddButton>
        </Link>
      }
      list={list}
      numbers={['category_id', 'make_id']}
      table={{ columns, rowKey: 'id', emptyText: '暂无符合条件的商品' }}
    >
      <TextFilter name="keyword" label="搜索" placeholder="本厂编码、OE/替换/旧号或名称" maxLength={60} width={240} />
      <Form.Item name="category_id" label="分类">
        <TreeSelect
          placeholder="全部分类"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          style={{ width: 180 }}
          loading={categories.isPending}
          treeData={withMissingOption(
            categoryTree(categories.data ?? []),
            list.search.category_id,
            categories.isPending ? '加载中…' : `分类 ${list.search.category_id} 不存在`,
          )}
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
          labelRender={idLabel((id) => `品牌 ${id} 不存在`, vehicles.isPending)}
          options={(vehicles.data ?? []).map((m) => ({ value: m.id, label: m.name_zh }))}
        />
      </Form.Item>
      <ChoiceFilter
        name="flag"
        label="状态"
        placeholder="全部"
        width={120}
        values={PART_FLAGS}
        texts={PART_FLAG_TEXT}
      />
    </ListPage>
  );
}
