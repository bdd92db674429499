import { useState } from 'react';
import { Button, DatePicker, Form, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import type { ActivityInput, AdminActivity } from '@shop/core/api/coupons';
import { FormDialog } from '../../components/form-dialog';
import { LoadError } from '../../components/load-error';
import { PageShell } from '../../components/page-shell';
import { useSingleFlight } from '../../lib/use-single-flight';
import { MediaAddress } from '../catalog/media-field';
import { couponQueries, uploadActivityImage, useSaveActivity, useSetStatus } from './coupons-api';
import { PartListField } from './pickers';
import { statusTag } from './vouchers-page';

const DAY = 'YYYY-MM-DD';

/** /admin/activities: the activity zone's activities; create, edit (picture, days, parts in order), stop. */
export function ActivitiesPage() {
  const list = useQuery(couponQueries.activities());
  const status = useSetStatus('activities');
  const [editing, setEditing] = useState<AdminActivity | 'new' | null>(null);
  return (
    <PageShell
      title="活动管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建活动
        </Button>
      }
    >
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdminActivity>
          size="middle"
          rowKey="activity_id"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: list.isPending ? '加载中…' : '暂无活动' }}
          columns={[
            {
              title: '图片',
              dataIndex: 'image',
              render: (image: string) =>
                image ? (
                  <img src={image} alt="活动图片" style={{ height: 40, maxWidth: 120, objectFit: 'cover' }} />
                ) : (
                  '—'
                ),
            },
            { title: '名称', dataIndex: 'name' },
            { title: '活动时间', render: (_, a) => `${a.starts_on} 至 ${a.ends_on}` },
            { title: '商品', render: (_, a) => `${a.product_ids.length} 个` },
            {
              title: '优惠券',
              render: (_, a) =>
                a.voucher_ids.length > 0 ? <Link to="/coupons?kind=campaign">{a.voucher_ids.length} 张</Link> : '—',
            },
            {
              title: '状态',
              render: (_, a) => (
                <Space size={4}>
                  {statusTag(a.status)}
                  {a.running ? <Tag color="orange">进行中</Tag> : null}
                </Space>
              ),
            },
            {
              title: '操作',
              render: (_, a) => (
                <Space size={4}>
                  <Button size="small" onClick={() => setEditing(a)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={a.status === 'active' ? `停止“${a.name}”？经销商将不再看到它。` : `重新启用“${a.name}”？`}
                    okText={a.status === 'active' ? '停止' : '启用'}
                    cancelText="取消"
                    onConfirm={() =>
                      status.mutateAsync({ id: a.activity_id, stop: a.status === 'active' }).catch(() => undefined)
                    }
                  >
                    <Button size="small" danger={a.status === 'active'} disabled={status.isPending}>
                      {a.status === 'active' ? '停止' : '启用'}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing ? (
        <ActivityDialog activity={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </PageShell>
  );
}

interface ActivityForm {
  name: string;
  image: string;
  description: string;
  days: [Dayjs | null, Dayjs | null] | null;
  product_ids: number[];
}

function inputOf(f: ActivityForm): ActivityInput {
  const [from, to] = f.days ?? [null, null];
  return {
    name: f.name.trim(),
    image: f.image ?? '',
    description: (f.description ?? '').trim(),
    starts_on: from?.format(DAY) ?? '',
    ends_on: to?.format(DAY) ?? '',
    product_ids: f.product_ids ?? [],
  };
}

function ActivityDialog({ activity, onClose }: { activity: AdminActivity | null; onClose: () => void }) {
  const [form] = Form.useForm<ActivityForm>();
  const save = useSaveActivity();
  const { run: submit, busy } = useSingleFlight(async () => {
    const values = await form.validateFields();
    await save.mutateAsync({ id: activity?.activity_id ?? null, body: inputOf(values) });
    onClose();
  });
  const initial: ActivityForm = {
    name: activity?.name ?? '',
    image: activity?.image ?? '',
    description: activity?.description ?? '',
    days: activity ? [dayjs(activity.starts_on), dayjs(activity.ends_on)] : null,
    product_ids: activity?.product_ids ?? [],
  };
  return (
    <FormDialog
      title={activity ? `编辑活动：${activity.name}` : '新建活动'}
      okText="保存"
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form<ActivityForm> form={form} layout="vertical" disabled={busy} initialValues={initial} aria-label="活动">
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
          <Input maxLength={60} placeholder="如 春季保养节" />
        </Form.Item>
        <Form.Item name="image" label="活动图片">
          <MediaAddress label="上传图片" upload={uploadActivityImage} disabled={busy} />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="days"
          label="活动时间（中国时间，含首尾两天）"
          rules={[{ required: true, message: '请选择活动时间' }]}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="product_ids" label="活动商品（按此顺序展示）">
          <PartListField ordered disabled={busy} />
        </Form.Item>
        <Typography.Text type="secondary">
          活动的优惠券在“优惠券”中新建，发放方式选“活动领取”并选择本活动。
        </Typography.Text>
      </Form>
    </FormDialog>
  );
}
