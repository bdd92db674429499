import { useState } from 'react';
import { Button, Checkbox, Form, Input, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { AccountName, MAX_SON_ACCOUNTS, NewPassword, Phone, type SonAccount } from '@shop/core/api/user';
import { FormDialog, useDialogForm } from '../../components/form-dialog/form-dialog';
import { PageShell, PageStates } from '../../components/page-shell/page-shell';
import { userQueries } from '../../entities/user/user-queries';
import { formatTime } from '../../lib/format-time';
import { accountQueries, useAddSon, useDeleteSon, useUnbindWx, useUpdateSon } from './api/account-api';

/**
 * /profile/sub_accounts (main accounts; decision 0049): the company's sub-accounts with add, edit
 * (name, phone, a new password, the purchase right), disable, delete and unbinding their WeChat.
 * The server refuses all of it to any other account.
 */
export default function SubAccountsPage() {
  const user = useQuery(userQueries.info());
  const list = useQuery({ ...accountQueries.sons(), enabled: user.data?.is_main === 1 });
  const update = useUpdateSon();
  const remove = useDeleteSon();
  const unbind = useUnbindWx();
  const [editing, setEditing] = useState<SonAccount | 'new' | null>(null);

  if (user.data && user.data.is_main !== 1) return <Navigate replace to="/profile/account" />;
  const sons = list.data?.list ?? [];

  const columns: TableColumnsType<SonAccount> = [
    { key: 'username', title: '账号名', dataIndex: 'username' },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130 },
    {
      key: 'purchase',
      title: '采购权限',
      width: 100,
      render: (_, s) =>
        s.is_purchase ? <Tag color="blue">有</Tag> : <Typography.Text type="secondary">无</Typography.Text>,
    },
    {
      key: 'wx',
      title: '微信',
      width: 150,
      render: (_, s) =>
        s.wx_bound ? (
          <Space size={4}>
            <Tag color="green">已绑定</Tag>
            <Popconfirm
              title={`解绑 ${s.username} 的微信？`}
              okText="解绑"
              cancelText="取消"
              onConfirm={() => unbind.mutateAsync(s.subuser_id).catch(() => undefined)}
            >
              <Button type="link" size="small" disabled={unbind.isPending}>
                解绑
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <Typography.Text type="secondary">未绑定</Typography.Text>
        ),
    },
    {
      key: 'state',
      title: '状态',
      width: 90,
      render: (_, s) => (s.is_disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
    },
    { key: 'created', title: '创建时间', width: 170, render: (_, s) => formatTime(s.created_at) },
    {
      key: 'actions',
      title: '操作',
      width: 200,
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(s)}>
            编辑
          </Button>
          <Popconfirm
            title={s.is_disabled ? `启用 ${s.username}？` : `停用 ${s.username}？该账号将立即下线且不能登录。`}
            okText="确定"
            cancelText="取消"
            onConfirm={() =>
              update
                .mutateAsync({ subuser_id: s.subuser_id, is_disabled: s.is_disabled ? 0 : 1 })
                .catch(() => undefined)
            }
          >
            <Button type="link" size="small" disabled={update.isPending}>
              {s.is_disabled ? '启用' : '停用'}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={`删除 ${s.username}？该账号将立即下线，其订单仍保留。`}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(s.subuser_id).catch(() => undefined)}
          >
            <Button type="link" size="small" danger disabled={remove.isPending}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageShell
      title="子账号管理"
      hint={`最多 ${MAX_SON_ACCOUNTS} 个；无采购权限的子账号只看到自己下的订单`}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={sons.length >= MAX_SON_ACCOUNTS}
          onClick={() => setEditing('new')}
        >
          添加子账号
        </Button>
      }
    >
      <PageStates query={list} empty={sons.length === 0} emptyText="还没有子账号">
        <Table<SonAccount> rowKey="subuser_id" columns={columns} dataSource={sons} pagination={false} size="middle" />
      </PageStates>
      <SonDialog son={editing} onClose={() => setEditing(null)} />
    </PageShell>
  );
}

interface SonValues {
  username: string;
  phone: string;
  password: string;
  is_purchase: boolean;
}

/** A rule of a core schema (the server's same rule) for an antd field. */
function schemaRule(schema: {
  safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}) {
  return {
    validator: (_: unknown, v: string) => {
      if (!v) return Promise.resolve();
      const checked = schema.safeParse(v);
      return checked.success ? Promise.resolve() : Promise.reject(new Error(checked.error?.issues[0]?.message));
    },
  };
}

function SonDialog({ son, onClose }: { son: SonAccount | 'new' | null; onClose: () => void }) {
  const add = useAddSon();
  const update = useUpdateSon();
  const isNew = son === 'new';
  const dialog = useDialogForm<SonValues>(son !== null, onClose, add.isPending || update.isPending);
  const submit = (v: SonValues) => {
    if (!son) return;
    const base = {
      username: v.username.trim(),
      phone: v.phone.trim(),
      is_purchase: v.is_purchase ? (1 as const) : (0 as const),
    };
    const sent =
      son === 'new'
        ? add.mutateAsync({ ...base, password: v.password })
        : update.mutateAsync({ ...base, subuser_id: son.subuser_id, password: v.password ?? '' });
    return sent.then(onClose);
  };
  return (
    <FormDialog
      {...dialog}
      title={isNew ? '添加子账号' : '编辑子账号'}
      onFinish={submit}
      preserve={false}
      initialValues={
        son && son !== 'new'
          ? { username: son.username, phone: son.phone, password: '', is_purchase: son.is_purchase === 1 }
          : { is_purchase: false }
      }
    >
      <Form.Item
        name="username"
        label="账号名"
        rules={[{ required: true, message: '请输入账号名' }, schemaRule(AccountName)]}
      >
        <Input maxLength={32} placeholder="2-32 个字符，不能是纯数字" />
      </Form.Item>
      <Form.Item name="phone" label="手机号" rules={[{ required: true, message: '请输入手机号' }, schemaRule(Phone)]}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item
        name="password"
        label={isNew ? '登录密码' : '新密码（不改请留空；修改后该账号下线）'}
        rules={[...(isNew ? [{ required: true, message: '请输入密码' }] : []), schemaRule(NewPassword)]}
      >
        <Input.Password maxLength={64} autoComplete="new-password" placeholder="8-64 位" />
      </Form.Item>
      <Form.Item name="is_purchase" valuePropName="checked">
        <Checkbox>采购权限（可查看公司全部订单和配件的采购记录）</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
