import { labelKeys } from './labels';

/**
 * Staff roles and the permissions they grant (docs/decisions/0026). The server checks them on
 * every /api/admin route; the back-office web app reads the same table to show what a staff
 * member may do. A permission key is '<area>.<action>'.
 */
export const PERMISSIONS = {
  'orders.read': '查看订单',
  'orders.ship': '订单发货与签收',
  'returns.manage': '处理退货',
  'dealers.manage': '管理经销商账号',
  'catalog.manage': '管理商品目录',
  'prices.manage': '管理价格',
  'stock.manage': '管理库存',
  'service.answer': '回复客户咨询',
  'messages.broadcast': '群发消息',
  'content.manage': '管理首页内容',
  'staff.manage': '管理员工账号',
  'audit.read': '查看操作日志',
  'finance.manage': '财务管理',
  'points.manage': '积分商城、赠品与积分管理',
  'coupon.manage': '管理优惠券与活动',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_KEYS = labelKeys(PERMISSIONS);

export const STAFF_ROLES = {
  administrator: '管理员',
  catalog: '商品运营',
  customer_service: '客服',
  finance: '财务',
} as const;

export type StaffRole = keyof typeof STAFF_ROLES;

export const STAFF_ROLE_KEYS = labelKeys(STAFF_ROLES);

/** What each role grants; the administrator has every permission. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  administrator: PERMISSION_KEYS,
  catalog: ['catalog.manage', 'prices.manage', 'stock.manage', 'content.manage', 'coupon.manage'],
  customer_service: [
    'orders.read',
    'orders.ship',
    'returns.manage',
    'dealers.manage',
    'service.answer',
    'messages.broadcast',
    'points.manage',
  ],
  finance: ['orders.read', 'finance.manage', 'audit.read'],
};

export function isStaffRole(value: string): value is StaffRole {
  return Object.hasOwn(STAFF_ROLES, value);
}

/** The permissions of a staff member with these roles (unknown role names grant nothing), sorted. */
export function permissionsOfRoles(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) if (isStaffRole(role)) for (const p of ROLE_PERMISSIONS[role]) granted.add(p);
  return PERMISSION_KEYS.filter((p) => granted.has(p));
}

export function rolesGrant(roles: readonly string[], permission: Permission): boolean {
  return roles.some((role) => isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

export const NO_PERMISSION_TEXT = '无权限执行此操作';
export const STAFF_LOGIN_REQUIRED_TEXT = '请先登录后台';
export const STAFF_SESSION_INVALID_TEXT = '后台登录已失效，请重新登录';
export const STAFF_SESSION_EXPIRED_TEXT = '后台登录已过期，请重新登录';
