import { Result } from 'antd';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../auth/login-page';
import { RequirePermission, RequireStaff } from '../auth/require-staff';
import { AuditPage } from '../pages/audit/audit-page';
import { OrderDetailPage } from '../pages/orders/order-detail-page';
import { OrdersPage } from '../pages/orders/orders-page';
import { BroadcastPage } from '../pages/service/broadcast-page';
import { ServiceDetailPage } from '../pages/service/service-detail-page';
import { ServiceQueuePage } from '../pages/service/service-queue-page';
import { StaffPage } from '../pages/staff/staff-page';
import { AdminLayout } from './admin-layout';
import { HomePage } from './home-page';

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
          path: 'service',
          element: (
            <RequirePermission permission="service.answer">
              <ServiceQueuePage />
            </RequirePermission>
          ),
        },
        {
          path: 'service/:kind/:id',
          element: (
            <RequirePermission permission="service.answer">
              <ServiceDetailPage />
            </RequirePermission>
          ),
        },
        {
          path: 'broadcast',
          element: (
            <RequirePermission permission="messages.broadcast">
              <BroadcastPage />
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
