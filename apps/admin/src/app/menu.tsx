import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApartmentOutlined,
  FileTextOutlined,
  SafetyCertificateOutlined,
  FlagOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  GiftOutlined,
  ImportOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PictureOutlined,
  ReadOutlined,
  FileImageOutlined,
  ShopOutlined,
  ShareAltOutlined,
  SolutionOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TrophyOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { StaffMe } from '@shop/core/api/admin';
import type { ModuleFlag } from '@shop/core/brand-variants';
import type { Permission } from '@shop/core/staff-permissions';
import { brandHas } from '../lib/brand';
import { hasPermission } from '../lib/staff';

/**
 * The side menu: one entry per screen, each behind the permission its admin API needs
 * (core staff-permissions.ts). A staff member sees only the entries their roles grant; the
 * server refuses the rest anyway. The screens of a module the brand has off (points, coupon, resource share) are
 * not in the menu, nor among the routes (routes.tsx).
 */
export interface MenuEntry {
  path: string;
  label: string;
  /** The permission the screen needs (any one of a list). */
  permission: Permission | readonly Permission[];
  icon: ReactNode;
  /** The brand module the screen belongs to. */
  module?: ModuleFlag;
}

/** Who may use the dashboard: its figures need orders.read, its not-found lists catalog.manage. */
export const DASHBOARD_PERMISSIONS: readonly Permission[] = ['orders.read', 'catalog.manage'];

export const MENU: readonly MenuEntry[] = [
  { path: '/', label: '看板', permission: DASHBOARD_PERMISSIONS, icon: <DashboardOutlined /> },
  { path: '/orders', label: '订单管理', permission: 'orders.read', icon: <ShoppingCartOutlined /> },
  { path: '/catalog/parts', label: '商品管理', permission: 'catalog.manage', icon: <AppstoreOutlined /> },
  { path: '/catalog/categories', label: '商品分类', permission: 'catalog.manage', icon: <ApartmentOutlined /> },
  { path: '/catalog/vehicles', label: '车型管理', permission: 'catalog.manage', icon: <CarOutlined /> },
  { path: '/prices', label: '价格管理', permission: 'prices.manage', icon: <MoneyCollectOutlined /> },
  { path: '/stock', label: '库存管理', permission: 'stock.manage', icon: <DatabaseOutlined /> },
  {
    path: '/imports',
    label: 'ERP 导入',
    permission: ['catalog.manage', 'prices.manage', 'stock.manage'],
    icon: <ImportOutlined />,
  },
  { path: '/dealers', label: '经销商管理', permission: 'dealers.manage', icon: <ShopOutlined /> },
  {
    path: '/resource-share',
    label: '资源共享',
    permission: 'dealers.manage',
    module: 'resourceShare',
    icon: <ShareAltOutlined />,
  },
  { path: '/content', label: '首页内容', permission: 'content.manage', icon: <PictureOutlined /> },
  { path: '/learning', label: '学习中心', permission: 'content.manage', icon: <ReadOutlined /> },
  { path: '/marketing', label: '营销海报', permission: 'content.manage', icon: <FileImageOutlined /> },
  { path: '/coupons', label: '优惠券', permission: 'coupon.manage', module: 'coupon', icon: <TagsOutlined /> },
  { path: '/activities', label: '活动管理', permission: 'coupon.manage', module: 'coupon', icon: <FlagOutlined /> },
  { path: '/service', label: '客服中心', permission: 'service.answer', icon: <CustomerServiceOutlined /> },
  { path: '/broadcast', label: '群发消息', permission: 'messages.broadcast', icon: <NotificationOutlined /> },
  {
    path: '/points/items',
    label: '积分商城',
    permission: 'points.manage',
    module: 'points',
    icon: <ShoppingOutlined />,
  },
  { path: '/points/gifts', label: '赠品订单', permission: 'points.manage', module: 'points', icon: <GiftOutlined /> },
  {
    path: '/points/accounts',
    label: '积分账户',
    permission: 'points.manage',
    module: 'points',
    icon: <TrophyOutlined />,
  },
  { path: '/finance/credit', label: '信用额度', permission: 'finance.manage', icon: <SafetyCertificateOutlined /> },
  { path: '/finance/payments', label: '回款登记', permission: 'finance.manage', icon: <AccountBookOutlined /> },
  { path: '/finance/approvals', label: '特批订单', permission: 'finance.manage', icon: <SolutionOutlined /> },
  { path: '/finance/statements', label: '对账单', permission: 'finance.manage', icon: <FileTextOutlined /> },
  {
    path: '/price-protection',
    label: '价保补偿',
    permission: 'finance.manage',
    module: 'priceProtection',
    icon: <AccountBookOutlined />,
  },
  { path: '/staff', label: '员工管理', permission: 'staff.manage', icon: <TeamOutlined /> },
  { path: '/audit', label: '操作日志', permission: 'audit.read', icon: <AuditOutlined /> },
];

export function menuFor(me: Pick<StaffMe, 'permissions'> | null | undefined): MenuEntry[] {
  return MENU.filter(
    (entry) =>
      brandHas(entry.module) &&
      (typeof entry.permission === 'string'
        ? hasPermission(me, entry.permission)
        : entry.permission.some((p) => hasPermission(me, p))),
  );
}
