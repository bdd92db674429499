import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CarOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { StaffMe } from '@shop/core/api/admin';
import type { Permission } from '@shop/core/staff-permissions';
import { hasPermission } from '../lib/staff';

/**
 * The side menu: one entry per screen, each behind the permission its admin API needs
 * (core staff-permissions.ts). A staff member sees only the entries their roles grant; the
 * server refuses the rest anyway.
 */
export interface MenuEntry {
  path: string;
  label: string;
  permission: Permission;
  icon: ReactNode;
}

export const MENU: readonly MenuEntry[] = [
  { path: '/orders', label: '订单管理', permission: 'orders.read', icon: <ShoppingCartOutlined /> },
  { path: '/catalog/parts', label: '商品管理', permission: 'catalog.manage', icon: <AppstoreOutlined /> },
  { path: '/catalog/categories', label: '商品分类', permission: 'catalog.manage', icon: <ApartmentOutlined /> },
  { path: '/catalog/vehicles', label: '车型管理', permission: 'catalog.manage', icon: <CarOutlined /> },
  { path: '/dealers', label: '经销商管理', permission: 'dealers.manage', icon: <ShopOutlined /> },
  { path: '/staff', label: '员工管理', permission: 'staff.manage', icon: <TeamOutlined /> },
  { path: '/audit', label: '操作日志', permission: 'audit.read', icon: <AuditOutlined /> },
];

export function menuFor(me: Pick<StaffMe, 'permissions'> | null | undefined): MenuEntry[] {
  return MENU.filter((entry) => hasPermission(me, entry.permission));
}
