import type { ReactNode } from 'react';
import {
  AuditOutlined,
  DatabaseOutlined,
  ImportOutlined,
  MoneyCollectOutlined,
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
  /** The permission it needs (any one of several). */
  permission: Permission | readonly Permission[];
  icon: ReactNode;
}

export const MENU: readonly MenuEntry[] = [
  { path: '/orders', label: '订单管理', permission: 'orders.read', icon: <ShoppingCartOutlined /> },
  { path: '/prices', label: '价格管理', permission: 'prices.manage', icon: <MoneyCollectOutlined /> },
  { path: '/stock', label: '库存管理', permission: 'stock.manage', icon: <DatabaseOutlined /> },
  {
    path: '/imports',
    label: 'ERP 导入',
    permission: ['catalog.manage', 'prices.manage', 'stock.manage'],
    icon: <ImportOutlined />,
  },
  { path: '/staff', label: '员工管理', permission: 'staff.manage', icon: <TeamOutlined /> },
  { path: '/audit', label: '操作日志', permission: 'audit.read', icon: <AuditOutlined /> },
];

export function menuFor(me: Pick<StaffMe, 'permissions'> | null | undefined): MenuEntry[] {
  return MENU.filter((entry) =>
    (typeof entry.permission === 'string' ? [entry.permission] : entry.permission).some((p) => hasPermission(me, p)),
  );
}
