import { useState } from 'react';
import { Button, Form, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ActivityInput, AdminActivity } from '@shop/core/api/coupons';
import { AddButton } from '../../components/add-button';
import { NoteItem, TextItem } from '../../components/form-items';
import { dayRangeFields, dayRangeOf, type DayRange } from '../../components/filter-bar';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { QueryTable } from '../../components/query-table';
import { PageShell } from '../../components/page-shell';
import { MediaAddress } from '../catalog/media-field';
import { couponQueries, uploadActivityImage, useSaveActivity } from './coupons-api';
import { DaysItem, PartListField } from './pickers';
import { statusTag, StatusToggle } from './vouchers-page';

/** /admin/activities: the activity zone's activities; create, edit (picture, days, parts in order), stop. */
export function ActivitiesPage() {
  const list = useQuery(couponQueries.activities());
  const [editing, setEditing] = useState<AdminActivity | 'new' | null>(null);
  return (
    <PageShell title="活动管理" extra={<AddButton onClick={() => setEditing('new')}>新建活动</AddButton>}>
      <QueryTable<AdminActivity>
        query={list}
        rowKey="activity_id"
        emptyText="暂无活动"
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
                <StatusToggle what="activities" id={a.activity_id} active={a.status === 'active'} name={a.name} />
              </Space>
            ),
          },
        ]}
      />
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
  days: DayRange;
  product_ids: number[];
}

function inputOf(f: ActivityForm): ActivityInput {
  const { start_date = '', end_date = '' } = dayRangeFields(f.days);
  return {
    name: f.name.trim(),
    image: f.image ?? '',
    description: (f.description ?? '').trim(),
    starts_on: start_date,
    ends_on: end_date,
    product_ids: f.product_ids ?? [],
  };
}

function ActivityDialog({ activity, onClose }: { activity: AdminActivity | null; onClose: () => void }) {
  const save = useSaveActivity();
  const dialog = useDialogForm<ActivityForm>(onClose, async (values) => {
    await save.mutateAsync({ id: activity?.activity_id ?? null, body: inputOf(values) });
  });
  const initial: ActivityForm = {
    name: activity?.name ?? '',
    image: activity?.image ?? '',
    description: activity?.description ?? '',
    days: activity ? dayRangeOf(activity.starts_on, activity.ends_on) : null,
    product_ids: activity?.product_ids ?? [],
  };
  return (
    <FormDialog
      {...dialog}
      title={activity ? `编辑活动：${activity.name}` : '新建活动'}
      initialValues={initial}
      formLabel="活动"
    >
      <TextItem name="name" label="名称" max={60} required="请填写名称" placeholder="如 春季保养节" />
      <Form.Item name="image" label="活动图片">
        <MediaAddress label="上传图片" upload={uploadActivityImage} disabled={dialog.busy} />
      </Form.Item>
      <NoteItem name="description" label="说明" max={500} rows={2} />
      <DaysItem label="活动时间" message="请选择活动时间" />
      <Form.Item name="product_ids" label="活动商品（按此顺序展示）">
        <PartListField ordered disabled={dialog.busy} />
      </Form.Item>
      <Typography.Text type="secondary">
        活动的优惠券在“优惠券”中新建，发放方式选“活动领取”并选择本活动。
      </Typography.Text>
    </FormDialog>
  );
}
