import { useState } from 'react';
import { Button, Form, Image, InputNumber, Space, Switch, Tag, type TableColumnsType } from 'antd';
import type { MallItem, MallItemInput } from '@shop/core/api/points';
import { AddButton } from '../../components/add-button';
import { NoteItem, SortItem, SwitchItem, TextItem } from '../../components/form-items';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { MediaAddress } from '../catalog/media-field';
import { pointsQueries, uploadPointsMedia, useSaveMallItem } from './points-api';

const KEYS = ['keyword'] as const;

const inputOf = (item: MallItem, change: Partial<MallItemInput> = {}): MallItemInput => ({
  name: item.name,
  description: item.description,
  pic: item.pic,
  points_price: item.points_price,
  stock: item.stock,
  on_shelf: item.on_shelf,
  sort: item.sort,
  // The list's figure may be old: the server keeps the exchanges made since.
  expected_stock: item.stock,
  ...change,
});

/** /admin/points/items: the points mall's items (积分商城): add, edit, on/off shelf, stock, order. */
export function MallItemsPage() {
  const list = useUrlList(KEYS, (filters) => ({ keyword: filters.keyword || undefined }), pointsQueries.items);
  const [editing, setEditing] = useState<MallItem | 'new' | null>(null);

  const columns: TableColumnsType<MallItem> = [
    {
      title: '图片',
      dataIndex: 'pic',
      render: (pic: string, item) =>
        pic ? <Image src={pic} width={64} height={48} style={{ objectFit: 'contain' }} alt={item.name} /> : '—',
    },
    { title: '名称', dataIndex: 'name' },
    { title: '积分价格', dataIndex: 'points_price', align: 'right' },
    { title: '库存', dataIndex: 'stock', align: 'right' },
    { title: '排序', dataIndex: 'sort', align: 'right' },
    {
      title: '状态',
      dataIndex: 'on_shelf',
      render: (on: 0 | 1) => <Tag color={on ? 'green' : 'default'}>{on ? '上架' : '下架'}</Tag>,
    },
    { title: '修改时间', dataIndex: 'updated_at' },
    {
      title: '操作',
      key: 'actions',
      render: (_, item) => (
        <Space>
          <Button size="small" onClick={() => setEditing(item)}>
            编辑
          </Button>
          <ShelfSwitch item={item} />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="积分商城"
      extra={<AddButton onClick={() => setEditing('new')}>添加商品</AddButton>}
      list={list}
      table={{ columns, rowKey: 'id', emptyText: '暂无积分商品' }}
      after={
        editing ? <MallItemDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null
      }
    >
      <TextFilter name="keyword" label="名称" placeholder="商品名称" maxLength={50} width={200} />
    </ListPage>
  );
}

/** 上架 / 下架 at once: the item is saved as it is with the other shelf state. */
function ShelfSwitch({ item }: { item: MallItem }) {
  const save = useSaveMallItem(item.id);
  return (
    <Switch
      size="small"
      checked={item.on_shelf === 1}
      checkedChildren="上架"
      unCheckedChildren="下架"
      loading={save.isPending}
      disabled={save.isPending}
      aria-label={`${item.name} 上下架`}
      onChange={(on) => void save.mutateAsync(inputOf(item, { on_shelf: on ? 1 : 0 })).catch(() => undefined)}
    />
  );
}

interface ItemForm {
  name: string;
  description: string;
  pic: string;
  points_price: number;
  stock: number;
  sort: number;
  on_shelf: boolean;
}

/** Adds or edits a mall item: name, picture, description, points price, stock, order, shelf. */
function MallItemDialog({ item, onClose }: { item: MallItem | null; onClose: () => void }) {
  const save = useSaveMallItem(item?.id ?? 0);
  const dialog = useDialogForm<ItemForm>(onClose, async (v) => {
    await save.mutateAsync({
      name: v.name.trim(),
      description: v.description?.trim() ?? '',
      pic: v.pic ?? '',
      points_price: v.points_price,
      stock: v.stock,
      sort: v.sort ?? 0,
      on_shelf: v.on_shelf ? 1 : 0,
      ...(item ? { expected_stock: item.stock } : {}),
    });
  });
  const initial: ItemForm = {
    name: item?.name ?? '',
    description: item?.description ?? '',
    pic: item?.pic ?? '',
    points_price: item?.points_price ?? (undefined as unknown as number),
    stock: item?.stock ?? 0,
    sort: item?.sort ?? 0,
    on_shelf: item ? item.on_shelf === 1 : true,
  };
  return (
    <FormDialog {...dialog} title={item ? '编辑积分商品' : '添加积分商品'} initialValues={initial}>
      <TextItem name="name" label="名称" max={60} required="请填写名称" />
      <Form.Item name="pic" label="图片">
        <MediaAddress preview upload={uploadPointsMedia} />
      </Form.Item>
      <NoteItem name="description" label="说明" max={500} rows={3} />
      <Space size="large" wrap>
        <Form.Item name="points_price" label="积分价格" rules={[{ required: true, message: '积分价格必须是正整数' }]}>
          <InputNumber min={1} max={10_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="stock" label="库存" rules={[{ required: true, message: '库存必须是整数' }]}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
        <SortItem />
        <SwitchItem name="on_shelf" label="上架" texts={['上架', '下架']} />
      </Space>
    </FormDialog>
  );
}
