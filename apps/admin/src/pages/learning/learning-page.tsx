import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Tag, type TableColumnsType } from 'antd';
import { STUDY_KINDS, type AdminStudyArticle, type AdminStudyCategory, type StudyKind } from '@shop/core/api/learning';
import { AddButton } from '../../components/add-button';
import { NoteItem, SwitchItem, TextItem } from '../../components/form-items';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { idLabel } from '../../components/filter-bar';
import { ListPage, useUrlList } from '../../components/list-page';
import { RowsTable } from '../../components/rows-table';
import { LoadError } from '../../components/load-error';
import { MediaAddress } from '../catalog/media-field';
import {
  learningQueries,
  uploadStudyMedia,
  useDeleteCategory,
  usePublish,
  useSaveArticle,
  useSaveCategory,
} from './learning-api';

const KEYS = ['category_id'] as const;

/** /admin/learning: 学习中心 (categories, articles and videos; publish and take down). */
export function LearningPage() {
  const categories = useQuery(learningQueries.categories());
  const list = useUrlList(
    KEYS,
    (f) => ({ category_id: Number(f.category_id) > 0 ? Number(f.category_id) : undefined }),
    learningQueries.articles,
  );
  const [editing, setEditing] = useState<AdminStudyArticle | 'new' | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const publish = usePublish();

  const columns: TableColumnsType<AdminStudyArticle> = [
    { title: '标题', dataIndex: 'title' },
    { title: '分类', dataIndex: 'category_name', width: 120 },
    { title: '类型', dataIndex: 'kind', width: 70, render: (k: StudyKind) => STUDY_KINDS[k] },
    {
      title: '状态',
      dataIndex: 'published',
      width: 80,
      render: (p: boolean) => <Tag color={p ? 'green' : 'default'}>{p ? '已发布' : '未发布'}</Tag>,
    },
    { title: '发布时间', dataIndex: 'published_at', width: 150 },
    { title: '学习人数', dataIndex: 'readers', width: 90, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, a) => (
        <Space>
          <Button size="small" onClick={() => setEditing(a)}>
            编辑
          </Button>
          <Button
            size="small"
            disabled={publish.isPending}
            onClick={() => publish.mutate({ id: a.id, published: !a.published })}
          >
            {a.published ? '下架' : '发布'}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="学习中心"
      extra={
        <Space>
          <Button onClick={() => setCategoriesOpen(true)}>分类管理</Button>
          <AddButton onClick={() => setEditing('new')}>添加内容</AddButton>
        </Space>
      }
      list={list}
      numbers={KEYS}
      table={{ columns, rowKey: 'id', emptyText: '暂无学习内容' }}
      after={
        <>
          {editing ? (
            <ArticleDialog
              article={editing === 'new' ? null : editing}
              categories={categories.data ?? []}
              onClose={() => setEditing(null)}
            />
          ) : null}
          {categoriesOpen ? <CategoriesDialog onClose={() => setCategoriesOpen(false)} /> : null}
        </>
      }
    >
      <Form.Item name="category_id" label="分类">
        <Select
          allowClear
          placeholder="全部分类"
          style={{ width: 180 }}
          loading={categories.isPending}
          labelRender={idLabel((id) => `分类 ${id} 不存在`, categories.isPending)}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
    </ListPage>
  );
}

interface ArticleForm {
  category_id: number;
  kind: StudyKind;
  title: string;
  summary: string;
  cover: string;
  video_url: string;
  body: string;
  published: boolean;
}

function ArticleDialog({
  article,
  categories,
  onClose,
}: {
  article: AdminStudyArticle | null;
  categories: AdminStudyCategory[];
  onClose: () => void;
}) {
  const save = useSaveArticle(article?.id ?? 0);
  const dialog = useDialogForm<ArticleForm>(onClose, async (v) => {
    await save.mutateAsync({
      ...v,
      title: v.title.trim(),
      summary: v.summary?.trim() ?? '',
      cover: v.cover ?? '',
      video_url: v.kind === 'video' ? (v.video_url ?? '') : '',
      body: v.body ?? '',
    });
  });
  const kind = Form.useWatch('kind', dialog.form) ?? article?.kind ?? 'article';
  const initial: Partial<ArticleForm> = article
    ? { ...article }
    : { kind: 'article', published: false, category_id: categories[0]?.id, body: '', summary: '' };
  return (
    <FormDialog {...dialog} title={article ? '编辑内容' : '添加内容'} initialValues={initial}>
      <Space size="large" wrap>
        <Form.Item name="category_id" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
          <Select style={{ width: 200 }} options={categories.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Radio.Group
            optionType="button"
            options={(Object.keys(STUDY_KINDS) as StudyKind[]).map((k) => ({ value: k, label: STUDY_KINDS[k] }))}
          />
        </Form.Item>
        <SwitchItem name="published" label="发布" texts={['发布', '草稿']} />
      </Space>
      <TextItem name="title" label="标题" max={60} required="请填写标题" />
      <Form.Item name="summary" label="简介">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="cover" label="封面">
        <MediaAddress preview upload={uploadStudyMedia} />
      </Form.Item>
      {kind === 'video' ? (
        <Form.Item name="video_url" label="视频" rules={[{ required: true, message: '视频内容请上传视频' }]}>
          <MediaAddress video upload={uploadStudyMedia} />
        </Form.Item>
      ) : null}
      <NoteItem name="body" label="正文（空行分段；单独一段 ![](图片地址) 为图片）" max={20000} rows={8} />
    </FormDialog>
  );
}

/** The categories: add, rename, reorder, delete (an empty one). */
function CategoriesDialog({ onClose }: { onClose: () => void }) {
  const categories = useQuery(learningQueries.categories());
  const [name, setName] = useState('');
  const [sort, setSort] = useState(0);
  const add = useSaveCategory(0);
  const remove = useDeleteCategory();
  const columns: TableColumnsType<AdminStudyCategory> = [
    { title: '名称', dataIndex: 'name' },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '内容数', dataIndex: 'count', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, c) => (
        <Popconfirm title={`删除分类「${c.name}」？`} onConfirm={() => remove.mutate(c.id)}>
          <Button size="small" danger disabled={c.count > 0 || remove.isPending}>
            删除
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <FormDialog title="分类管理" okText="完成" busy={false} onSubmit={async () => onClose()} onClose={onClose}>
      <Space style={{ marginBottom: 12 }}>
        <Input
          placeholder="分类名称"
          maxLength={20}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label="分类名称"
        />
        <InputNumber min={0} max={9999} value={sort} onChange={(v) => setSort(v ?? 0)} aria-label="排序" />
        <Button
          type="primary"
          disabled={!name.trim() || add.isPending}
          onClick={() =>
            add.mutateAsync({ name: name.trim(), sort }).then(
              () => setName(''),
              () => undefined,
            )
          }
        >
          添加
        </Button>
      </Space>
      {categories.isError ? (
        <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <RowsTable
          rowKey="id"
          columns={columns}
          rows={categories.data ?? []}
          loading={categories.isPending}
          emptyText="暂无分类"
        />
      )}
    </FormDialog>
  );
}
