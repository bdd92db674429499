import { Result } from 'antd';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../lib/staff';
import { lazyPage } from './lazy-page';
import { menuFor } from './menu';

// The dashboard and its chart library load only when it is shown.
const DashboardPage = lazyPage(() => import('../pages/dashboard/dashboard-page'), 'DashboardPage');

/**
 * /admin/: the dashboard for whoever may read part of it (orders.read, catalog.manage), else the
 * first screen the staff member may use, else a word on why there is none yet.
 */
export function HomePage() {
  const me = useQuery(meQuery).data;
  const entries = menuFor(me);
  if (entries[0]?.path === '/') return <DashboardPage />;
  const first = entries[0];
  if (first) return <Navigate to={first.path} replace />;
  return (
    <Result
      status="info"
      title={`欢迎，${me?.name ?? ''}`}
      subTitle="你的角色在后台暂时没有可用的页面；商品、价格与库存等页面上线后会出现在左侧菜单。"
    />
  );
}
