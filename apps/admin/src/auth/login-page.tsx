import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { StaffLoginRequest } from '@shop/core/api/admin';
import { safeReturnPath } from '../lib/return-path';
import { meQuery, useStaffLogin } from '../lib/staff';
import { useSingleFlight } from '../lib/use-single-flight';
import styles from './login-page.module.css';

/**
 * /admin/login: the staff login (login name or phone, password). A refusal ('账号或密码错误，还可尝试
 * 3 次', a paused address) shows under the form, once; the page returns to where the staff
 * member was sent from (`?redirect=`), else the first screen.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnPath(params.get('redirect'));
  const me = useQuery(meQuery);
  const login = useStaffLogin();
  const [error, setError] = useState('');

  // A double click, or Enter while the answer is on its way, sends one login.
  const { run: submit, busy } = useSingleFlight(async (values: StaffLoginRequest) => {
    setError('');
    try {
      await login.mutateAsync({ login: values.login.trim(), password: values.password });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '登录失败，请稍后再试');
      return;
    }
    navigate(returnTo, { replace: true });
  });

  if (me.data) return <Navigate to={returnTo} replace />;

  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <Typography.Title level={3} className={styles.title}>
          汽配商城 · 后台管理
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.subtitle}>
          员工账号登录
        </Typography.Paragraph>
        {params.get('expired') ? (
          <Alert type="warning" showIcon title="后台登录已过期，请重新登录" className={styles.alert} />
        ) : null}
        <Form<StaffLoginRequest>
          layout="vertical"
          onFinish={(v) => void submit(v)}
          requiredMark={false}
          disabled={busy}
        >
          <Form.Item
            name="login"
            label="账号"
            rules={[{ required: true, whitespace: true, message: '请输入登录名或手机号' }]}
          >
            <Input prefix={<UserOutlined />} placeholder="登录名 / 手机号" autoComplete="username" maxLength={100} />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="密码"
              autoComplete="current-password"
              maxLength={200}
            />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} className={styles.alert} role="alert" /> : null}
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
