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
  /** Regional: its accounts have the Beijing warehouse. */
  isRegionalWarehouse: 0 | 1;
  contactName: string;
  contactPhone: string;
  notes: string;
}

export interface DemoAccount {
  company: DemoCompany['key'];
  username: string;
  phone: string;
  isMain: 0 | 1;
  isPurchase: 0 | 1;
  activityFlag: 0 | 1;
  activityFlagImage: string;
  /** What the account is for (README). */
  note: string;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'A',
    name: '广州骏达汽配贸易有限公司',
    brandGroupings: ['奔驰', '宝马', '路虎'],
    isRegionalWarehouse: 0,
    contactName: '陈志强',
    contactPhone: '020-83561234',
    notes: '华南区重点客户，月结',
  },
  {
    key: 'B',
    name: '上海宏远汽车服务有限公司',
    brandGroupings: ['奥迪', '大众', '保时捷', '沃尔沃'],
    isRegionalWarehouse: 0,
    contactName: '王丽',
    contactPhone: '021-62345678',
    notes: '',
  },
  {
    key: 'C',
    name: '北京京通汽配城有限公司',
    brandGroupings: ['奔驰', '奥迪', '沃尔沃', '捷豹', '丰田', '本田'],
    isRegionalWarehouse: 1,
    contactName: '刘建国',
    contactPhone: '010-67891234',
    notes: '区域客户，北京仓发货',
  },
];

const base = { isPurchase: 0, activityFlag: 0, activityFlagImage: '' } as const;

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

export interface DemoAddress {
  company: DemoCompany['key'];
  contacts: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  /** The district's area code (@vant/area-data), which the address dialog's picker reads. */
  areaCode: string;
  street: string;
  /** Default for the Guangzhou warehouse. */
  isMain: boolean;
  /** Default for the Beijing warehouse (the regional company only). */
  otherIsMain: boolean;
}

/**
 * Every demo company can settle at once: each has a Guangzhou default address, company A a second
 * one to choose, and the regional company C also a Beijing default.
 */
export const DEMO_ADDRESSES: DemoAddress[] = [
  {
    company: 'A',
    contacts: '陈志强',
    mobile: '13926001001',
    province: '广东省',
    city: '广州市',
    district: '白云区',
    areaCode: '440111',
    street: '机场路 1268 号 骏达汽配城 A 区 12 号',
    isMain: true,
    otherIsMain: false,
  },
  {
    company: 'A',
    contacts: '林晓峰',
    mobile: '13926001002',
    province: '广东省',
    city: '广州市',
    district: '番禺区',
    areaCode: '440113',
    street: '市桥街 富华西路 8 号 骏达番禺仓',
    isMain: false,
    otherIsMain: false,
  },
  {
    company: 'B',
    contacts: '周建国',
    mobile: '13621002001',
    province: '上海市',
    city: '上海市',
    district: '嘉定区',
    areaCode: '310114',
    street: '曹安公路 4800 号 宏远汽车服务中心',
    isMain: true,
    otherIsMain: false,
  },
  {
    company: 'C',
    contacts: '王经理',
    mobile: '13911003001',
    province: '北京市',
    city: '北京市',
    district: '丰台区',
    areaCode: '110106',
    street: '南四环西路 188 号 京通汽配城 3 号楼',
    isMain: true,
    otherIsMain: false,
  },
  {
    company: 'C',
    contacts: '李仓管',
    mobile: '13911003002',
    province: '北京市',
    city: '北京市',
    district: '朝阳区',
    areaCode: '110105',
    street: '建国路 88 号 京通朝阳库房',
    isMain: false,
    otherIsMain: true,
  },
];
