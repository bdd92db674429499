import type { StaffRole } from '@shop/core/staff-permissions';

/**
 * The demo staff members, one per role (listed in the README). Their password is DEMO_PASSWORD
 * (definitions/accounts.ts). The staff command logs in as the administrator by default.
 */
export interface DemoStaffMember {
  login: string;
  name: string;
  phone: string;
  role: StaffRole;
}

export const DEMO_STAFF: DemoStaffMember[] = [
  { login: 'admin', name: '系统管理员', phone: '13900000001', role: 'administrator' },
  { login: 'catalog', name: '商品运营', phone: '13900000002', role: 'catalog' },
  { login: 'service', name: '客服专员', phone: '13900000003', role: 'customer_service' },
  { login: 'finance', name: '财务专员', phone: '13900000004', role: 'finance' },
];

/** The staff member the staff command logs in as when no other is given. */
export const DEMO_STAFF_ADMIN_LOGIN = 'admin';
