import { z } from 'zod';
import { PageRequest } from './parts';
import { pageLimit } from './page';

/** Shapes of /api/Shop.Index/* and /api/Shop.NewArrival/* used by the home page (spec.md section 3). */

export const BannerItem = z.object({
  picture: z.string(),
  fileType: z.enum(['image', 'video']),
  /** Link opened on click ('' for none). */
  address: z.string(),
});
export type BannerItem = z.infer<typeof BannerItem>;

export interface CategoryNode {
  product_type_id: number;
  l_name_zh: string;
  children: CategoryNode[];
  categoryCarouselItemTotal: number;
}
export const CategoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    product_type_id: z.number().int(),
    l_name_zh: z.string(),
    children: z.array(CategoryNode),
    categoryCarouselItemTotal: z.number().int(),
  }),
);

export const ProductCard = z.object({
  product_id: z.number().int(),
  pic: z.string(),
  product_name: z.string(),
  l_name_zh: z.string(),
  /** OE number as shown. */
  number: z.string(),
  l_model_zh: z.string(),
  /** Money as a string with two decimals. */
  sales_price: z.string(),
  /** 1 when the company has bought it before. */
  is_buy: z.union([z.literal(0), z.literal(1)]),
  /** Quantity of it in the caller's cart. */
  cart_number: z.number().int(),
});
export type ProductCard = z.infer<typeof ProductCard>;

export const HomeIndex = z.object({
  shop_carousel_list: z.array(BannerItem),
  /** Only the first 5 are kept. */
  hot_recommends: z.array(ProductCard),
  /** Five top-level groups, each with second- and third-level children. */
  category_list: z.array(CategoryNode),
});
export type HomeIndex = z.infer<typeof HomeIndex>;

export const HotKeywords = z.object({
  /** Comma-separated. */
  hot_keywords: z.string(),
});
export type HotKeywords = z.infer<typeof HotKeywords>;

export const NewArrivalListRequest = z.object({
  // A page below 1 (or none) is page 1, as on every list (spec.md 'Pagination').
  page: PageRequest.shape.page,
  limit: pageLimit(),
});

export const NewArrivalList = z.object({
  total: z.number().int(),
  list: z.array(ProductCard),
});
export type NewArrivalList = z.infer<typeof NewArrivalList>;

/** Splits the comma-separated hot keywords, dropping blanks. */
export function splitHotKeywords(hotKeywords: string): string[] {
  return hotKeywords
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter(Boolean);
}
