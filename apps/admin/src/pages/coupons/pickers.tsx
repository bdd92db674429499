import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { PickedPart } from '@shop/core/api/coupons';
import { RowsTable } from '../../components/rows-table';
import { categoryTree } from '../catalog/catalog-options';
import { OrderButtons } from '../content/order-buttons';
import { pickQueries } from './coupons-api';

const partText = (p: PickedPart) => `${p.frey_no} ${p.product_name}`;

/**
 * Parts chosen by own code, OE number or name (a form control: the ids, in order): search and add
 * one at a time, order them with up and down (`ordered`), remove. The names of the parts chosen
 * before are asked once by their ids.
 */
export function PartListField({
  value = [],
  onChange,
  ordered = false,
  disabled,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  ordered?: boolean;
  disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const [initialIds] = useState(value);
  const known = useQuery({ ...pickQueries.parts('', initialIds), enabled: initialIds.length > 0 });
  const found = useQuery({ ...pickQueries.parts(keyword), enabled: keyword.trim() !== '' });
  const [added, setAdded] = useState<PickedPart[]>([]);
  const byId = new Map([...(known.data ?? []), ...added].map((p) => [p.id, p]));
  const rows = value.map((id) => byId.get(id) ?? { id, frey_no: `#${id}`, product_name: '' });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select<number>
        showSearch
        value={null}
        filterOption={false}
        disabled={disabled}
        placeholder="输入配件自编码、OE 号或名称搜索后添加"
        aria-label="添加商品"
        style={{ width: '100%' }}
        onSearch={setKeyword}
        onSelect={(id) => {
          const part = found.data?.find((p) => p.id === id);
          if (part) setAdded((list) => [...list, part]);
          if (!value.includes(id)) onChange?.([...value, id]);
        }}
        loading={found.isFetching}
        options={(keyword.trim() ? (found.data ?? []) : []).map((p) => ({
          value: p.id,
          label: partText(p),
          disabled: value.includes(p.id),
        }))}
        notFoundContent={keyword.trim() ? (found.isFetching ? '搜索中…' : '没有匹配的商品') : '请输入关键词'}
      />
      <RowsTable<PickedPart>
        rowKey="id"
        rows={rows}
        emptyText="尚未选择商品"
        columns={[
          ...(ordered
            ? [
                {
                  title: '顺序',
                  width: 90,
                  render: (_: unknown, _p: PickedPart, index: number) => (
                    <OrderButtons ids={value} index={index} busy={!!disabled} onReorder={(ids) => onChange?.(ids)} />
                  ),
                },
              ]
            : []),
          { title: '自编码', dataIndex: 'frey_no' },
          { title: '名称', dataIndex: 'product_name' },
          {
            title: '操作',
            width: 70,
            render: (_: unknown, p: PickedPart) => (
              <Button
                size="small"
                danger
                disabled={disabled}
                aria-label={`移除 ${p.frey_no}`}
                onClick={() => onChange?.(value.filter((id) => id !== p.id))}
              >
                移除
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** Categories of any level (a form control: the ids); a category covers everything below it. */
export function CategoryField({
  value,
  onChange,
  disabled,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const categories = useQuery(pickQueries.categories());
  return (
    <TreeSelect
      multiple
      treeCheckable
      treeCheckStrictly={false}
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      showSearch
      treeNodeFilterProp="title"
      value={value}
      onChange={(ids: number[]) => onChange?.(ids)}
      disabled={disabled}
      loading={categories.isPending}
      placeholder="选择分类（选上级即含其下全部）"
      aria-label="适用分类"
      style={{ width: '100%' }}
      treeData={categoryTree(categories.data ?? [])}
    />
  );
}

/** A company picked (its name kept while the search changes). */
export interface CompanyChoice {
  value: number;
  label: string;
}

/** Companies searched by name or number (a form control), as the broadcast's audience picks them. */
export function CompanyField({
  value,
  onChange,
  disabled,
}: {
  value?: CompanyChoice[];
  onChange?: (companies: CompanyChoice[]) => void;
  disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery(pickQueries.companies(keyword));
  return (
    <Select<CompanyChoice[]>
      mode="multiple"
      labelInValue
      showSearch
      filterOption={false}
      value={value}
      onChange={(companies) => onChange?.(companies)}
      onSearch={setKeyword}
      disabled={disabled}
      placeholder="输入公司名称或编号搜索"
      aria-label="公司"
      loading={found.isFetching}
      style={{ width: '100%' }}
      options={(found.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.id}）` }))}
      notFoundContent={found.isFetching ? '搜索中…' : '没有匹配的公司'}
    />
  );
}

/** The form field `days`: a range of China days, both ends inclusive. */
export function DaysItem({ label, message }: { label: string; message: string }) {
  return (
    <Form.Item name="days" label={`${label}（中国时间，含首尾两天）`} rules={[{ required: true, message }]}>
      <DatePicker.RangePicker style={{ width: '100%' }} />
    </Form.Item>
  );
}
