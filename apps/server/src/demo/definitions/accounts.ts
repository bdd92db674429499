/**
 * The demo companies and accounts (listed in the README). Every account's password is
 * DEMO_PASSWORD. Only the demo generator creates them; a production database starts with none.
 */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoCompany {
  key: 'A' | 'B' | 'C';
  name: string;
  /** Makes the company is grouped under (brand_grouping_lists). */
  brandGroupings: string[];
}

export interface DemoAccount {
  company: DemoCompany['key'];
  username: string;
  phone: string;
  isMain: 0 | 1;
  isPurchase: 0 | 1;
  isRegionalWarehouse: 0 | 1;
  activityFlag: 0 | 1;
  activityFlagImage: string;
  /** What the account is for (README). */
  note: string;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  { key: 'A', name: '广州骏达汽配贸易有限公司', brandGroupings: ['奔驰', '宝马', '路虎'] },
  { key: 'B', name: '上海宏远汽车服务有限公司', brandGroupings: ['奥迪', '大众', '保时捷', '沃尔沃'] },
  { key: 'C', name: '北京京通汽配城有限公司', brandGroupings: ['奔驰', '奥迪', '沃尔沃', '捷豹', '丰田', '本田'] },
];

const base = { isPurchase: 0, isRegionalWarehouse: 0, activityFlag: 0, activityFlagImage: '' } as const;

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { ...base, company: 'A', username: 'dealer_a', phone: '13800000001', isMain: 1, note: '公司A 主账号' },
  { ...base, company: 'A', username: 'dealer_a_sub', phone: '13800000002', isMain: 0, note: '公司A 子账号' },
  {
    ...base,
    company: 'B',
    username: 'buyer_b',
    phone: '13800000003',
    isMain: 1,
    isPurchase: 1,
    note: '公司B 主账号（采购账号）',
  },
  {
    ...base,
    company: 'C',
    username: 'regional_c',
    phone: '13800000004',
    isMain: 1,
    isRegionalWarehouse: 1,
    note: '公司C 区域账号（北京仓）',
  },
  {
    ...base,
    company: 'A',
    username: 'activity_a',
    phone: '13800000005',
    isMain: 0,
    activityFlag: 1,
    activityFlagImage: '/media/activity/1.svg',
    note: '公司A 子账号（活动专区）',
  },
];
