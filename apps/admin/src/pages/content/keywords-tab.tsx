import { useState } from 'react';
import { Button, Form, Input, Modal, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_TEXTS, type AdminHotKeyword, type HotKeywordInput } from '@shop/core/api/admin-content';
import { SwitchItem } from '../../components/form-items';
import { LoadError } from '../../components/load-error';
import { apiPost } from '../../lib/api';
import { useSingleFlight } from '../../lib/use-single-flight';
import { keywordsKey, keywordsQuery, reorderOf, useContentChange } from './content-api';
import { editRemoveColumn, OrderedTable } from './order-buttons';

const keywordRules = [
  { required: true, whitespace: true, message: CONTENT_TEXTS.keywordRequired },
  { max: 20, message: CONTENT_TEXTS.keywordTooLong },
  { pattern: /^[^,，]*$/, message: CONTENT_TEXTS.keywordComma },
];

/** The hot keywords below the dealers' search box: add, edit, order, switch off, delete. */
export function KeywordsTab() {
  const list = useQuery(keywordsQuery);
  const [form] = Form.useForm<{ keyword: string }>();
  const create = useContentChange(
    keywordsKey,
    (input: HotKeywordInput) => apiPost<AdminHotKeyword>('/api/admin/content/hot-keywords', input),
    '已添加',
  );
  const reorder = useContentChange(keywordsKey, reorderOf('hot-keywords'), '排序已保存');
  const remove = useContentChange(
    keywordsKey,
    (id: number) => apiPost(`/api/admin/content/hot-keywords/${id}/delete`),
    '已删除',
  );
  const { run: add, busy } = useSingleFlight(async () => {
    const { keyword } = await form.validateFields();
    await create.mutateAsync({ keyword: keyword.trim() });
    form.resetFields();
  });
  const [editing, setEditing] = useState<AdminHotKeyword | null>(null);
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <>
      <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => void add().catch(() => undefined)}>
        <Form.Item name="keyword" rules={keywordRules}>
          <Input placeholder="新的热门关键词" maxLength={20} aria-label="新的热门关键词" disabled={busy} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          添加
        </Button>
      </Form>
      <OrderedTable<AdminHotKeyword>
        query={list}
        reorder={reorder}
        emptyText="暂无热门关键词"
        columns={[
          { title: '关键词', dataIndex: 'keyword' },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? '展示' : '停用'}</Tag>,
          },
          editRemoveColumn<AdminHotKeyword>(setEditing, remove, (k) => `删除“${k.keyword}”？`),
        ]}
      />
      {editing ? <KeywordDialog keyword={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function KeywordDialog({ keyword, onClose }: { keyword: AdminHotKeyword; onClose: () => void }) {
  const [form] = Form.useForm<{ keyword: string; enabled: boolean }>();
  const save = useContentChange(
    keywordsKey,
    (input: HotKeywordInput) => apiPost<AdminHotKeyword>(`/api/admin/content/hot-keywords/${keyword.id}`, input),
    '已保存',
  );
  const { run: submit, busy } = useSingleFlight(async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ keyword: v.keyword.trim(), enabled: v.enabled });
    onClose();
  });
  return (
    <Modal
      title="编辑热门关键词"
      open
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: busy }}
      cancelButtonProps={{ disabled: busy }}
    >
      <Form form={form} layout="vertical" disabled={busy} initialValues={keyword}>
        <Form.Item name="keyword" label="关键词" rules={keywordRules}>
          <Input maxLength={20} />
        </Form.Item>
        <SwitchItem name="enabled" label="展示" />
      </Form>
    </Modal>
  );
}
