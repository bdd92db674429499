import { useState } from 'react';
import { Button, Descriptions, Popconfirm, Space, Switch, Tag, Typography, Upload } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { DealerAccount, DealerAccountUpdate } from '@shop/core/api/dealers';
import { AddButton } from '../../components/add-button';
import { BadIdPage, DetailWait, PageShell } from '../../components/page-shell';
import { notify } from '../../lib/notify';
import { AccountDialog, PasswordDialog } from './account-dialogs';
import { CompanyDialog } from './company-dialog';
import { enabledTag } from './dealers-page';
import { dealerQueries, useActivityImage, useCompanyEnabled, useUnbindWx, useUpdateAccount } from './dealers-api';
import { RowsTable } from '../../components/rows-table';

/** Largest activity image (the server's picture limit). */
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** /admin/dealers/:id: the company, its flags and its accounts, with what staff may change. */
export function DealerDetailPage() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const query = useQuery({ ...dealerQueries.detail(id), enabled: id > 0 });
  const enabled = useCompanyEnabled(id);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);

  const back = <Link to="/dealers">返回经销商列表</Link>;
  if (id === 0) return <BadIdPage title="经销商" back={back} problem="公司编号不正确" />;
  if (!query.isSuccess) return <DetailWait title="经销商" back={back} query={query} />;
  const { company, accounts } = query.data;
  const on = company.enabled === 1;

  return (
    <PageShell
      title={company.name}
      extra={
        <Space>
          {back}
          <Button onClick={() => setEditing(true)}>编辑公司</Button>
          <Popconfirm
            title={on ? `停用 ${company.name}？其全部账号将立即下线且不能登录。` : `启用 ${company.name}？`}
            okText="确定"
            cancelText="取消"
            onConfirm={() => enabled.mutateAsync(!on).catch(() => undefined)}
          >
            <Button danger={on} loading={enabled.isPending} disabled={enabled.isPending}>
              {on ? '停用公司' : '启用公司'}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="公司编号">{company.id}</Descriptions.Item>
        <Descriptions.Item label="联系人">{company.contact_name || '—'}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{company.contact_phone || '—'}</Descriptions.Item>
        <Descriptions.Item label="区域客户（北京仓）">{company.is_regional_warehouse ? '是' : '否'}</Descriptions.Item>
        <Descriptions.Item label="状态">{enabledTag(company.enabled)}</Descriptions.Item>
        <Descriptions.Item label="品牌分组">
          {company.brand_groupings.length > 0 ? company.brand_groupings.join('、') : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={3}>
          {company.notes || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">{company.created_at}</Descriptions.Item>
        <Descriptions.Item label="最后修改">{company.updated_at}</Descriptions.Item>
      </Descriptions>

      <Space style={{ margin: '24px 0 12px', justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          账号（{accounts.length}）
        </Typography.Title>
        <AddButton onClick={() => setAdding(true)}>添加账号</AddButton>
      </Space>
      <AccountsTable accounts={accounts} />

      {editing ? <CompanyDialog company={company} onClose={() => setEditing(false)} /> : null}
      {adding ? (
        <AccountDialog
          companyId={company.id}
          hasMain={accounts.some((a) => a.is_main === 1)}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </PageShell>
  );
}

function AccountsTable({ accounts }: { accounts: DealerAccount[] }) {
  const update = useUpdateAccount();
  const image = useActivityImage();
  const unbind = useUnbindWx();
  const [resetting, setResetting] = useState<DealerAccount | null>(null);
  const change = (a: DealerAccount, body: DealerAccountUpdate) =>
    update.mutateAsync({ ...body, id: a.id }).catch(() => undefined);
  const flagSwitch = (a: DealerAccount, key: 'is_purchase' | 'activity_flag', value: 0 | 1, label: string) => (
    <Switch
      size="small"
      checked={value === 1}
      disabled={update.isPending}
      aria-label={`${a.username} ${label}`}
      onChange={(checked) => void change(a, { [key]: checked ? 1 : 0 })}
    />
  );

  return (
    <>
      <RowsTable<DealerAccount>
        size="middle"
        rowKey="id"
        rows={accounts}
        emptyText="该公司还没有账号"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '账号名', dataIndex: 'username' },
          { title: '手机号', dataIndex: 'phone' },
          {
            title: '类型',
            dataIndex: 'is_main',
            render: (main: 0 | 1) => (main ? <Tag color="gold">主账号</Tag> : <Tag>子账号</Tag>),
          },
          {
            title: '采购权限',
            dataIndex: 'is_purchase',
            render: (v: 0 | 1, a) => flagSwitch(a, 'is_purchase', v, '采购权限'),
          },
          {
            title: '活动专区',
            dataIndex: 'activity_flag',
            render: (v: 0 | 1, a) => (
              <Space>
                {flagSwitch(a, 'activity_flag', v, '活动专区')}
                <Upload
                  accept="image/*"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    if (!file.type.startsWith('image/')) notify.error('请选择图片文件（JPG、PNG 等）');
                    else if (file.size > IMAGE_MAX_BYTES) notify.error('图片过大，请选择小于 10MB 的图片');
                    else image.mutate({ id: a.id, file });
                    return false;
                  }}
                >
                  <Button
                    size="small"
                    loading={image.isPending && image.variables?.id === a.id}
                    disabled={image.isPending}
                  >
                    {a.activity_flag_image ? '更换活动图片' : '上传活动图片'}
                  </Button>
                </Upload>
              </Space>
            ),
          },
          {
            title: '微信',
            dataIndex: 'wx_bound',
            render: (v: 0 | 1, a) =>
              v ? (
                <Space>
                  <Tag color="green">已绑定{a.wx_nickname ? `（${a.wx_nickname}）` : ''}</Tag>
                  <Popconfirm
                    title={`解绑 ${a.username} 的微信？解绑后该微信不能再扫码登录此账号。`}
                    okText="解绑"
                    cancelText="取消"
                    onConfirm={() => unbind.mutateAsync(a.id).catch(() => undefined)}
                  >
                    <Button size="small" disabled={unbind.isPending}>
                      解绑微信
                    </Button>
                  </Popconfirm>
                </Space>
              ) : (
                <Typography.Text type="secondary">未绑定</Typography.Text>
              ),
          },
          { title: '状态', dataIndex: 'enabled', render: enabledTag },
          { title: '创建时间', dataIndex: 'created_at' },
          {
            title: '操作',
            key: 'actions',
            render: (_, a) => (
              <Space>
                <Button size="small" onClick={() => setResetting(a)}>
                  重置密码
                </Button>
                <Popconfirm
                  title={a.enabled ? `停用 ${a.username}？该账号将立即下线且不能登录。` : `启用 ${a.username}？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => change(a, { enabled: a.enabled ? 0 : 1 })}
                >
                  <Button size="small" danger={a.enabled === 1} disabled={update.isPending}>
                    {a.enabled ? '停用' : '启用'}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {resetting ? <PasswordDialog account={resetting} onClose={() => setResetting(null)} /> : null}
    </>
  );
}
