import { describe, expect, test } from 'vitest';
import {
  PERMISSION_KEYS,
  permissionsOfRoles,
  ROLE_PERMISSIONS,
  rolesGrant,
  STAFF_ROLE_KEYS,
} from './staff-permissions';

describe('staff permissions', () => {
  test('the administrator has every permission; each role grants only known keys', () => {
    expect(permissionsOfRoles(['administrator'])).toEqual(PERMISSION_KEYS);
    for (const role of STAFF_ROLE_KEYS) {
      for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSION_KEYS).toContain(p);
    }
  });

  test('roles add up, unknown roles grant nothing', () => {
    expect(permissionsOfRoles(['catalog'])).not.toContain('orders.read');
    expect(permissionsOfRoles(['catalog', 'finance'])).toEqual(
      expect.arrayContaining(['catalog.manage', 'orders.read', 'finance.manage']),
    );
    expect(permissionsOfRoles(['root', 'toString'])).toEqual([]);
    expect(rolesGrant(['customer_service'], 'orders.ship')).toBe(true);
    expect(rolesGrant(['finance'], 'orders.ship')).toBe(false);
    expect(rolesGrant(['constructor'], 'orders.ship')).toBe(false);
  });

  test('only the administrator manages staff', () => {
    for (const role of STAFF_ROLE_KEYS) {
      expect(rolesGrant([role], 'staff.manage')).toBe(role === 'administrator');
    }
  });
});
