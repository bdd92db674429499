import { Result } from 'antd';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ModuleFlag } from '@shop/core/brand-variants';
import type { Permission } from '@shop/core/staff-permissions';
import { brandHas } from '../lib/brand';
import { LoginPage } from '../auth/login-page';
import { RequirePermission, RequireStaff } from '../auth/require-staff';
import { HomePage } from './home-page';
import { lazyPage } from './lazy-page';

// Each screen is a chunk of its own, loaded when first shown (the login page loads little).
const AdminLayout = lazyPage(() => import('./admin-layout'), 'AdminLayout', true);

/** The screens under the layout: path, the permission its API needs, the screen, its brand module. */
const SCREENS: readonly [string, Permission, ComponentType, ModuleFlag?][] = [
  ['orders', 'orders.read', lazyPage(() => import('../pages/orders/orders-page'), 'OrdersPage')],
  ['orders/:ordersNo', 'orders.read', lazyPage(() => import('../pages/orders/order-detail-page'), 'OrderDetailPage')],
  ['catalog/parts', 'catalog.manage', lazyPage(() => import('../pages/catalog/parts-page'), 'PartsPage')],
  ['catalog/parts/:id', 'catalog.manage', lazyPage(() => import('../pages/catalog/part-edit-page'), 'PartEditPage')],
  [
    'catalog/categories',
    'catalog.manage',
    lazyPage(() => import('../pages/catalog/categories-page'), 'CategoriesPage'),
  ],
  ['catalog/vehicles', 'catalog.manage', lazyPage(() => import('../pages/catalog/vehicles-page'), 'VehiclesPage')],
  ['prices', 'prices.manage', lazyPage(() => import('../pages/prices/prices-page'), 'PricesPage')],
  ['stock', 'stock.manage', lazyPage(() => import('../pages/stock/stock-page'), 'StockPage')],
  ['dealers', 'dealers.manage', lazyPage(() => import('../pages/dealers/dealers-page'), 'DealersPage')],
  ['dealers/:id', 'dealers.manage', lazyPage(() => import('../pages/dealers/dealer-detail-page'), 'DealerDetailPage')],
  [
    'resource-share',
    'dealers.manage',
    lazyPage(() => import('../pages/resource-share/resource-share-page'), 'ResourceSharePage'),
    'resourceShare',
  ],
  ['content', 'content.manage', lazyPage(() => import('../pages/content/content-page'), 'ContentPage')],
  ['learning', 'content.manage', lazyPage(() => import('../pages/learning/learning-page'), 'LearningPage')],
  ['marketing', 'content.manage', lazyPage(() => import('../pages/marketing/marketing-page'), 'MarketingPage')],
  ['service', 'service.answer', lazyPage(() => import('../pages/service/service-queue-page'), 'ServiceQueuePage')],
  [
    'service/:kind/:id',
    'service.answer',
    lazyPage(() => import('../pages/service/service-detail-page'), 'ServiceDetailPage'),
  ],
  ['broadcast', 'messages.broadcast', lazyPage(() => import('../pages/service/broadcast-page'), 'BroadcastPage')],
  [
    'points/items',
    'points.manage',
    lazyPage(() => import('../pages/points/mall-items-page'), 'MallItemsPage'),
    'points',
  ],
  ['points/gifts', 'points.manage', lazyPage(() => import('../pages/points/gifts-page'), 'GiftsPage'), 'points'],
  [
    'points/gifts/:id',
    'points.manage',
    lazyPage(() => import('../pages/points/gift-detail-page'), 'GiftDetailPage'),
    'points',
  ],
  [
    'points/accounts',
    'points.manage',
    lazyPage(() => import('../pages/points/accounts-page'), 'PointsAccountsPage'),
    'points',
  ],
  [
    'points/accounts/:id',
    'points.manage',
    lazyPage(() => import('../pages/points/account-page'), 'PointsAccountPage'),
    'points',
  ],
  ['coupons', 'coupon.manage', lazyPage(() => import('../pages/coupons/vouchers-page'), 'VouchersPage'), 'coupon'],
  [
    'activities',
    'coupon.manage',
    lazyPage(() => import('../pages/coupons/activities-page'), 'ActivitiesPage'),
    'coupon',
  ],
  [
    'price-protection',
    'finance.manage',
    lazyPage(() => import('../pages/price-protection/runs-page'), 'PriceProtectionRunsPage'),
    'priceProtection',
  ],
  [
    'price-protection/:id',
    'finance.manage',
    lazyPage(() => import('../pages/price-protection/run-claims-page'), 'PriceProtectionClaimsPage'),
    'priceProtection',
  ],
  ['finance/credit', 'finance.manage', lazyPage(() => import('../pages/finance/credit-page'), 'CreditPage')],
  ['finance/payments', 'finance.manage', lazyPage(() => import('../pages/finance/payments-page'), 'PaymentsPage')],
  ['finance/approvals', 'finance.manage', lazyPage(() => import('../pages/finance/approvals-page'), 'ApprovalsPage')],
  [
    'finance/statements',
    'finance.manage',
    lazyPage(() => import('../pages/finance/statements-page'), 'StatementsPage'),
  ],
  ['staff', 'staff.manage', lazyPage(() => import('../pages/staff/staff-page'), 'StaffPage')],
  ['audit', 'audit.read', lazyPage(() => import('../pages/audit/audit-page'), 'AuditPage')],
];

// The imports screens show the tabs of the kinds the staff member may import (each kind its permission).
const ImportsPage = lazyPage(() => import('../pages/imports/imports-page'), 'ImportsPage');
const ImportBatchPage = lazyPage(() => import('../pages/imports/import-batch-page'), 'ImportBatchPage');

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
        // A module the brand has off has no screens: its addresses answer the 404 below.
        ...SCREENS.filter(([, , , module]) => brandHas(module)).map(([path, permission, Screen]) => ({
          path,
          element: (
            <RequirePermission permission={permission}>
              <Screen />
            </RequirePermission>
          ),
        })),
        { path: 'imports', element: <ImportsPage /> },
        { path: 'imports/:kind/:id', element: <ImportBatchPage /> },
        { path: '*', element: <Result status="404" title="页面不存在" subTitle="请从左侧菜单进入。" /> },
      ],
    },
  ];
}
