import type { ProductRow } from '@shop/core/api/parts';
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

/** A part row (brake pads, in stock, main variant prices); override what a test is about. */
export function testProductRow(id: number, over: Partial<ProductRow> = {}): ProductRow {
  return {
    product_id: id,
    product_name: `刹车片${id}`,
    l_name_zh: `刹车片${id}`,
    frey_no: `FR${id}`,
    number: `A000420${id}`,
    brand_name: '福瑞',
    pic: '',
    prices: {
      dealer_price: '100.00',
      xianghe_price: '110.00',
      qpl_price: '120.00',
      retail_price: '150.00',
      s4_price: '200.00',
    },
    frey_stock: 50,
    available_stock: 50,
    beijing_stock: 0,
    stock_zaitu: 0,
    my_stock: 50,
    is_view_stock: 1,
    consumable_days: 30,
    is_sub: 0,
    is_apply: 0,
    is_coming_soon: 0,
    is_delisting: 0,
    is_orderable: 1,
    cart_number: 0,
    outbox_fcl_quantity: 0,
    scm_classification: 'A',
    l_model_zh: '奔驰C级',
    engines: 'M274',
    search_numbers: [],
    orders_sales_history_text: '',
    video: '',
    is_examine: 0,
    is_product_advantage: 0,
    activity_flag: 0,
    activity_flag_image: '',
    search_no: '',
    ...over,
  };
}
