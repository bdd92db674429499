import { Result } from 'antd';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../auth/login-page';
import { RequirePermission, RequireStaff } from '../auth/require-staff';
import { HomePage } from './home-page';
import { lazyPage } from './lazy-page';

// Each screen is a chunk of its own, loaded when first shown (the login page loads little).
const AdminLayout = lazyPage(() => import('./admin-layout'), 'AdminLayout', true);
const AuditPage = lazyPage(() => import('../pages/audit/audit-page'), 'AuditPage');
const ContentPage = lazyPage(() => import('../pages/content/content-page'), 'ContentPage');
const OrderDetailPage = lazyPage(() => import('../pages/orders/order-detail-page'), 'OrderDetailPage');
const OrdersPage = lazyPage(() => import('../pages/orders/orders-page'), 'OrdersPage');
const StaffPage = lazyPage(() => import('../pages/staff/staff-page'), 'StaffPage');

/** The back office's screens (under the router's basename /admin). */
export function createRoutes(): RouteObject[] {
  return [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: (
        <RequireStaff>
          <AdminLayout />
        </RequireStaff>
      ),
      children: [
        { index: true, element: <HomePage /> },
        {
          path: 'orders',
          element: (
            <RequirePermission permission="orders.read">
              <OrdersPage />
            </RequirePermission>
          ),
        },
        {
          path: 'orders/:ordersNo',
          element: (
            <RequirePermission permission="orders.read">
              <OrderDetailPage />
            </RequirePermission>
          ),
        },
        {
          path: 'content',
          element: (
            <RequirePermission permission="content.manage">
              <ContentPage />
            </RequirePermission>
          ),
        },
        {
          path: 'staff',
          element: (
            <RequirePermission permission="staff.manage">
              <StaffPage />
            </RequirePermission>
          ),
        },
        {
          path: 'audit',
          element: (
            <RequirePermission permission="audit.read">
              <AuditPage />
            </RequirePermission>
          ),
        },
        { path: '*', element: <Result status="404" title="页面不存在" subTitle="请从左侧菜单进入。" /> },
      ],
    },
  ];
}
