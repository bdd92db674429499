import { useState } from 'react';
import { Button, Descriptions, Input, Modal, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ADMIN_RESOURCE_STATUSES, type AdminResourceEntry } from '@shop/core/api/resource-share';
import { RESOURCE_STATUS_TEXT, type ResourceStatus } from '@shop/core/resource-share-rules';
import { ChoiceFilter, ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { useSingleFlight } from '../../lib/use-single-flight';
import { resourceShareQueries, useTakeDown } from './resource-share-api';

const KEYS = ['keyword', 'company', 'status'] as const;
const REASON_MAX = 200;

const isStatus = (value: string): value is ResourceStatus =>
  (ADMIN_RESOURCE_STATUSES as readonly string[]).includes(value);
const STATUS_COLOR: Record<ResourceStatus, string> = { active: 'green', withdrawn: 'default', taken_down: 'red' };

function StatusCell({ entry }: { entry: AdminResourceEntry }) {
  const status = isStatus(entry.status) ? entry.status : undefined;
  return (
    <>
      <Tag color={status ? STATUS_COLOR[status] : 'default'}>{entry.status_cn}</Tag>
      {entry.status !== 'active' ? (
        <div>
          <Typography.Text type="secondary">{entry.update_time}</Typography.Text>
        </div>
      ) : null}
      {entry.status === 'taken_down' && entry.note ? (
        <div>
          <Typography.Text type="secondary">原因：{entry.note}</Typography.Text>
        </div>
      ) : null}
    </>
  );
}

/**
 * /admin/resource-share: the stock dealers share with each other (资源共享), searched by number or
 * name, the sharing company's name and status; an active entry can be taken down with a reason.
 */
export function ResourceSharePage() {
  const list = useUrlList(
    KEYS,
    (filters) => ({
      keyword: filters.keyword || undefined,
      company: filters.company || undefined,
      status: isStatus(filters.status) ? filters.status : undefined,
    }),
    resourceShareQueries.list,
  );
  const [taking, setTaking] = useState<AdminResourceEntry | null>(null);

  const columns: TableColumnsType<AdminResourceEntry> = [
    { title: '配件编号', dataIndex: 'number' },
    { title: '配件名称', dataIndex: 'name' },
    { title: '数量', dataIndex: 'quantity', align: 'right' },
    {
      title: '价格',
      dataIndex: 'price',
      align: 'right',
      render: (p: string | null) => (p === null ? '面议' : `¥${p}`),
    },
    {
      title: '共享经销商',
      dataIndex: 'company_name',
      render: (name: string, e) => (
        <>
          <Link to={`/dealers/${e.company_id}`}>{name}</Link>
          <div>
            <Typography.Text type="secondary">
              {e.account_name}（{e.account_phone}）
            </Typography.Text>
          </div>
        </>
      ),
    },
    { title: '联系方式', dataIndex: 'contact' },
    { title: '状态', dataIndex: 'status', render: (_, e) => <StatusCell entry={e} /> },
    { title: '发布时间', dataIndex: 'create_time' },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_, e) =>
        e.status === 'active' ? (
          <Button type="link" danger onClick={() => setTaking(e)}>
            下架
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <ListPage
      title="资源共享"
      list={list}
      table={{ columns, rowKey: 'id', emptyText: '暂无符合条件的共享资源' }}
      after={taking ? <TakeDownDialog entry={taking} onClose={() => setTaking(null)} /> : null}
    >
      <TextFilter name="keyword" label="配件" placeholder="配件编号或名称" maxLength={60} width={200} />
      <TextFilter name="company" label="经销商" placeholder="公司名称" maxLength={60} width={200} />
      <ChoiceFilter
        name="status"
        label="状态"
        width={130}
        values={ADMIN_RESOURCE_STATUSES}
        texts={RESOURCE_STATUS_TEXT}
      />
    </ListPage>
  );
}

/**
 * Asks for the reason before an entry goes: 确认下架 stays off until one is written, and sends
 * once however often it is clicked. A refusal (someone withdrew it meanwhile) keeps the dialog
 * open; the toast says why and the list is asked again.
 */
function TakeDownDialog({ entry, onClose }: { entry: AdminResourceEntry; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const takeDown = useTakeDown();
  const send = useSingleFlight(async (text: string) => {
    await takeDown.mutateAsync({ id: entry.id, reason: text });
    onClose();
  });
  const busy = send.busy || takeDown.isPending;
  return (
    <Modal
      title="下架共享资源"
      open
      okText="确认下架"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: busy, disabled: busy || !reason.trim() }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => void send.run(reason.trim())}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'part', label: '配件', children: `${entry.number} ${entry.name}（${entry.quantity} 件）` },
          { key: 'company', label: '共享经销商', children: entry.company_name },
          { key: 'contact', label: '联系方式', children: entry.contact },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        下架后所有经销商都查不到这条库存（共享它的经销商也不再看到），原因记入操作日志。
      </Typography.Paragraph>
      <Input.TextArea
        style={{ marginBottom: 20 }}
        aria-label="下架原因"
        placeholder="请填写下架原因"
        maxLength={REASON_MAX}
        showCount
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
