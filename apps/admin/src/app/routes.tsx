import { Result } from 'antd';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../auth/login-page';
import { RequirePermission, RequireStaff } from '../auth/require-staff';
import { AuditPage } from '../pages/audit/audit-page';
import { ImportBatchPage } from '../pages/imports/import-batch-page';
import { ImportsPage } from '../pages/imports/imports-page';
import { PricesPage } from '../pages/prices/prices-page';
import { StockPage } from '../pages/stock/stock-page';
import { OrderDetailPage } from '../pages/orders/order-detail-page';
import { OrdersPage } from '../pages/orders/orders-page';
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
          path: 'prices',
          element: (
            <RequirePermission permission="prices.manage">
              <PricesPage />
            </RequirePermission>
          ),
        },
        {
          path: 'stock',
          element: (
            <RequirePermission permission="stock.manage">
              <StockPage />
            </RequirePermission>
          ),
        },
        { path: 'imports', element: <ImportsPage /> },
        { path: 'imports/:kind/:id', element: <ImportBatchPage /> },
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
