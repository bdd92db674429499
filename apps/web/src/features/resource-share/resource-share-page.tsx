import { PAGE_SHOWS_ERRORS } from '../../lib/query-client';
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Table, Tabs, Upload, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ResourceEntry, ResourcePage, ResourcePreview, ResourceRow } from '@shop/core/api/resource-share';
import { RESOURCE_CONTACT_MAX, RESOURCE_TEXTS } from '@shop/core/resource-share-rules';
import { PageShell } from '../../components/page-shell/page-shell';
import { LoadError } from '../../components/load-error/load-error';
import { apiGet, apiPost, apiUpload } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { statePager } from '../../components/paged-table/state-pager';

const PATH = '/api/Shop.ResourceSharing';
const keys = { all: ['resource-share'] as const };

const price = (v: string | null) => (v === null ? '面议' : `¥${v}`);
const entryColumns: TableColumnsType<ResourceEntry> = [
  { title: '配件编号', dataIndex: 'number', width: 170 },
  { title: '配件名称', dataIndex: 'name' },
  { title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
  { title: '价格', dataIndex: 'price', width: 110, align: 'right', render: price },
  { title: '联系方式', dataIndex: 'contact', width: 200 },
  { title: '发布时间', dataIndex: 'create_time', width: 170 },
];

/** Other dealers' shared stock, searched by number or name. */
function SharedList() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [...keys.all, 'list', keyword, page],
    queryFn: ({ signal }) => apiGet<ResourcePage>(`${PATH}/list`, { keyword, page }, { signal }),
    placeholderData: keepPreviousData,
    meta: PAGE_SHOWS_ERRORS,
  });
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <>
      <Input.Search
        placeholder="输入配件编号或名称查找其他经销商的共享库存"
        allowClear
        enterButton="查找"
        aria-label="查找共享库存"
        style={{ maxWidth: 520, marginBottom: 12 }}
        onSearch={(v) => {
          const next = v.trim();
          // The same search again asks the server again: other dealers' stock changes meanwhile.
          if (next === keyword && page === 1) void q.refetch();
          setKeyword(next);
          setPage(1);
        }}
      />
      <Table
        rowKey="id"
        size="small"
        loading={q.isFetching}
        columns={entryColumns}
        dataSource={q.data?.list}
        locale={{ emptyText: keyword ? '没有找到匹配的共享库存' : '暂无共享库存' }}
        pagination={statePager(page, 20, q.data?.total, setPage)}
      />
    </>
  );
}

const previewColumns: TableColumnsType<ResourceRow> = [
  { title: '行', dataIndex: 'row', width: 60 },
  { title: '配件编号', dataIndex: 'number', width: 170 },
  { title: '配件名称', dataIndex: 'name' },
  { title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
  { title: '价格', dataIndex: 'price', width: 110, align: 'right', render: price },
];

/**
 * Import a sheet → preview → publish; the company's entries with 撤回. A failure is said by the
 * mutation cache (query-client.ts), once.
 */
function MyShares() {
  const client = useQueryClient();
  const [contact, setContact] = useState('');
  const [preview, setPreview] = useState<ResourcePreview | null>(null);
  const [page, setPage] = useState(1);
  const mine = useQuery({
    queryKey: [...keys.all, 'mine', page],
    queryFn: ({ signal }) => apiGet<ResourcePage>(`${PATH}/mine`, { page }, { signal }),
    placeholderData: keepPreviousData,
    meta: PAGE_SHOWS_ERRORS,
  });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('contact', contact);
      form.append('file', file);
      return apiUpload<ResourcePreview>(`${PATH}/import`, form);
    },
    onSuccess: setPreview,
  });
  const publish = useMutation({
    mutationFn: (id: number) => apiPost<{ published: number }>(`${PATH}/publish`, { preview_id: id }),
    onSuccess: (r) => {
      notify.success(`${RESOURCE_TEXTS.published}，共 ${r.published} 条`);
      setPreview(null);
      void client.invalidateQueries({ queryKey: keys.all });
    },
  });
  const withdraw = useMutation({
    mutationFn: (id: number) => apiPost<null>(`${PATH}/withdraw`, { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
  });

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          placeholder="对外展示的联系方式，如：张先生 139xxxxxxxx"
          aria-label="联系方式"
          value={contact}
          maxLength={RESOURCE_CONTACT_MAX}
          onChange={(e) => setContact(e.target.value)}
          style={{ width: 320 }}
        />
        <Upload
          accept=".xls,.xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            if (!contact.trim()) notify.error(RESOURCE_TEXTS.contactMissing);
            else if (!upload.isPending) upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            导入库存表格
          </Button>
        </Upload>
        <span style={{ color: '#999' }}>表格第一行：配件编号、配件名称、数量、价格（可不填）</span>
      </Space>
      {preview && (
        <section aria-label="导入预览" style={{ marginBottom: 16 }}>
          <h3>
            预览：{preview.rows.length} 条，联系方式 {preview.contact}
          </h3>
          {preview.problems.length > 0 && <p style={{ color: '#d46b08' }}>已跳过：{preview.problems.join('、')}</p>}
          <Table
            rowKey="row"
            size="small"
            columns={previewColumns}
            dataSource={preview.rows}
            pagination={{ pageSize: 10 }}
          />
          <Space>
            <Button type="primary" loading={publish.isPending} onClick={() => publish.mutate(preview.preview_id)}>
              确认发布
            </Button>
            <Button onClick={() => setPreview(null)}>取消</Button>
          </Space>
        </section>
      )}
      {mine.isError ? (
        <LoadError error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={mine.isFetching}
          columns={[
            ...entryColumns,
            {
              title: '操作',
              width: 80,
              render: (_: unknown, e: ResourceEntry) => (
                <Popconfirm title="撤回这条共享库存？" onConfirm={() => withdraw.mutate(e.id)}>
                  <Button type="link" size="small">
                    撤回
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
          dataSource={mine.data?.list}
          locale={{ emptyText: '还没有发布共享库存' }}
          pagination={statePager(page, 20, mine.data?.total, setPage)}
        />
      )}
    </>
  );
}

/** /parts/resource_share: 资源共享 (module resourceShare). */
export default function ResourceSharePage() {
  return (
    <div className="shop-container">
      <PageShell
        title="资源共享"
        hint="经销商之间共享富余库存"
        crumbs={[{ label: '首页', to: '/home' }, { label: '资源共享' }]}
      >
        <Tabs
          items={[
            { key: 'list', label: '查找共享库存', children: <SharedList /> },
            { key: 'mine', label: '我的共享', children: <MyShares /> },
          ]}
        />
      </PageShell>
    </div>
  );
}
