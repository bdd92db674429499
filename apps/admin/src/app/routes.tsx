import { Result } from 'antd';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../auth/login-page';
import { RequirePermission, RequireStaff } from '../auth/require-staff';
import { AuditPage } from '../pages/audit/audit-page';
import { CategoriesPage } from '../pages/catalog/categories-page';
import { PartEditPage } from '../pages/catalog/part-edit-page';
import { PartsPage } from '../pages/catalog/parts-page';
import { VehiclesPage } from '../pages/catalog/vehicles-page';
import { DealerDetailPage } from '../pages/dealers/dealer-detail-page';
import { DealersPage } from '../pages/dealers/dealers-page';
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
        ...(
          [
            ['catalog/parts', <PartsPage key="parts" />],
            ['catalog/parts/:id', <PartEditPage key="part" />],
            ['catalog/categories', <CategoriesPage key="categories" />],
            ['catalog/vehicles', <VehiclesPage key="vehicles" />],
          ] as const
        ).map(([path, page]) => ({
          path,
          element: <RequirePermission permission="catalog.manage">{page}</RequirePermission>,
        })),
        {
          path: 'dealers',
          element: (
            <RequirePermission permission="dealers.manage">
              <DealersPage />
            </RequirePermission>
          ),
        },
        {
          path: 'dealers/:id',
          element: (
            <RequirePermission permission="dealers.manage">
              <DealerDetailPage />
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
