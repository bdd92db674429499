import { z } from 'zod';
import { MAX_PAGE_SIZE, pageOf } from './page';
import { idInput } from './id-input';
import { CONSTANTS } from '../constants';
import { STOCK_STATES } from '../part-display';
import { flag01, money } from './fields';

/**
 * Shapes of the catalog and part lookup calls (spec.md sections 3 and 7, 'Home and search' and
 * 'Parts'). Field names are spec.md's. Money is a string with two decimals. 0/1 flags are numbers.
 */

/** '每页条数只能是 10、20、50、100、150 或 200': the sizes of the pagination bar. */
const PAGE_SIZE_REFUSAL = `每页条数只能是 ${CONSTANTS.pageSizes.slice(0, -1).join('、')} 或 ${MAX_PAGE_SIZE}`;

export const PageRequest = z.object({
  page: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((p) => Math.max(1, p)),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (CONSTANTS.pageSizes as readonly number[]).includes(n), PAGE_SIZE_REFUSAL)
    .default(CONSTANTS.defaultPageSize),
});

/** The brand's supply classes of a part (products.scm_classification). */
export const SCM_CLASSES = ['A', 'XA', 'B', 'XB', 'C', 'XC', 'D', 'XD'] as const;

/** How a search row was found (the row's search_no is the number it was found by). */
export const MatchKind = z.enum([
  'frey_no',
  'oe',
  'replacement',
  'old',
  'search',
  'prefix',
  'name',
  'series_name',
  'make_name',
  'category',
]);
export type MatchKind = z.infer<typeof MatchKind>;

/** A part row (spec.md section 3, 'Product row'). */
export const ProductRow = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  l_name_zh: z.string(),
  /** The brand's own code. */
  frey_no: z.string(),
  /** Main OE number as shown. */
  number: z.string(),
  brand_name: z.string(),
  pic: z.string(),
  /** Price key (of the variant's priceLabels) → amount. */
  prices: z.record(z.string(), money),
  /*
   * The stock figures. None of them is sent while the main variant's view-stock gate hides them
   * (is_view_stock 0, any page but the stock page: spec.md section 4 'Stock display'); the row
   * then carries stock_state instead. The stock call (getProductStock) lifts the gate.
   */
  /** Guangzhou warehouse available stock. */
  frey_stock: z.number().int().optional(),
  /** Stock of the warehouse the caller orders from (query `warehouse`, default 1). */
  available_stock: z.number().int().optional(),
  /** Beijing warehouse available stock. */
  beijing_stock: z.number().int().optional(),
  /** In transit, both warehouses. */
  stock_zaitu: z.number().int().optional(),
  /** Stock in the warehouses the account may order from (Beijing only for regional accounts). */
  my_stock: z.number().int().optional(),
  /** Only while the figures are hidden: the Guangzhou warehouse's 'tight' or 'normal' (core part-display stockState). */
  stock_state: z.enum(STOCK_STATES).optional(),
  /** Only while the figures are hidden, for accounts that order from Beijing: the Beijing warehouse's state. */
  beijing_stock_state: z.enum(STOCK_STATES).optional(),
  /** 1 when the company may see exact stock (always 1 outside the main variant's gate). */
  is_view_stock: flag01,
  consumable_days: z.number().int(),
  /** Favourited by the caller. */
  is_sub: flag01,
  /** Restock alert requested by the caller and still open. */
  is_apply: flag01,
  is_coming_soon: flag01,
  is_delisting: flag01,
  is_orderable: flag01,
  /** Quantity of the part in the caller company's cart, both warehouses together. */
  cart_number: z.number().int(),
  outbox_fcl_quantity: z.number().int(),
  scm_classification: z.enum(SCM_CLASSES),
  l_model_zh: z.string(),
  /** Comma-separated engine codes. */
  engines: z.string(),
  /** Replacement / common numbers: factory and number. */
  search_numbers: z.array(z.object({ factory: z.string(), search_number: z.string() })),
  /** The company's purchase record, e.g. '近90天购买 3 次，共 12 件'; '' when none. */
  orders_sales_history_text: z.string(),
  /** Path of the first related video, '' when none. */
  video: z.string(),
  /** 1 when the part has related questions. */
  is_examine: flag01,
  /** 1 when the part has a product-advantage carousel. */
  is_product_advantage: flag01,
  activity_flag: flag01,
  activity_flag_image: z.string(),
  /** The number the row was found by ('' when not found by a number). */
  search_no: z.string(),
  match_kind: MatchKind.optional(),
});
export type ProductRow = z.infer<typeof ProductRow>;

/** The stock figures of a row, all absent while the view-stock gate hides them. */
export const STOCK_FIGURE_KEYS = ['frey_stock', 'available_stock', 'beijing_stock', 'stock_zaitu', 'my_stock'] as const;
export type StockFigureKey = (typeof STOCK_FIGURE_KEYS)[number];
/** A row with its figures (the stock page, the stock call, the server's own decisions). */
export type ProductRowWithStock = ProductRow & Required<Pick<ProductRow, StockFigureKey>>;

export const ProductRowPage = pageOf(ProductRow);
export type ProductRowPage = z.infer<typeof ProductRowPage>;

/** POST /api/Shop.Accessory/index: the search. */
export const SearchRequest = PageRequest.extend({
  keyword: z.string().trim().min(1, '请先输入搜索关键词').max(200, '搜索关键词过长'),
  warehouse: z.coerce.number().int().min(1).max(2).default(1),
});
export type SearchRequest = z.infer<typeof SearchRequest>;

/** POST /api/Shop.Index/product_list: by category and/or brand. */
export const ProductListRequest = PageRequest.extend({
  /** A category of any level. */
  product_type_id: idInput('分类编号不正确').optional(),
  brand_name_zh: z.string().trim().max(50).optional(),
  warehouse: z.coerce.number().int().min(1).max(2).default(1),
});
export type ProductListRequest = z.infer<typeof ProductListRequest>;

export const HotListItem = z.object({ product_id: z.number().int(), number: z.string(), product_name: z.string() });
export const HotSalesAndSearch = z.object({
  hot_sales_list: z.array(HotListItem),
  hot_search_list: z.array(HotListItem),
});
export type HotSalesAndSearch = z.infer<typeof HotSalesAndSearch>;

/** GET /api/Shop.Accessories/getDetail. */
export const ProductDetail = ProductRow.extend({
  /**
   * The gallery (spec.md section 3 'Product detail': pic as a list), in order: the part's pictures,
   * at most the variant's galleryMaxPictures (4, or 8 for one variant); the main picture alone when
   * the part has no gallery; [] when it has no picture at all.
   */
  pic: z.array(z.string()),
  brand_name: z.string(),
  l_spec_zh: z.string(),
  /** Kit contents: oe, product_name, number (= quantity). */
  l_spec_zh_list: z.array(z.object({ oe: z.string(), product_name: z.string(), number: z.number().int() })),
  /** In transit (stock_zaitu); not sent while the view-stock gate hides the figures. */
  on_way_stock: z.number().int().optional(),
  carlist: z.array(
    z.object({
      series_name: z.string(),
      img: z.string(),
      list: z.array(
        z.object({
          vehicle_sys: z.string(),
          vehicle_group: z.string(),
          engine_name: z.string(),
          transmission: z.string(),
          displacement: z.string(),
          year: z.string(),
          image: z.string(),
        }),
      ),
    }),
  ),
  oe_list: z.array(z.object({ factory: z.string(), display_number: z.string() })),
  /** Purchase records: only for purchase or main accounts. */
  order_list: z.array(
    z.object({
      create_date: z.string(),
      orders_no: z.string(),
      orders_id: z.number().int(),
      status_cn: z.string(),
      quantity: z.number().int(),
      price: money,
    }),
  ),
  product_carousel: z
    .object({
      product_carousel_id: z.number().int(),
      description: z.string(),
      items: z.array(z.object({ file_path_text: z.string() })),
    })
    .nullable(),
  attributes: z.object({
    box: z.string(),
    type_name: z.string(),
    oe_amount: z.number().int(),
    shelf_name: z.string(),
    color: z.string(),
    /** '' unless the variant shows it. */
    description: z.string(),
  }),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const Question = z.object({
  id: z.number().int(),
  ask_questions: z.string(),
  created_at: z.string(),
  reply_contente: z.string(),
  reply_time: z.string(),
  reply_pic: z.array(z.string()),
  /** 1 when answered and not yet read by the asker. */
  unread: flag01,
});
export const QuestionList = z.object({ list: z.array(Question), has_unread: flag01 });
export type QuestionList = z.infer<typeof QuestionList>;

export const AddQuestionRequest = z.object({
  product_id: idInput('商品编号不正确'),
  batch_number: z.null().optional(),
  ask_questions: z.string().trim().min(1, '请输入提交内容').max(500, '提交内容不能超过 500 字'),
  type: z.coerce.number().int().min(0).max(1).default(1),
});

export const Video = z.object({ pic: z.string(), video: z.string(), video_name: z.string(), print_car: z.string() });
export type Video = z.infer<typeof Video>;

export const ProductIdRequest = z.object({ product_id: idInput('商品编号不正确') });
