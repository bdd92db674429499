import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  ColorPicker,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  POSTER_KEEP_DAYS,
  POSTER_MAX_PARTS,
  type AdminMarketingItem,
  type AdminPosterTemplate,
} from '@shop/core/api/posters';
import { AddButton } from '../../components/add-button';
import { NoteItem, SortItem, SwitchItem, TextItem } from '../../components/form-items';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { LoadError } from '../../components/load-error';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { RowsTable } from '../../components/rows-table';
import { useUrlQuery } from '../../lib/use-url-query';
import { MediaAddress } from '../catalog/media-field';
import { uploadStudyMedia } from '../learning/learning-api';
import { marketingQueries, useSaveCategory, useSaveItem, useSaveTemplate } from './marketing-api';

/** /admin/marketing: 营销海报 (poster templates dealers use, and today's marketing materials). */
export function MarketingPage() {
  return (
    <PageShell title="营销海报">
      <Tabs
        items={[
          { key: 'items', label: '今日营销', children: <ItemsTab /> },
          { key: 'templates', label: '海报模板', children: <TemplatesTab /> },
        ]}
      />
    </PageShell>
  );
}

const onOff = (on: boolean, yes = '已发布', no = '未发布') => (
  <Tag color={on ? 'green' : 'default'}>{on ? yes : no}</Tag>
);

/** The 操作 column of a tab's table: 编辑 opens the row's dialog. */
function editColumn<T extends object>(edit: (row: T) => void): TableColumnsType<T>[number] {
  return {
    title: '操作',
    key: 'actions',
    width: 80,
    render: (_, row) => (
      <Button size="small" onClick={() => edit(row)}>
        编辑
      </Button>
    ),
  };
}

function TemplatesTab() {
  const templates = useQuery(marketingQueries.templates());
  const [editing, setEditing] = useState<AdminPosterTemplate | 'new' | null>(null);
  const columns: TableColumnsType<AdminPosterTemplate> = [
    {
      title: '样式',
      key: 'look',
      width: 90,
      render: (_, t) => (
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 56,
            height: 32,
            borderRadius: 4,
            background: `linear-gradient(160deg, ${t.color_from}, ${t.color_to})`,
            borderBottom: `4px solid ${t.accent}`,
          }}
        />
      ),
    },
    { title: '名称', dataIndex: 'name' },
    { title: '分类', dataIndex: 'category_name', width: 120 },
    { title: '标题', dataIndex: 'headline' },
    { title: '配件数', dataIndex: 'max_parts', width: 80 },
    // Posters are kept POSTER_KEEP_DAYS (docs/posters.md): the count is of those days.
    { title: `近 ${POSTER_KEEP_DAYS} 天生成`, dataIndex: 'posters', width: 100 },
    { title: '状态', dataIndex: 'published', width: 90, render: (p: boolean) => onOff(p, '启用', '停用') },
    editColumn<AdminPosterTemplate>(setEditing),
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <AddButton onClick={() => setEditing('new')}>添加模板</AddButton>
      </Space>
      {templates.isError ? (
        <LoadError error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <RowsTable
          rowKey="id"
          columns={columns}
          rows={templates.data ?? []}
          loading={templates.isPending}
          emptyText="暂无海报模板"
        />
      )}
      {editing ? (
        <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

interface TemplateForm {
  category_id?: number;
  new_category?: string;
  name: string;
  headline: string;
  subline: string;
  color_from: string;
  color_to: string;
  accent: string;
  max_parts: number;
  published: boolean;
  sort: number;
}

const hex = (v: unknown) => (typeof v === 'string' ? v : (v as { toHexString(): string }).toHexString());

function TemplateDialog({ template, onClose }: { template: AdminPosterTemplate | null; onClose: () => void }) {
  const categories = useQuery(marketingQueries.categories());
  const save = useSaveTemplate(template?.id ?? 0);
  const addCategory = useSaveCategory();
  const dialog = useDialogForm<TemplateForm>(onClose, async (v) => {
    let categoryId = v.category_id;
    if (!categoryId && v.new_category?.trim()) {
      categoryId = (await addCategory.mutateAsync({ name: v.new_category.trim() })).id;
    }
    await save.mutateAsync({
      category_id: categoryId ?? 0,
      name: v.name.trim(),
      headline: v.headline.trim(),
      subline: v.subline?.trim() ?? '',
      color_from: hex(v.color_from),
      color_to: hex(v.color_to),
      accent: hex(v.accent),
      max_parts: v.max_parts,
      published: v.published,
      sort: v.sort ?? 0,
    });
  });
  const initial: Partial<TemplateForm> = template ?? {
    color_from: '#0f3d7a',
    color_to: '#2f7fd8',
    accent: '#d8362f',
    max_parts: 4,
    published: true,
    sort: 0,
  };
  return (
    <FormDialog {...dialog} title={template ? '编辑海报模板' : '添加海报模板'} initialValues={initial}>
      <Space size="large" wrap>
        <Form.Item name="category_id" label="分类">
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder="选择分类"
            loading={categories.isPending}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="new_category" label="或新建分类">
          <Input maxLength={20} style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <TextItem name="name" label="模板名称" max={20} required="请填写名称" />
      <TextItem name="headline" label="海报标题" max={20} required="请填写海报标题" />
      <Form.Item name="subline" label="副标题">
        <Input maxLength={30} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="color_from" label="背景起始色">
          <ColorPicker disabledAlpha format="hex" />
        </Form.Item>
        <Form.Item name="color_to" label="背景结束色">
          <ColorPicker disabledAlpha format="hex" />
        </Form.Item>
        <Form.Item name="accent" label="价格颜色">
          <ColorPicker disabledAlpha format="hex" />
        </Form.Item>
        <Form.Item name="max_parts" label="配件数（最多）" rules={[{ required: true, message: '配件数量应为 1 到 6' }]}>
          <InputNumber min={1} max={POSTER_MAX_PARTS} precision={0} />
        </Form.Item>
        <SortItem label="排序" max={9999} />
        <SwitchItem name="published" label="启用" texts={['启用', '停用']} />
      </Space>
    </FormDialog>
  );
}

function ItemsTab() {
  const paging = useUrlQuery([] as const);
  const query = useQuery(marketingQueries.items({ page: paging.page, limit: paging.limit }));
  const [editing, setEditing] = useState<AdminMarketingItem | 'new' | null>(null);
  const columns: TableColumnsType<AdminMarketingItem> = [
    { title: '标题', dataIndex: 'title' },
    { title: '开始', dataIndex: 'starts_on', width: 110 },
    { title: '结束', dataIndex: 'ends_on', width: 110 },
    { title: '推荐模板', dataIndex: 'template_name', width: 140 },
    { title: '状态', dataIndex: 'published', width: 90, render: (p: boolean) => onOff(p) },
    editColumn<AdminMarketingItem>(setEditing),
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <AddButton onClick={() => setEditing('new')}>添加营销内容</AddButton>
      </Space>
      <PagedTable<AdminMarketingItem>
        query={query}
        paging={paging}
        columns={columns}
        rowKey="id"
        emptyText="暂无营销内容"
      />
      {editing ? <ItemDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

interface ItemForm {
  title: string;
  summary: string;
  picture: string;
  days: [Dayjs, Dayjs];
  template_id?: number;
  published: boolean;
}

function ItemDialog({ item, onClose }: { item: AdminMarketingItem | null; onClose: () => void }) {
  const templates = useQuery(marketingQueries.templates());
  const save = useSaveItem(item?.id ?? 0);
  const dialog = useDialogForm<ItemForm>(onClose, async (v) => {
    await save.mutateAsync({
      title: v.title.trim(),
      summary: v.summary?.trim() ?? '',
      picture: v.picture ?? '',
      starts_on: v.days[0].format('YYYY-MM-DD'),
      ends_on: v.days[1].format('YYYY-MM-DD'),
      template_id: v.template_id ?? 0,
      published: v.published,
    });
  });
  const initial: Partial<ItemForm> = item
    ? { ...item, template_id: item.template_id || undefined, days: [dayjs(item.starts_on), dayjs(item.ends_on)] }
    : { published: true, days: [dayjs(), dayjs()], summary: '', picture: '' };
  return (
    <FormDialog {...dialog} title={item ? '编辑营销内容' : '添加营销内容'} initialValues={initial}>
      <TextItem name="title" label="标题" max={40} required="请填写标题" />
      <Form.Item name="days" label="展示日期" rules={[{ required: true, message: '请选择日期' }]}>
        <DatePicker.RangePicker />
      </Form.Item>
      <Form.Item name="picture" label="图片">
        <MediaAddress preview upload={uploadStudyMedia} />
      </Form.Item>
      <NoteItem name="summary" label="说明" max={500} rows={4} />
      <Space size="large" wrap>
        <Form.Item name="template_id" label="推荐模板">
          <Select
            allowClear
            style={{ width: 200 }}
            loading={templates.isPending}
            options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          />
        </Form.Item>
        <SwitchItem name="published" label="发布" texts={['发布', '草稿']} />
      </Space>
    </FormDialog>
  );
}
