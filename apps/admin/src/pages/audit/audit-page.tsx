import { Form, Input, type TableColumnsType } from 'antd';
import type { AuditEntry, AuditListResponse } from '@shop/core/api/admin';
import { DayRangeItem, validDay } from '../../components/filter-bar';
import { ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { listQuery } from '../../lib/queries';

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
  const list = useUrlList(
    KEYS,
    (filters) => ({
      staff_id: /^\d{1,10}$/.test(filters.staff_id) ? filters.staff_id : undefined,
      action: filters.action || undefined,
      entity_type: filters.entity_type || undefined,
      entity_id: filters.entity_id || undefined,
      start_date: validDay(filters.start_date),
      end_date: validDay(filters.end_date),
    }),
    (params) => listQuery<AuditListResponse>(['admin', 'audit'], '/api/admin/audit', params),
  );

  return (
    <ListPage
      title="操作日志"
      list={list}
      table={{
        columns,
        rowKey: 'id',
        emptyText: '暂无操作记录',
        expandable: {
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
        },
      }}
    >
      <Form.Item name="staff_id" label="员工编号" rules={[{ pattern: /^\d{1,10}$/, message: '员工编号应为数字' }]}>
        <Input allowClear maxLength={10} style={{ width: 110 }} />
      </Form.Item>
      <TextFilter name="action" label="操作" placeholder="如 order.ship" maxLength={60} width={150} />
      <TextFilter name="entity_type" label="对象类型" placeholder="如 order" maxLength={40} width={120} />
      <TextFilter name="entity_id" label="对象编号" maxLength={60} width={160} />
      <DayRangeItem label="日期" />
    </ListPage>
  );
}
