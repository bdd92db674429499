import type { AdminCategory, AdminMake, AdminPartDetail, AdminPartSummary } from '@shop/core/api/admin-catalog';

/** Catalog answers of the admin API for the stub server. */
export const partSummary = (overrides: Partial<AdminPartSummary> = {}): AdminPartSummary => ({
  id: 5,
  frey_no: 'FR-BK-1001',
  oe_number: 'A 000 420 04 20',
  l_name_zh: '前刹车片',
  product_name: '宝马5系 前刹车片',
  make_name: '宝马',
  category_name: '刹车片',
  is_coming_soon: 0,
  is_delisting: 0,
  is_orderable: 1,
  pic: '',
  updated_at: '2026-11-20 10:00:00',
  ...overrides,
});

export const partDetail = (overrides: Partial<AdminPartDetail> = {}): AdminPartDetail => ({
  id: 5,
  frey_no: 'FR-BK-1001',
  oe_number: 'A 000 420 04 20',
  l_name_zh: '前刹车片',
  product_name: '宝马5系 前刹车片',
  make_id: 1,
  category_id: 13,
  l_model_zh: '宝马5系 G38 2017-2023',
  engines: 'B48',
  numbers: [
    { kind: 'oe', factory: '宝马', number: 'A 000 420 04 20' },
    { kind: 'replacement', factory: 'TRW', number: 'GDB 1234' },
  ],
  model_ids: [101],
  attributes: { box: '1套/盒', type_name: '陶瓷', oe_amount: 1, shelf_name: '', color: '', description: '' },
  outbox_fcl_quantity: 10,
  scm_classification: 'A',
  is_coming_soon: 0,
  is_delisting: 0,
  is_orderable: 1,
  pic: '',
  pictures: [],
  carousel: null,
  videos: [],
  version: '1700000000000001',
  updated_at: '2026-11-20 10:00:00',
  ...overrides,
});

export const categoryList = (): AdminCategory[] => [
  { id: 1, parent_id: null, level: 1, l_name_zh: '制动系统', sort: 0, parts: 0 },
  { id: 7, parent_id: 1, level: 2, l_name_zh: '刹车', sort: 0, parts: 0 },
  { id: 13, parent_id: 7, level: 3, l_name_zh: '刹车片', sort: 0, parts: 3 },
];

export const vehicleTree = (): AdminMake[] => [
  {
    id: 1,
    name_zh: '宝马',
    name_en: 'BMW',
    sort: 0,
    series: [
      {
        id: 11,
        make_id: 1,
        name_zh: '5系',
        sort: 0,
        models: [
          {
            id: 101,
            series_id: 11,
            name_zh: '530Li 领先型',
            chassis_code: 'G38',
            engine_code: 'B48',
            transmission: '8AT',
            displacement: '2.0T',
            year_from: 2017,
            year_to: 2023,
            vehicle_type: '轿车',
          },
        ],
      },
    ],
  },
];
