import { useState } from 'react';
import { Button, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminCategory, CategoryInput } from '@shop/core/api/admin-catalog';
import { AddButton } from '../../components/add-button';
import { SortItem, TextItem } from '../../components/form-items';
import { PageShell } from '../../components/page-shell';
import { catalogQueries, useCategoryChange } from './catalog-api';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { DeleteButton, TreeTable } from './tree-table';

interface CategoryRow extends AdminCategory {
  children?: CategoryRow[];
}

const LEVEL_TEXT = ['', '一级', '二级', '三级'];

function treeOf(list: readonly AdminCategory[], parent: number | null = null): CategoryRow[] {
  return list
    .filter((c) => c.parent_id === parent)
    .map((c) => {
      const children = treeOf(list, c.id);
      return children.length > 0 ? { ...c, children } : { ...c };
    });
}

/** What the dialog edits: a new category under `parent` (null: top level), or an existing one. */
type Editing = { parent: AdminCategory | null } | { category: AdminCategory };

/** /admin/catalog/categories: the three-level category tree (parts hang on level 3). */
export function CategoriesPage() {
  const list = useQuery(catalogQueries.categories());
  const change = useCategoryChange();
  const [editing, setEditing] = useState<Editing | null>(null);

  return (
    <PageShell
      title="商品分类"
      extra={<AddButton onClick={() => setEditing({ parent: null })}>添加一级分类</AddButton>}
    >
      <TreeTable<AdminCategory[], CategoryRow>
        query={list}
        rows={(data) => treeOf(data)}
        rowKey="id"
        emptyText="暂无分类"
        columns={[
          { title: '分类名称', dataIndex: 'l_name_zh' },
          { title: '级别', dataIndex: 'level', render: (level: number) => LEVEL_TEXT[level] ?? level },
          { title: '排序', dataIndex: 'sort' },
          { title: '商品数', dataIndex: 'parts' },
          {
            title: '操作',
            render: (_, c: CategoryRow) => (
              <Space>
                {c.level < 3 ? (
                  <Button size="small" onClick={() => setEditing({ parent: c })}>
                    添加子分类
                  </Button>
                ) : null}
                <Button size="small" onClick={() => setEditing({ category: c })}>
                  编辑
                </Button>
                <DeleteButton
                  what={`分类“${c.l_name_zh}”`}
                  disabled={change.isPending}
                  onConfirm={() => change.mutateAsync({ id: c.id, delete: true })}
                />
              </Space>
            ),
          },
        ]}
      />
      {editing ? <CategoryDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </PageShell>
  );
}

function CategoryDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const change = useCategoryChange();
  const existing = 'category' in editing ? editing.category : null;
  const parent = 'parent' in editing ? editing.parent : null;
  const dialog = useDialogForm<Pick<CategoryInput, 'l_name_zh' | 'sort'>>(onClose, async (values) => {
    const body = { l_name_zh: values.l_name_zh.trim(), sort: values.sort ?? 0 };
    await change.mutateAsync(
      existing ? { id: existing.id, update: body } : { create: { ...body, parent_id: parent?.id ?? null } },
    );
  });
  const title = existing
    ? `编辑分类：${existing.l_name_zh}`
    : parent
      ? `在“${parent.l_name_zh}”下添加分类`
      : '添加一级分类';
  return (
    <FormDialog
      {...dialog}
      title={title}
      initialValues={{ l_name_zh: existing?.l_name_zh ?? '', sort: existing?.sort ?? 0 }}
    >
      <TextItem name="l_name_zh" label="分类名称" max={40} required="请填写分类名称" />
      <SortItem />
    </FormDialog>
  );
}
