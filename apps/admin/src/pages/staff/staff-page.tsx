import { useState } from 'react';
import { Button, Checkbox, Form, Input, Popconfirm, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CreateStaffRequest, StaffMember } from '@shop/core/api/admin';
import { STAFF_ROLE_KEYS, STAFF_ROLES } from '@shop/core/staff-permissions';
import { AddButton } from '../../components/add-button';
import { TextItem } from '../../components/form-items';
import { FormDialog } from '../../components/form-dialog';
import { PhoneItem } from '../../components/phone-item';
import { LoadError } from '../../components/load-error';
import { PageShell } from '../../components/page-shell';
import { apiGet, apiPost } from '../../lib/api';
import { getQuery, useAreaMutation } from '../../lib/queries';
import { roleNames } from '../../lib/staff';
import { useSingleFlight } from '../../lib/use-single-flight';

const staffKey = ['admin', 'staff'] as const;

/** /admin/staff: staff members and their roles (administrators: staff.manage). */
export function StaffPage() {
  const list = useQuery(getQuery(staffKey, () => apiGet<StaffMember[]>('/api/admin/staff')));
  const toggle = useAreaMutation(
    staffKey,
    ({ id, enable }: { id: number; enable: boolean }) =>
      apiPost<StaffMember>(`/api/admin/staff/${id}/${enable ? 'enable' : 'disable'}`),
    (_d, v) => (v.enable ? '已启用' : '已停用'),
  );
  const [creating, setCreating] = useState(false);

  return (
    <PageShell title="员工管理" extra={<AddButton onClick={() => setCreating(true)}>添加员工</AddButton>}>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<StaffMember>
          size="middle"
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: list.isPending ? '加载中…' : '暂无员工' }}
          columns={[
            { title: '姓名', dataIndex: 'name' },
            { title: '登录名', dataIndex: 'login' },
            { title: '手机号', dataIndex: 'phone' },
            { title: '角色', dataIndex: 'roles', render: (roles: string[]) => roleNames(roles) },
            {
              title: '状态',
              dataIndex: 'enabled',
              render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? '启用' : '停用'}</Tag>,
            },
            { title: '创建时间', dataIndex: 'created_at' },
            {
              title: '操作',
              render: (_, s) => (
                <Popconfirm
                  title={s.enabled ? `停用 ${s.name}？其登录会立即失效。` : `启用 ${s.name}？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => toggle.mutateAsync({ id: s.id, enable: !s.enabled }).catch(() => undefined)}
                >
                  <Button size="small" danger={s.enabled} disabled={toggle.isPending}>
                    {s.enabled ? '停用' : '启用'}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
      {creating ? <CreateStaffDialog onClose={() => setCreating(false)} /> : null}
    </PageShell>
  );
}

function CreateStaffDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateStaffRequest>();
  const create = useAreaMutation(
    staffKey,
    (body: CreateStaffRequest) => apiPost<StaffMember>('/api/admin/staff', body),
    '添加成功',
  );
  const { run: submit, busy } = useSingleFlight(async () => {
    await create.mutateAsync(await form.validateFields());
    onClose();
  });
  return (
    <FormDialog title="添加员工" okText="添加" busy={busy} onSubmit={submit} onClose={onClose}>
      <Form<CreateStaffRequest> form={form} layout="vertical" disabled={busy}>
        <TextItem name="name" label="姓名" max={40} required="请填写姓名" />
        <Form.Item
          name="login"
          label="登录名"
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z][A-Za-z0-9_.-]{2,39}$/,
              message: '登录名为 3 到 40 位字母、数字或 _ . -，以字母开头',
            },
          ]}
        >
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
        <PhoneItem pattern={/^1\d{10}$/} message="手机号格式不正确" />
        <Form.Item name="password" label="初始密码" rules={[{ required: true, min: 8, message: '密码至少 8 位' }]}>
          <Input.Password maxLength={200} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="roles"
          label="角色"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}
        >
          <Checkbox.Group options={STAFF_ROLE_KEYS.map((r) => ({ value: r, label: STAFF_ROLES[r] }))} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
