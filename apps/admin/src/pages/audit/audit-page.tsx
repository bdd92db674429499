import { Form, Input, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditListResponse } from '@shop/core/api/admin';
import { DayRangeItem, UrlFilterBar, validDay } from '../../components/filter-bar';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { apiGet } from '../../lib/api';
import { useUrlQuery } from '../../lib/use-url-query';

const KEYS = ['staff_id', 'action', 'entity_type', 'entity_id', 'start_date', 'end_date'] as const;

const columns: TableColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'at' },
  { title: '员工', dataIndex: 'staff_name', render: (name: string, e) => `${name}（${e.staff_id}）` },
  { title: '操作', dataIndex: 'action' },
  { title: '对象', render: (_, e) => `${e.entity_type} ${e.entity_id}` },
  { title: '请求编号', dataIndex: 'request_id' },
  { title: 'IP', dataIndex: 'ip' },
];

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** /admin/audit: every staff change (audit.read), newest first, filtered; the log is read-only. */
export function AuditPage() {
  const paging = useUrlQuery(KEYS);
  const { filters, page, limit } = paging;
  const params = {
    staff_id: /^\d{1,10}$/.test(filters.staff_id) ? filters.staff_id : undefined,
    action: filters.action || undefined,
    entity_type: filters.entity_type || undefined,
    entity_id: filters.entity_id || undefined,
    start_date: validDay(filters.start_date),
    end_date: validDay(filters.end_date),
    page,
    limit,
  };
  const query = useQuery({
    queryKey: ['admin', 'audit', params],
    queryFn: () => apiGet<AuditListResponse>('/api/admin/audit', params),
    placeholderData: keepPreviousData,
    meta: { showError: false },
  });

  return (
    <PageShell title="操作日志">
      <UrlFilterBar query={paging}>
        <Form.Item name="staff_id" label="员工编号" rules={[{ pattern: /^\d{1,10}$/, message: '员工编号应为数字' }]}>
          <Input allowClear maxLength={10} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Input allowClear maxLength={60} placeholder="如 order.ship" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="entity_type" label="对象类型">
          <Input allowClear maxLength={40} placeholder="如 order" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="entity_id" label="对象编号">
          <Input allowClear maxLength={60} style={{ width: 160 }} />
        </Form.Item>
        <DayRangeItem label="日期" />
      </UrlFilterBar>
      <PagedTable<AuditEntry>
        query={query}
        columns={columns}
        rowKey="id"
        paging={paging}
        emptyText="暂无操作记录"
        expandable={{
          expandedRowRender: (e) => (
            <div style={{ display: 'flex', gap: 24 }}>
              <div>
                <strong>修改前</strong>
                <pre>{json(e.before)}</pre>
              </div>
              <div>
                <strong>修改后</strong>
                <pre>{json(e.after)}</pre>
              </div>
            </div>
          ),
        }}
      />
    </PageShell>
  );
}
