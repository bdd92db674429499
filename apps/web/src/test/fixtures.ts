import type { UserProfile } from '@shop/core/api/user';

/** A logged-in dealer's profile for component tests; override what a test is about. */
export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    subuser_id: 7,
    username: 'zhangsan',
    phone: '13800000001',
    company_id: 1,
    company_name: '测试汽修有限公司',
    is_regional_warehouse: 0,
    is_main: 1,
    is_purchase: 0,
    activity_flag: 0,
    activity_flag_image: '',
    brand_grouping_lists: [],
    ...overrides,
  };
}
