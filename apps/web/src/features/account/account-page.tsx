import { useState } from 'react';
import {
  Avatar,
  Button,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Radio,
  Space,
  Switch,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { UserOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { WAREHOUSES, type WarehouseId } from '@shop/core/constants';
import { NewPassword } from '@shop/core/api/user';
import { AuthImage } from '../../components/auth-image/auth-image';
import { PageShell, PageStates } from '../../components/page-shell/page-shell';
import { useShippingWarehouse } from '../../components/warehouse-picker/warehouse-picker';
import { notify, notifyError } from '../../lib/notify';
import { usePreferences } from '../../lib/preferences';
import { accountQueries, startWxBinding, useChangePassword, useUnbindWx, useUploadAvatar } from './api/account-api';
import { PhoneDialog } from './phone-dialog';
import styles from './account-page.module.css';
import { useSingleFlight } from '../../lib/use-single-flight';

/** Largest avatar (the server's picture limit). */
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/**
 * /profile/account (spec.md section 2, docs/account.md): the account's personal information and
 * settings: avatar, phone (changed with a code sent to the new number), company (read-only),
 * password (with the old one; other devices are signed out), the purchase-price display and the
 * default warehouse (the cookies of spec.md section 4), the WeChat binding; main accounts reach
 * their sub-accounts from here.
 */
export default function AccountPage() {
  const settings = useQuery(accountQueries.settings());
  const [phoneOpen, setPhoneOpen] = useState(false);
  const avatar = useUploadAvatar();
  const a = settings.data;

  return (
    <>
      <PageShell title="个人信息">
        <PageStates query={settings}>
          {a && (
            <div className={styles.info}>
              <div className={styles.avatar}>
                {a.avatar ? (
                  <AuthImage path={a.avatar} alt="头像" size={96} />
                ) : (
                  <Avatar size={96} icon={<UserOutlined />} aria-label="未设置头像" />
                )}
                <Upload
                  accept="image/*"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    if (!file.type.startsWith('image/')) notify.error('请选择图片文件（JPG、PNG 等）');
                    else if (file.size > AVATAR_MAX_BYTES) notify.error('图片过大，请选择小于 10MB 的图片');
                    else if (!avatar.isPending) avatar.mutate(file);
                    return false;
                  }}
                >
                  <Button size="small" loading={avatar.isPending}>
                    {a.avatar ? '更换头像' : '上传头像'}
                  </Button>
                </Upload>
              </div>
              <Descriptions column={1} size="middle" className={styles.fields}>
                <Descriptions.Item label="账号名">{a.username}</Descriptions.Item>
                <Descriptions.Item label="手机号">
                  <Space>
                    <span data-testid="account-phone">{a.phone}</span>
                    <Button type="link" size="small" onClick={() => setPhoneOpen(true)}>
                      修改手机号
                    </Button>
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label="所属公司">{a.company_name}</Descriptions.Item>
                <Descriptions.Item label="账号类型">
                  <Space>
                    {a.is_main ? <Tag color="gold">主账号</Tag> : <Tag>子账号</Tag>}
                    {!a.is_main && a.is_purchase ? <Tag color="blue">采购权限</Tag> : null}
                    {a.is_main ? <Link to="/profile/sub_accounts">管理子账号</Link> : null}
                  </Space>
                </Descriptions.Item>
              </Descriptions>
            </div>
          )}
        </PageStates>
      </PageShell>
      {a && <PhoneDialog open={phoneOpen} current={a.phone} onClose={() => setPhoneOpen(false)} />}
      <PasswordCard />
      <DisplayCard />
      {a && <WeChatCard bound={a.wx_bound === 1} nickname={a.wx_nickname} enabled={a.wx_enabled === 1} />}
    </>
  );
}

interface PasswordValues {
  old_password: string;
  password: string;
  confirm: string;
}

function PasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const once = useSingleFlight();
  const submit = (values: PasswordValues) =>
    once(() =>
      change
        .mutateAsync({ old_password: values.old_password, password: values.password })
        .then(() => form.resetFields()),
    );
  return (
    <PageShell title="修改密码" hint="修改后，其他设备上的登录将退出">
      <Form form={form} layout="horizontal" labelCol={{ flex: '96px' }} onFinish={submit} className={styles.form}>
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            {
              validator: (_, v: string) => {
                if (!v) return Promise.resolve();
                const checked = NewPassword.safeParse(v);
                return checked.success
                  ? Promise.resolve()
                  : Promise.reject(new Error(checked.error.issues[0]?.message));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} placeholder="8-64 位" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            修改密码
          </Button>
        </Form.Item>
      </Form>
    </PageShell>
  );
}

/** The purchase-price display and the default warehouse: the side bar's and the picker's cookies. */
function DisplayCard() {
  const showPrice = usePreferences((s) => s.showPrice);
  const setShowPrice = usePreferences((s) => s.setShowPrice);
  const defaultWarehouse = usePreferences((s) => s.defaultWarehouse);
  const setWarehouse = usePreferences((s) => s.setWarehouse);
  const { beijingEnabled } = useShippingWarehouse();
  return (
    <PageShell title="显示设置">
      <Descriptions column={1} size="middle">
        <Descriptions.Item label="采购价显示">
          <Space>
            <Switch
              checked={showPrice}
              aria-label="显示采购价"
              onChange={(checked) => {
                setShowPrice(checked);
                notify.success(checked ? '已显示采购价' : '已隐藏采购价');
              }}
            />
            <Typography.Text type="secondary">{showPrice ? '显示' : '隐藏'}（也可在右侧工具栏切换）</Typography.Text>
          </Space>
        </Descriptions.Item>
        {beijingEnabled && (
          <Descriptions.Item label="默认发货仓">
            <Radio.Group
              value={defaultWarehouse}
              onChange={(e) => {
                setWarehouse(e.target.value as WarehouseId, { asDefault: true });
                notify.success('设置成功');
              }}
              options={[
                { value: WAREHOUSES.guangzhou, label: '广州仓' },
                { value: WAREHOUSES.beijing, label: '北京仓' },
              ]}
            />
          </Descriptions.Item>
        )}
      </Descriptions>
    </PageShell>
  );
}

function WeChatCard({ bound, nickname, enabled }: { bound: boolean; nickname: string; enabled: boolean }) {
  const unbind = useUnbindWx();
  const [starting, setStarting] = useState(false);
  const bind = async () => {
    if (starting) return;
    setStarting(true);
    try {
      const { data, msg } = await startWxBinding();
      if (data.configured && data.authorize_url) window.location.assign(data.authorize_url);
      else notify.error(msg);
    } catch (err) {
      notifyError(err);
    } finally {
      setStarting(false);
    }
  };
  return (
    <PageShell title="微信绑定">
      <Space>
        <WechatOutlined className={styles.wechat} />
        {bound ? (
          <>
            <span>已绑定微信{nickname ? `：${nickname}` : ''}</span>
            <Popconfirm
              title="解绑后不能再用此微信扫码登录，确定解绑？"
              okText="解绑"
              cancelText="取消"
              onConfirm={() => unbind.mutateAsync(undefined).catch(() => undefined)}
            >
              <Button size="small" loading={unbind.isPending}>
                解绑微信
              </Button>
            </Popconfirm>
          </>
        ) : enabled ? (
          <>
            <span>未绑定微信，绑定后可用微信扫码登录</span>
            <Button size="small" type="primary" loading={starting} onClick={() => void bind()}>
              绑定微信
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">未绑定（微信登录暂未开通）</Typography.Text>
        )}
      </Space>
    </PageShell>
  );
}
