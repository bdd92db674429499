import { useState } from 'react';
import { Alert, Button, Progress, Result, Space, Tabs, Tag, Upload, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  IMPORT_KIND_NAMES,
  IMPORT_KINDS,
  IMPORT_PERMISSION,
  IMPORT_STATUS_NAMES,
  type ImportBatch,
  type ImportBatchList,
  type ImportKind,
} from '@shop/core/api/admin-prices';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { apiGet } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { hasPermission, meQuery } from '../../lib/staff';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useUrlQuery } from '../../lib/use-url-query';
import { BUSY_STATUSES, importsKey, POLL_MS, uploadImport } from './imports-api';

/** The header each kind's file needs (the template). */
const TEMPLATES: Record<ImportKind, string> = {
  parts: '配件编号、名称、全称、OE号、分类（编号或名称）、品牌、箱装数量、即将上架、即将下架、可订购（是/否）',
  prices: '配件编号，及各价格列（表头为价格名称，如 经销价）',
  stock: '配件编号、仓库（广州仓/北京仓，空为广州仓）、可用库存、在途库存',
};

const STATUS_COLORS: Partial<Record<ImportBatch['status'], string>> = {
  previewed: 'blue',
  applied: 'green',
  failed: 'red',
  rolled_back: 'default',
};

export function StatusTag({ status }: { status: ImportBatch['status'] }) {
  return <Tag color={STATUS_COLORS[status] ?? 'processing'}>{IMPORT_STATUS_NAMES[status]}</Tag>;
}

/** /admin/imports: upload an ERP file (parts, prices, stock: each kind behind its permission) and the batches. */
export function ImportsPage() {
  const me = useQuery(meQuery);
  const kinds = IMPORT_KINDS.filter((k) => hasPermission(me.data, IMPORT_PERMISSION[k]));
  const [params, setParams] = useSearchParams();
  const asked = params.get('kind') as ImportKind | null;
  const kind = asked && kinds.includes(asked) ? asked : kinds[0];
  if (!kind) return <Result status="403" title="无权限访问" subTitle="你的角色没有任何导入的权限，请联系管理员。" />;
  return (
    <PageShell title="ERP 导入">
      <Tabs
        activeKey={kind}
        onChange={(k) => setParams({ kind: k })}
        items={kinds.map((k) => ({
          key: k,
          label: `${IMPORT_KIND_NAMES[k]}导入`,
          children: k === kind ? <KindImports kind={k} /> : null,
        }))}
      />
    </PageShell>
  );
}

function KindImports({ kind }: { kind: ImportKind }) {
  const client = useQueryClient();
  const paging = useUrlQuery(['kind'] as const);
  const params = { page: paging.page, limit: paging.limit };
  const query = useQuery({
    queryKey: [...importsKey(kind), 'list', params],
    queryFn: () => apiGet<ImportBatchList>(`/api/admin/imports/${kind}`, params),
    placeholderData: keepPreviousData,
    meta: { showError: false },
    refetchInterval: (q) => (q.state.data?.list.some((b) => BUSY_STATUSES.has(b.status)) ? POLL_MS : false),
  });
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useSingleFlight(async (file: File) => {
    setPercent(0);
    try {
      await uploadImport(kind, file, setPercent);
      await client.invalidateQueries({ queryKey: importsKey(kind) });
    } catch (err) {
      notifyError(err);
    } finally {
      setPercent(null);
    }
  });
  const columns: TableColumnsType<ImportBatch> = [
    { title: '批次', dataIndex: 'id', render: (id: number) => <Link to={`/imports/${kind}/${id}`}>#{id}</Link> },
    { title: '文件', dataIndex: 'file_name' },
    { title: '上传人', dataIndex: 'staff_name' },
    { title: '上传时间', dataIndex: 'created_at' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (status: ImportBatch['status'], b) => (
        <Space>
          <StatusTag status={status} />
          {b.progress ? (
            <Progress
              percent={b.progress.total ? Math.floor((b.progress.done / b.progress.total) * 100) : 0}
              size="small"
              style={{ width: 100 }}
            />
          ) : null}
        </Space>
      ),
    },
    {
      title: '行数',
      key: 'counts',
      render: (_, b) =>
        `新增 ${b.counts.create} / 更新 ${b.counts.update} / 无变化 ${b.counts.unchanged} / 错误 ${b.counts.error}`,
    },
    {
      title: '说明',
      dataIndex: 'error',
      render: (e: string) => (e ? <span style={{ color: '#cf1322' }}>{e}</span> : ''),
    },
  ];
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`.xlsx 或 .csv，表头：${TEMPLATES[kind]}`} />
      <Space style={{ marginBottom: 16 }}>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload.run(file);
            return false;
          }}
          disabled={upload.busy}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={upload.busy}>
            上传{IMPORT_KIND_NAMES[kind]}文件
          </Button>
        </Upload>
        {percent !== null ? (
          <Progress percent={percent} size="small" style={{ width: 200 }} aria-label="上传进度" />
        ) : null}
      </Space>
      <PagedTable<ImportBatch> query={query} columns={columns} rowKey="id" paging={paging} emptyText="暂无导入记录" />
    </>
  );
}
