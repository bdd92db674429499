import type { ReactNode } from 'react';
import {
  AuditOutlined,
  CustomerServiceOutlined,
  NotificationOutlined,
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
  { path: '/service', label: '客服中心', permission: 'service.answer', icon: <CustomerServiceOutlined /> },
  { path: '/broadcast', label: '群发消息', permission: 'messages.broadcast', icon: <NotificationOutlined /> },
  { path: '/staff', label: '员工管理', permission: 'staff.manage', icon: <TeamOutlined /> },
  { path: '/audit', label: '操作日志', permission: 'audit.read', icon: <AuditOutlined /> },
];

export function menuFor(me: Pick<StaffMe, 'permissions'> | null | undefined): MenuEntry[] {
  return MENU.filter((entry) => hasPermission(me, entry.permission));
}
