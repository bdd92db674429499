import { Button, Descriptions, Popconfirm, Progress, Result, Segmented, Space, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  IMPORT_FIELD_NAMES,
  IMPORT_KIND_NAMES,
  IMPORT_KINDS,
  IMPORT_PERMISSION,
  IMPORT_ROW_STATE_NAMES,
  IMPORT_ROW_STATES,
  type ImportBatch,
  type ImportKind,
  type ImportRow,
  type ImportRowList,
} from '@shop/core/api/admin-prices';
import { LoadError } from '../../components/load-error';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { apiGet, apiPost } from '../../lib/api';
import { notify } from '../../lib/notify';
import { hasPermission, meQuery } from '../../lib/staff';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useUrlQuery } from '../../lib/use-url-query';
import { BUSY_STATUSES, importsKey, POLL_MS } from './imports-api';
import { StatusTag } from './imports-page';

const STATE_COLORS: Record<ImportRow['state'], string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'default',
  error: 'red',
};
const FILTERS = [
  { value: '', label: '全部' },
  ...IMPORT_ROW_STATES.map((state) => ({ value: state, label: IMPORT_ROW_STATE_NAMES[state] })),
  { value: 'conflict', label: '回滚未恢复' },
];

function rowColumns(names: Record<string, string>): TableColumnsType<ImportRow> {
  const fieldName = (field: string) => names[field] ?? IMPORT_FIELD_NAMES[field] ?? field;
  return [
    { title: '行号', dataIndex: 'row_no' },
    { title: '配件编号', dataIndex: 'number' },
    { title: '仓库', dataIndex: 'warehouse_id', render: (w: number) => (w === 1 ? '广州仓' : w === 2 ? '北京仓' : '') },
    {
      title: '状态',
      dataIndex: 'state',
      render: (s: ImportRow['state']) => <Tag color={STATE_COLORS[s]}>{IMPORT_ROW_STATE_NAMES[s]}</Tag>,
    },
    {
      title: '变更 / 原因',
      key: 'changes',
      render: (_, r) =>
        r.state === 'error' ? (
          <span style={{ color: '#cf1322' }}>{r.error}</span>
        ) : (
          Object.entries(r.changes)
            .map(([f, c]) => `${fieldName(f)}：${c.old ?? '（无）'} → ${c.new}`)
            .join('；')
        ),
    },
    {
      title: '回滚未恢复',
      key: 'conflicts',
      render: (_, r) =>
        r.conflicts
          ? Object.entries(r.conflicts)
              .map(([f, c]) => `${fieldName(f)}：导入为 ${c.expected ?? '（无）'}，现为 ${c.current ?? '（无）'}`)
              .join('；')
          : '',
    },
  ];
}

/** /admin/imports/:kind/:id: a batch's progress, its previewed rows by state, confirm, rollback and its report. */
export function ImportBatchPage() {
  const params = useParams();
  const kind = IMPORT_KINDS.find((k) => k === params.kind);
  const id = Number(params.id);
  const me = useQuery(meQuery);
  if (!kind || !Number.isInteger(id) || id < 1) return <Result status="404" title="导入批次不存在" />;
  if (!hasPermission(me.data, IMPORT_PERMISSION[kind])) return <Result status="403" title="无权限访问" />;
  return <BatchView kind={kind} id={id} />;
}

function BatchView({ kind, id }: { kind: ImportKind; id: number }) {
  const client = useQueryClient();
  const base = `/api/admin/imports/${kind}/${id}`;
  const batch = useQuery({
    queryKey: [...importsKey(kind), 'batch', id],
    queryFn: () => apiGet<ImportBatch>(base),
    meta: { showError: false },
    refetchInterval: (q) => (q.state.data && BUSY_STATUSES.has(q.state.data.status) ? POLL_MS : false),
  });
  const status = batch.data?.status;
  const paging = useUrlQuery(['state'] as const);
  const rowParams = { state: paging.filters.state || undefined, page: paging.page, limit: paging.limit };
  const rows = useQuery({
    queryKey: [...importsKey(kind), 'rows', id, rowParams, status],
    queryFn: () => apiGet<ImportRowList>(`${base}/rows`, rowParams),
    enabled: !!status && status !== 'previewing' && !batch.data?.rows_purged_at,
    placeholderData: keepPreviousData,
    meta: { showError: false },
  });
  const act = useMutation({
    mutationFn: (action: 'apply' | 'rollback') => apiPost<ImportBatch>(`${base}/${action}`),
    onSuccess: (_d, action) => notify.success(action === 'apply' ? '已开始导入' : '已开始回滚'),
    onSettled: () => client.invalidateQueries({ queryKey: importsKey(kind) }),
  });
  const run = useSingleFlight((action: 'apply' | 'rollback') => act.mutateAsync(action));

  if (batch.isError) return <LoadError error={batch.error} onRetry={() => void batch.refetch()} />;
  const b = batch.data;
  const title = `${IMPORT_KIND_NAMES[kind]}导入 #${id}`;
  if (!b) return <PageShell title={title}>加载中…</PageShell>;
  const p = b.progress;
  return (
    <PageShell
      title={title}
      extra={
        <Space>
          <Link to={`/imports?kind=${kind}`}>返回列表</Link>
          {b.status === 'previewed' && !b.rows_purged_at ? (
            <Popconfirm
              title={`确认导入 ${b.counts.create + b.counts.update} 行变更？错误行不会导入。`}
              okText="确认导入"
              cancelText="取消"
              onConfirm={() => void run.run('apply')}
            >
              <Button type="primary" loading={run.busy} disabled={b.counts.create + b.counts.update === 0}>
                确认导入
              </Button>
            </Popconfirm>
          ) : null}
          {b.status === 'applied' && !b.rows_purged_at ? (
            <Popconfirm
              title="回滚该批次？之后被改动过的字段将保留并列出。"
              okText="回滚"
              cancelText="取消"
              onConfirm={() => void run.run('rollback')}
            >
              <Button danger loading={run.busy}>
                回滚
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      }
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="文件">{b.file_name}</Descriptions.Item>
        <Descriptions.Item label="上传人">{b.staff_name}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StatusTag status={b.status} />
        </Descriptions.Item>
        <Descriptions.Item label="行数">
          {`共 ${b.total_rows}：新增 ${b.counts.create}，更新 ${b.counts.update}，无变化 ${b.counts.unchanged}，错误 ${b.counts.error}`}
        </Descriptions.Item>
        <Descriptions.Item label="导入时间">{b.applied_at ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="回滚时间">{b.rolled_back_at ?? '—'}</Descriptions.Item>
      </Descriptions>
      {p ? (
        <div style={{ marginBottom: 16 }}>
          {{ preview: '正在生成预览', apply: '正在导入', rollback: '正在回滚' }[p.phase]}
          <Progress percent={p.total ? Math.floor((p.done / p.total) * 100) : 0} aria-label="处理进度" />
        </div>
      ) : null}
      {b.error ? (
        <Result
          status="warning"
          title={b.status === 'failed' ? '文件处理失败' : '处理失败'}
          subTitle={b.error}
          extra={b.status === 'failed' ? <Link to={`/imports?kind=${kind}`}>重新上传文件</Link> : undefined}
        />
      ) : null}
      {b.rows_purged_at ? (
        <p data-testid="rows-purged">{`该批次的明细已于 ${b.rows_purged_at} 按保留期限清理，仅保留汇总。`}</p>
      ) : null}
      {b.report ? (
        <p data-testid="rollback-report">
          {`回滚结果：恢复 ${b.report.restored} 个字段，删除新增配件 ${b.report.deleted} 个；${b.report.conflicts} 个字段在导入后被改动，未恢复（见“回滚未恢复”）。`}
        </p>
      ) : null}
      {b.status !== 'previewing' && b.status !== 'failed' && !b.rows_purged_at ? (
        <>
          <Segmented
            style={{ marginBottom: 12 }}
            value={paging.filters.state}
            options={FILTERS}
            onChange={(v) => paging.setFilters({ state: String(v) })}
          />
          <PagedTable<ImportRow>
            query={rows}
            columns={rowColumns(rows.data?.field_names ?? {})}
            rowKey="row_no"
            paging={paging}
            emptyText="没有符合条件的行"
          />
        </>
      ) : null}
    </PageShell>
  );
}
