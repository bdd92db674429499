import { Button, Layout, Menu, Popconfirm, Space, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { meQuery, roleNames, useStaffLogout } from '../lib/staff';
import { menuFor } from './menu';
import styles from './admin-layout.module.css';

/** The frame of every screen: the side menu the staff member's permissions allow, the header. */
export function AdminLayout() {
  const me = useQuery(meQuery).data;
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useStaffLogout();
  const entries = menuFor(me);
  const selected = entries.find((e) => location.pathname === e.path || location.pathname.startsWith(`${e.path}/`));

  return (
    <Layout className={styles.frame}>
      <Layout.Sider width={208} theme="dark" className={styles.sider}>
        <div className={styles.brand}>汽配商城 · 后台</div>
        <nav aria-label="后台菜单">
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected ? [selected.path] : []}
            items={entries.map((e) => ({ key: e.path, icon: e.icon, label: e.label }))}
            onClick={({ key }) => navigate(key)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Space size="middle">
            <UserOutlined />
            <Typography.Text strong data-testid="staff-name">
              {me?.name}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="staff-roles">
              {me ? roleNames(me.roles) : ''}
            </Typography.Text>
            <Popconfirm
              title="确定退出后台？"
              okText="退出"
              cancelText="取消"
              onConfirm={() => logout.mutateAsync().then(() => navigate('/login', { replace: true }))}
            >
              <Button icon={<LogoutOutlined />} loading={logout.isPending} disabled={logout.isPending}>
                退出登录
              </Button>
            </Popconfirm>
          </Space>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
